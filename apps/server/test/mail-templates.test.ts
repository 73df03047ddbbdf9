import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import type { MailTemplatesResponse } from '@deck-portal/domain';
import { libraryVersions, uploads } from '../src/db/schema.ts';
import { loadMailContext } from '../src/mail/load-mail-context.ts';
import { createTestApp } from './helpers/test-app.ts';
import { createAdmin, newAccount, setAccount, signUp } from './helpers/accounts.ts';

describe('GET /api/admin/mail-templates', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let adminCookie: string;
  let adminId: string;
  let repCookie: string;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PRODUCT_NAME: 'Pitch Room', COMPANY_NAME: 'Acme Cold Chain' },
    });
    const admin = await createAdmin(t.app);
    adminCookie = admin.cookie;
    adminId = admin.user.id;
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
        'alerts',
        'alerts-digest',
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
        'viewer-code',
        'webhook-disabled',
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

  it('wears the brand an administrator publishes: its colours and logo, its name unless COMPANY_NAME', async () => {
    const { db } = t.database;
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>';
    const [logo] = await db
      .insert(uploads)
      .values({
        ownerId: adminId,
        kind: 'library_picture',
        contentType: 'image/svg+xml',
        content: Buffer.from(svg),
        byteSize: svg.length,
      })
      .returning({ id: uploads.id });
    const [builtIn] = await db
      .select()
      .from(libraryVersions)
      .orderBy(desc(libraryVersions.number))
      .limit(1);
    const documents = builtIn!.documents;
    const brand = documents.brand!;
    await db.insert(libraryVersions).values({
      number: builtIn!.number + 1,
      note: 'Our brand',
      documents: {
        ...documents,
        brand: {
          ...brand,
          name: 'Northwind Cooling',
          logo: `/api/uploads/${logo!.id}`,
          colors: { ...brand.colors, primary: '123456', accent: 'ABCDEF' },
        },
      },
    });

    const body = (await templates(adminCookie)).json() as MailTemplatesResponse;
    const approved = body.templates.find((template) => template.id === 'account-approved')!;
    expect(approved.html).toContain('background-color:#123456');
    expect(approved.html).toContain('color:#ABCDEF');
    expect(approved.html).toContain(`src="http://portal.test/api/mail/logo/${logo!.id}"`);
    expect(approved.text).toContain('Sent by Pitch Room for Acme Cold Chain.');
    // Without COMPANY_NAME, the published brand names the company.
    const context = await loadMailContext(db, { ...t.config, companyName: undefined });
    expect(context.companyName).toBe('Northwind Cooling');

    // A mail program fetches the logo without a session; no other upload is served there.
    const served = await t.app.inject({ method: 'GET', url: `/api/mail/logo/${logo!.id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.body).toBe(svg);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/mail/logo/00000000-0000-4000-8000-00000000000b',
    });
    expect(other.statusCode).toBe(404);
  });
});
