import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { approvedCookie, createAdmin } from './helpers/accounts.ts';

// The client's mail after an acceptance says the proposal is attached: the Outbox shows the
// file it was sent with, and an administrator can open it.
let t: TestApp;
let admin = '';
let rep = '';
const pdf = Buffer.from('%PDF-1.4 the accepted proposal');

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createAdmin(t.app)).cookie;
  rep = await approvedCookie(t.app, 'Reese Rep', 'sales_rep');
  await t.app.services.objects.put('decks/d1/accepted-r1.pdf', pdf, 'application/pdf');
  await t.database.db.insert(outboxMails).values({
    to: 'jane@client.example',
    subject: 'You accepted the proposal',
    text: 'The proposal is attached, with a certificate of acceptance.',
    attachments: [
      {
        filename: 'Cold chain – accepted.pdf',
        contentType: 'application/pdf',
        key: 'decks/d1/accepted-r1.pdf',
      },
      { filename: 'Gone.pdf', contentType: 'application/pdf', key: 'decks/d1/gone.pdf' },
    ],
  });
}, 60_000);

afterAll(async () => {
  await t.app.close();
});

const get = (url: string, cookie = admin) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });

type Listed = {
  to: string;
  attachments: { filename: string; contentType: string; size: number | null; url: string }[];
};

async function acceptanceMail() {
  const response = await get('/api/admin/outbox');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().mails as Listed[]).find((mail) => mail.to === 'jane@client.example')!;
}

describe('a mail sent with files, in the Outbox', () => {
  it('lists each file with its name, type and size', async () => {
    const mail = await acceptanceMail();
    expect(mail.attachments).toEqual([
      {
        filename: 'Cold chain – accepted.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
        url: expect.stringMatching(/^\/api\/admin\/outbox\/[0-9a-f-]{36}\/attachments\/1$/),
      },
      {
        filename: 'Gone.pdf',
        contentType: 'application/pdf',
        size: null,
        url: expect.stringMatching(/\/attachments\/2$/),
      },
    ]);
  });

  it('lets an administrator download a file, and no one else', async () => {
    const [stored, gone] = (await acceptanceMail()).attachments;
    const download = await get(stored!.url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Cold chain - accepted.pdf"; filename*=UTF-8''Cold%20chain%20%E2%80%93%20accepted.pdf`,
    );
    expect(download.rawPayload.equals(pdf)).toBe(true);

    expect((await get(stored!.url, rep)).statusCode).toBe(403);
    const missing = await get(gone!.url);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('“Gone.pdf” is no longer stored.');
    expect((await get(stored!.url.replace(/1$/, '3'))).statusCode).toBe(404);
  });

  it('lists no files for a mail sent without', async () => {
    const response = await get('/api/admin/outbox');
    const others = (response.json().mails as Listed[]).filter(
      (mail) => mail.to !== 'jane@client.example',
    );
    expect(others.length).toBeGreaterThan(0);
    for (const mail of others) expect(mail.attachments).toEqual([]);
  });
});
