import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailTemplatesResponse } from '@deck-portal/domain';
import { createTestApp } from './helpers/test-app.ts';
import { createAdmin, newAccount, setAccount, signUp } from './helpers/accounts.ts';

describe('GET /api/admin/mail-templates', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let adminCookie: string;
  let repCookie: string;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PRODUCT_NAME: 'Pitch Room', COMPANY_NAME: 'Acme Cold Chain' },
    });
    adminCookie = (await createAdmin(t.app)).cookie;
    const rep = newAccount('Rhea Rep');
    repCookie = (await signUp(t.app, rep)).cookie;
    await setAccount(t.app, rep.email, { status: 'approved', role: 'sales_rep' });
  });
  afterAll(async () => {
    await t.app.close();
  });

  const templates = (cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/admin/mail-templates',
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it('shows an administrator every mail the portal sends, rendered with its names', async () => {
    const res = await templates(adminCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as MailTemplatesResponse;
    expect(body.templates.map((template) => template.id).sort()).toEqual(
      [
        'account-approved',
        'approval-decided',
        'approval-requested',
        'client-link',
        'client-link-opened',
        'deck-shared',
        'google-linked',
        'invitation',
        'password-changed',
        'password-reset',
        'proposal-accepted-client',
        'proposal-accepted-team',
        'proposal-declined-team',
        'sign-up-waiting',
      ].sort(),
    );
    const reset = body.templates.find((template) => template.id === 'password-reset')!;
    expect(reset).toMatchObject({ title: 'Password reset', isSecret: true });
    expect(reset.subject).toBe('Reset your Pitch Room password');
    expect(reset.text).toContain('your Pitch Room account');
    expect(reset.text).toContain('Sent by Pitch Room for Acme Cold Chain.');
    expect(reset.html).toContain('<html');
    expect(reset.html).toContain('Sent by Pitch Room for Acme Cold Chain.');
    for (const template of body.templates) {
      expect(template.subject).not.toContain('Deck Portal');
      expect(template.text).not.toContain('Deck Portal');
    }
  });

  it('is for administrators only', async () => {
    expect((await templates(repCookie)).statusCode).toBe(403);
    expect((await templates()).statusCode).toBe(401);
  });

  it('serves no logo while no brand with one is published', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/mail/logo/00000000-0000-4000-8000-00000000000a',
    });
    expect(res.statusCode).toBe(404);
  });
});
