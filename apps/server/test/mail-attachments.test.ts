import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { outboxMails } from '../src/db/schema.ts';
import { createMailer, type OutgoingMail } from '../src/mail/mailer.ts';
import { createLocalObjectStore } from '../src/storage/local-object-store.ts';
import { createTestDatabase } from './helpers/test-database.ts';
import { createTestClock } from './helpers/test-app.ts';

let database: Database;
let dir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'mail-attachments-'));
});

afterAll(async () => {
  await database.close();
  await rm(dir, { recursive: true, force: true });
});

describe('mail attachments', () => {
  it('are read from the object store when the mail is delivered, and handed to the transport', async () => {
    const objects = createLocalObjectStore(dir);
    const bytes = Buffer.from('%PDF-1.4 the accepted proposal');
    await objects.put('decks/d1/accepted-r1.pdf', bytes, 'application/pdf');
    const sent: OutgoingMail[] = [];
    const mailer = createMailer({
      db: database.db,
      clock: createTestClock(),
      log: pino({ level: 'silent' }),
      objects,
      transport: {
        kind: 'smtp',
        send: async (mail) => void sent.push(mail),
        close: async () => {},
      },
    });
    await database.db.insert(outboxMails).values([
      {
        to: 'jane@client.example',
        subject: 'You accepted the proposal',
        text: 'Attached.',
        attachments: [
          {
            filename: 'Proposal - accepted.pdf',
            contentType: 'application/pdf',
            key: 'decks/d1/accepted-r1.pdf',
          },
        ],
      },
      { to: 'rep@portal.example', subject: 'Accepted', text: 'No files.' },
    ]);
    await mailer.deliverPending();
    expect(sent.find((mail) => mail.to === 'jane@client.example')?.attachments).toEqual([
      { filename: 'Proposal - accepted.pdf', contentType: 'application/pdf', content: bytes },
    ]);
    expect(sent.find((mail) => mail.to === 'rep@portal.example')?.attachments).toBeUndefined();
  });

  it('keeps a mail whose attachment is missing in the outbox, with the reason, to be retried', async () => {
    const sent: OutgoingMail[] = [];
    const mailer = createMailer({
      db: database.db,
      clock: createTestClock(),
      log: pino({ level: 'silent' }),
      objects: createLocalObjectStore(dir),
      transport: {
        kind: 'smtp',
        send: async (mail) => void sent.push(mail),
        close: async () => {},
      },
    });
    const [mail] = await database.db
      .insert(outboxMails)
      .values({
        to: 'lost@client.example',
        subject: 'Missing file',
        text: 'Attached.',
        attachments: [
          { filename: 'gone.pdf', contentType: 'application/pdf', key: 'decks/d1/gone.pdf' },
        ],
      })
      .returning();
    await mailer.deliverPending();
    expect(sent).toEqual([]);
    const rows = await database.db.select().from(outboxMails);
    const row = rows.find((r) => r.id === mail!.id)!;
    expect(row.sentAt).toBeNull();
    expect(row.lastError).toBe('the attachment gone.pdf is missing from the store');
  });
});
