import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEndpointView } from '@deck-portal/domain';
import { auditLog } from '../src/db/schema.ts';
import { checkWebhookAddress } from '../src/webhooks/webhook-address.ts';
import { approvedCookie, createAdmin } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// Admins register webhook endpoints (issue 51): a signing secret each, addresses that may only
// point at public hosts (WEBHOOKS_ALLOW_PRIVATE is off here, as in production), audit rows.
let t: TestApp;
const cookies = { admin: '', rep: '' };

beforeAll(async () => {
  t = await createTestApp({ env: { JOB_WORKERS: '0' } });
  cookies.admin = (await createAdmin(t.app)).cookie;
  cookies.rep = await approvedCookie(t.app, 'Reese Rep', 'sales_rep');
}, 120_000);

afterAll(async () => {
  await t.app.close();
});

const call = (
  who: keyof typeof cookies,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: {
      cookie: cookies[who],
      ...(method === 'GET' ? {} : { origin: 'http://portal.test' }),
    },
    ...(payload ? { payload } : {}),
  });

// A literal public address: no DNS lookup, so the test needs no network.
const publicUrl = 'https://93.184.215.14/hooks/deck-portal';

async function create(payload: object) {
  const res = await call('admin', 'POST', '/api/admin/webhooks', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as WebhookEndpointView;
}

describe('webhook endpoints', () => {
  it('are created with a Standard Webhooks secret, listed, changed and deleted, each audited', async () => {
    const created = await create({
      url: publicUrl,
      description: 'CRM activities',
      eventTypes: ['visit.ended', 'link.opened'],
    });
    // The events in the portal's order; the secret is whsec_ and 24 random bytes in base64.
    expect(created).toMatchObject({
      url: publicUrl,
      description: 'CRM activities',
      eventTypes: ['link.opened', 'visit.ended'],
      enabled: true,
      failuresInRow: 0,
      createdBy: { name: 'Ada Admin' },
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(24);

    const listed = (await call('admin', 'GET', '/api/admin/webhooks')).json().endpoints;
    expect(listed.map((endpoint: WebhookEndpointView) => endpoint.id)).toContain(created.id);

    const off = await call('admin', 'PATCH', `/api/admin/webhooks/${created.id}`, {
      enabled: false,
      description: 'CRM activities (paused)',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      enabled: false,
      description: 'CRM activities (paused)',
      disabledReason: 'Turned off by an administrator.',
    });
    const on = await call('admin', 'PATCH', `/api/admin/webhooks/${created.id}`, { enabled: true });
    // What is not given stays as it was.
    expect(on.json()).toMatchObject({
      enabled: true,
      disabledAt: null,
      disabledReason: null,
      description: 'CRM activities (paused)',
      eventTypes: ['link.opened', 'visit.ended'],
    });

    const rolled = await call('admin', 'POST', `/api/admin/webhooks/${created.id}/roll-secret`);
    expect(rolled.statusCode, rolled.body).toBe(200);
    expect(rolled.json().secret).toMatch(/^whsec_/);
    expect(rolled.json().secret).not.toBe(created.secret);

    const deleted = await call('admin', 'DELETE', `/api/admin/webhooks/${created.id}`);
    expect(deleted.statusCode).toBe(204);
    const gone = await call('admin', 'GET', `/api/admin/webhooks/${created.id}/deliveries`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('There is no such webhook.');

    const audit = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetKind, 'webhook'), eq(auditLog.targetId, created.id)))
      .orderBy(auditLog.createdAt);
    expect(audit.map((row) => row.action).sort()).toEqual([
      'webhook.changed',
      'webhook.changed',
      'webhook.created',
      'webhook.deleted',
      'webhook.secret_rolled',
    ]);
    expect(audit.every((row) => row.targetLabel === publicUrl)).toBe(true);
    // The secret never goes into the audit log.
    expect(JSON.stringify(audit)).not.toContain(created.secret);
  });

  it('refuses a private, loopback or link-local address, naming why (400)', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://localhost/hook',
    ]) {
      const res = await call('admin', 'POST', '/api/admin/webhooks', {
        url,
        eventTypes: ['link.opened'],
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.fields.url).toMatch(
        /^Webhooks cannot go to this address: .* is a private, loopback or reserved address .*webhooks go to public addresses only\.$/,
      );
    }
    const created = await create({ url: publicUrl, eventTypes: ['link.opened'] });
    const moved = await call('admin', 'PATCH', `/api/admin/webhooks/${created.id}`, {
      url: 'http://10.0.0.7/hook',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.fields.url).toMatch(/10\.0\.0\.7 is a private/);
  });

  it('refuses bad input with a message per field (400) and changes nothing', async () => {
    const before = (await call('admin', 'GET', '/api/admin/webhooks')).json().endpoints.length;
    const cases: [object, string, RegExp][] = [
      [{ url: 'ftp://93.184.215.14/x', eventTypes: ['link.opened'] }, 'url', /http:\/\/ or https/],
      [{ url: 'not an address', eventTypes: ['link.opened'] }, 'url', /full http/],
      [
        { url: 'https://user:pw@93.184.215.14/x', eventTypes: ['link.opened'] },
        'url',
        /user name or password/,
      ],
      [{ url: publicUrl, eventTypes: [] }, 'eventTypes', /Choose at least one event/],
      [{ url: publicUrl, eventTypes: ['deck.deleted'] }, 'eventTypes.0', /./],
      [
        { url: publicUrl, eventTypes: ['link.opened'], description: 'x'.repeat(201) },
        'description',
        /at most 200/,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('admin', 'POST', '/api/admin/webhooks', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields[field], JSON.stringify(res.json())).toMatch(message);
    }
    const after = (await call('admin', 'GET', '/api/admin/webhooks')).json().endpoints.length;
    expect(after).toBe(before);
    const unknown = await call('admin', 'PATCH', `/api/admin/webhooks/not-an-id`, {
      enabled: true,
    });
    expect(unknown.statusCode).toBe(400);
    const missing = await call(
      'admin',
      'PATCH',
      '/api/admin/webhooks/00000000-0000-4000-8000-000000000000',
      { enabled: true },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('are for admins only: a rep is refused (403), a stranger asked to sign in (401)', async () => {
    const created = await create({ url: publicUrl, eventTypes: ['link.opened'] });
    const asRep: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['GET', '/api/admin/webhooks'],
      ['POST', '/api/admin/webhooks', { url: publicUrl, eventTypes: ['link.opened'] }],
      ['PATCH', `/api/admin/webhooks/${created.id}`, { enabled: false }],
      ['DELETE', `/api/admin/webhooks/${created.id}`],
      ['POST', `/api/admin/webhooks/${created.id}/roll-secret`],
      ['GET', `/api/admin/webhooks/${created.id}/deliveries`],
      ['POST', `/api/admin/webhooks/${created.id}/test`],
    ];
    for (const [method, url, payload] of asRep) {
      expect((await call('rep', method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    const stranger = await t.app.inject({ method: 'GET', url: '/api/admin/webhooks' });
    expect(stranger.statusCode).toBe(401);
    const still = await call('admin', 'GET', '/api/admin/webhooks');
    expect(
      still.json().endpoints.find((e: WebhookEndpointView) => e.id === created.id),
    ).toMatchObject({ enabled: true });
  });
});

describe('the address check', () => {
  it('refuses what does not resolve, and allows private addresses only when configured', async () => {
    expect(
      await checkWebhookAddress('http://no-such-host.invalid/x', { allowPrivate: false }),
    ).toEqual({ ok: false, reason: 'no-such-host.invalid could not be found (no DNS answer).' });
    expect(await checkWebhookAddress('http://127.0.0.1:9/x', { allowPrivate: true })).toMatchObject(
      {
        ok: true,
        pinned: { address: '127.0.0.1', family: 4 },
      },
    );
    expect(
      await checkWebhookAddress('http://[::ffff:10.0.0.1]/x', { allowPrivate: false }),
    ).toMatchObject({ ok: false });
  });
});
