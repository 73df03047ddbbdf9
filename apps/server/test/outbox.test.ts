import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/test-app.ts';
import { createAdmin, newAccount, setAccount, signUp } from './helpers/accounts.ts';
import { startSmtpMailbox, type SmtpMailbox } from './helpers/smtp-mailbox.ts';

type Mail = { to: string; subject: string; text: string | null; status: string; createdAt: string };

async function world(env: Record<string, string> = {}) {
  const t = await createTestApp({ env });
  const admin = await createAdmin(t.app);
  const rep = newAccount('Olive Outbox');
  const { cookie: pendingCookie } = await signUp(t.app, newAccount('Pat Pending'));
  await signUp(t.app, rep);
  await setAccount(t.app, rep.email, { status: 'approved', role: 'sales_rep' });
  // A mail holding a private link: the password reset.
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    payload: { email: rep.email },
  });
  expect(reset.statusCode).toBe(200);
  const outbox = async (cookie = admin.cookie) =>
    t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: { cookie } });
  return { t, admin, rep, pendingCookie, outbox };
}

describe('GET /api/admin/outbox without SMTP', () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world();
  });
  afterAll(async () => {
    await w.t.app.close();
  });

  it('shows an administrator every mail, newest first, with its whole text and links', async () => {
    const res = await w.outbox();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { delivery: string; mails: Mail[] };
    expect(body.delivery).toBe('outbox');
    const reset = body.mails.find((mail) => mail.to === w.rep.email)!;
    expect(reset.subject).toBe('Reset your Deck Portal password');
    expect(reset.text).toMatch(/http:\/\/portal\.test\/auth\/reset\?token=[\w-]{20,}/);
    const times = body.mails.map((mail) => mail.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(body.mails.length).toBeGreaterThan(1);
  });

  it('is for administrators only', async () => {
    expect((await w.outbox(w.pendingCookie)).statusCode).toBe(403);
    const anonymous = await w.t.app.inject({ method: 'GET', url: '/api/admin/outbox' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/admin/outbox with SMTP', () => {
  let mailbox: SmtpMailbox;
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    mailbox = await startSmtpMailbox();
    w = await world({ SMTP_URL: mailbox.url });
  });
  afterAll(async () => {
    await w.t.app.close();
    await mailbox.close();
  });

  it('withholds the text of mails holding a private link; the rest stays readable', async () => {
    const body = (await w.outbox()).json() as { delivery: string; mails: Mail[] };
    expect(body.delivery).toBe('smtp');
    const reset = body.mails.find((mail) => mail.to === w.rep.email)!;
    expect(reset).toMatchObject({ subject: 'Reset your Deck Portal password', text: null });
    // The admin's sign-up notice holds no private link.
    const notices = body.mails.filter((mail) => mail.to === w.admin.account.email);
    expect(notices.some((mail) => mail.text?.includes('Pat Pending'))).toBe(true);
  });
});
