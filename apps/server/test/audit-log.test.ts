import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '@deck-portal/domain';
import { recordAudit } from '../src/users/record-audit.ts';
import { approvedAccount, createAdmin, newAccount, signUp } from './helpers/accounts.ts';
import { createTestApp, createTestClock, type TestApp } from './helpers/test-app.ts';

// The audit log's API (issue 51): admins read who did what to which thing, when and from where,
// filtered and a page at a time, or as a CSV file.
let t: TestApp;
const clock = createTestClock(new Date('2026-11-02T09:00:00Z'));
let admin: Awaited<ReturnType<typeof createAdmin>>;
let rep: Awaited<ReturnType<typeof approvedAccount>>;
const approved: { id: string; email: string }[] = [];
let declinedId = '';
let forwardedId = '';

const minute = 60_000;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createAdmin(t.app);
  rep = await approvedAccount(t.app, 'Reese Rep', 'sales_rep');
  // Three approvals on 2 November from the admin's office, a minute apart.
  for (const name of ['Ana Reyes', 'Ben Okafor', 'Cleo Park']) {
    const account = newAccount(name);
    const { user } = await signUp(t.app, account);
    clock.advance(minute);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/approve`,
      headers: { cookie: admin.cookie },
      payload: { role: 'sales_rep' },
      remoteAddress: '203.0.113.7',
    });
    expect(res.statusCode).toBe(200);
    approved.push({ id: user.id, email: account.email });
  }
  // A decline on 3 November.
  clock.set(new Date('2026-11-03T16:30:00Z'));
  const declined = await signUp(t.app, newAccount('Dan Doe'));
  declinedId = declined.user.id;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${declinedId}/decline`,
    headers: { cookie: admin.cookie },
    remoteAddress: '198.51.100.20',
  });
  expect(res.statusCode).toBe(200);
  // A decline whose caller claims another address: no proxy is trusted here.
  clock.set(new Date('2026-11-05T12:00:00Z'));
  const forwarded = await signUp(t.app, newAccount('Fay Forward'));
  forwardedId = forwarded.user.id;
  const claimed = await t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${forwardedId}/decline`,
    headers: { cookie: admin.cookie, 'x-forwarded-for': '192.0.2.44' },
    remoteAddress: '198.51.100.99',
  });
  expect(claimed.statusCode).toBe(200);
  // Rows no request wrote (a job's, the command line's), some at the very same instant.
  const at = new Date('2026-11-04T08:00:00Z');
  for (const code of ['DE', 'FR', 'JP']) {
    await recordAudit(t.app.services.db, {
      actorId: rep.user.id,
      action: 'market.changed',
      subject: { kind: 'market', id: code, label: `Market ${code}` },
      oldValue: null,
      newValue: `{"code":"${code}","note":"tax, "standard"\nrate"}`,
      at,
    });
  }
  await recordAudit(t.app.services.db, {
    actorId: null,
    action: 'deck.deleted',
    subject: { kind: 'deck', id: 'c1d2', label: '=HYPERLINK("http://x.test")' },
    at: new Date('2026-11-05T10:00:00Z'),
  });
}, 120_000);

afterAll(async () => {
  await t.app.close();
});

const get = (url: string, cookie = admin.cookie) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });

async function page(query: string): Promise<AuditPage> {
  const res = await get(`/api/admin/audit?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every row a filter keeps, read page after page. */
async function all(query: string, limit = 200) {
  const entries: AuditEntry[] = [];
  let cursor: string | null = null;
  do {
    const answer: AuditPage = await page(
      `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    entries.push(...answer.entries);
    cursor = answer.nextCursor;
  } while (cursor);
  return entries;
}

const actions = (entries: AuditEntry[]) => entries.map((entry) => entry.action);

describe('who may read it', () => {
  it('refuses a rep (403) and a signed-out caller (401), the list and the file alike', async () => {
    for (const url of ['/api/admin/audit', '/api/admin/audit.csv']) {
      expect((await get(url, rep.cookie)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('a row', () => {
  it('names the actor, the action, the user concerned, the change and the address of the request', async () => {
    const entries = await all(`action=user.approved&targetId=${approved[0]!.id}`);
    expect(entries).toEqual([
      {
        id: expect.any(String),
        at: '2026-11-02T09:01:00.000Z',
        actor: { id: admin.user.id, name: 'Ada Admin', email: admin.account.email },
        action: 'user.approved',
        target: {
          kind: 'user',
          id: approved[0]!.id,
          label: approved[0]!.email,
          userEmail: approved[0]!.email,
        },
        oldValue: 'pending',
        newValue: 'sales_rep',
        address: '203.0.113.7',
      },
    ]);
  });

  it('names no address for work no request did, and no actor for the portal’s own', async () => {
    const [deleted] = await all('action=deck.deleted');
    expect(deleted).toMatchObject({
      actor: null,
      target: { kind: 'deck', id: 'c1d2', label: '=HYPERLINK("http://x.test")', userEmail: null },
      address: null,
    });
  });

  it('records the address a trusted proxy names when TRUST_PROXY says so, and only then', async () => {
    const proxied = await createTestApp({ clock, env: { TRUST_PROXY: 'true' } });
    try {
      const boss = await createAdmin(proxied.app);
      const { user } = await signUp(proxied.app, newAccount('Eve Early'));
      const res = await proxied.app.inject({
        method: 'POST',
        url: `/api/admin/users/${user.id}/approve`,
        headers: { cookie: boss.cookie, 'x-forwarded-for': '192.0.2.44' },
        remoteAddress: '10.0.0.2',
      });
      expect(res.statusCode).toBe(200);
      const list = await proxied.app.inject({
        method: 'GET',
        url: '/api/admin/audit?action=user.approved',
        headers: { cookie: boss.cookie },
      });
      expect(list.json().entries.map((entry: AuditEntry) => entry.address)).toEqual(['192.0.2.44']);
    } finally {
      await proxied.app.close();
    }
    // This app trusts no proxy: the header is the caller's word, not its address.
    const [row] = await all(`targetId=${forwardedId}`);
    expect(row?.address).toBe('198.51.100.99');
  });
});

describe('filters', () => {
  it('by actor: the id or the e-mail address in any case', async () => {
    const byId = await all(`actor=${rep.user.id}`);
    expect(actions(byId)).toEqual(['market.changed', 'market.changed', 'market.changed']);
    const byEmail = await all(`actor=${encodeURIComponent(admin.account.email.toUpperCase())}`);
    expect(new Set(actions(byEmail))).toEqual(new Set(['user.approved', 'user.declined']));
    expect(byEmail.every((entry) => entry.actor?.id === admin.user.id)).toBe(true);
    expect(await all('actor=nobody%40example.com')).toEqual([]);
  });

  it('by action: one, or any of several', async () => {
    expect(actions(await all('action=user.approved'))).toEqual([
      'user.approved',
      'user.approved',
      'user.approved',
    ]);
    const several = await all('action=user.declined&action=deck.deleted');
    expect(actions(several)).toEqual(['user.declined', 'deck.deleted', 'user.declined']);
  });

  it('by target kind and id', async () => {
    expect(actions(await all('targetKind=market'))).toHaveLength(3);
    const [japan] = await all('targetKind=market&targetId=JP');
    expect(japan?.target).toEqual({
      kind: 'market',
      id: 'JP',
      label: 'Market JP',
      userEmail: null,
    });
    const users = await all('targetKind=user');
    expect(new Set(actions(users))).toEqual(new Set(['user.approved', 'user.declined']));
    expect(actions(await all(`targetId=${declinedId}`))).toEqual(['user.declined']);
  });

  it('by dates: whole days in UTC, or instants, both ends included', async () => {
    expect(actions(await all('from=2026-11-02&to=2026-11-02'))).toEqual([
      'user.approved',
      'user.approved',
      'user.approved',
    ]);
    expect(actions(await all('from=2026-11-03T16:30:00Z&to=2026-11-04T08:00:00Z'))).toEqual([
      'market.changed',
      'market.changed',
      'market.changed',
      'user.declined',
    ]);
    expect(await all('from=2026-11-06')).toHaveLength(0);
  });

  it('refuses what it cannot read, naming the field (400)', async () => {
    for (const [query, field] of [
      ['action=user.teleported', 'action'],
      ['targetKind=planet', 'targetKind'],
      ['from=yesterday', 'from'],
      ['limit=0', 'limit'],
      ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ] as const) {
      const res = await get(`/api/admin/audit?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(field);
    }
  });
});

describe('paging', () => {
  it('lists every row once, newest first, whatever the page size, rows of one instant too', async () => {
    const whole = (await page('limit=200')).entries;
    expect(whole).toHaveLength(9);
    const times = whole.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    for (const limit of [1, 2, 3]) {
      const paged = await all('', limit);
      expect(paged.map((entry) => entry.id)).toEqual(whole.map((entry) => entry.id));
    }
    const first = await page('limit=2');
    expect(first.entries).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
  });
});

/** Splits RFC 4180 text into records of fields. */
function parseCsv(text: string) {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (isQuoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') isQuoted = false;
      else field += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += char;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

describe('the CSV file', () => {
  it('holds the rows the filters keep, as a spreadsheet reads them back', async () => {
    const res = await get('/api/admin/audit.csv?targetKind=market&from=2026-11-04');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-.*\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(res.body.slice(1));
    expect(header).toEqual([
      'at',
      'actor_name',
      'actor_email',
      'action',
      'target_kind',
      'target_id',
      'target_label',
      'target_user_email',
      'old_value',
      'new_value',
      'address',
    ]);
    expect(rows).toHaveLength(3);
    const japan = rows.find((row) => row[5] === 'JP')!;
    expect(japan).toEqual([
      '2026-11-04T08:00:00.000Z',
      'Reese Rep',
      rep.account.email,
      'market.changed',
      'market',
      'JP',
      'Market JP',
      '',
      '',
      '{"code":"JP","note":"tax, "standard"\nrate"}',
      '',
    ]);
  });

  it('lists every row the API lists, in the same order, and keeps formulas as text', async () => {
    const listed = await all('');
    const res = await get('/api/admin/audit.csv');
    const rows = parseCsv(res.body.slice(1)).slice(1);
    expect(rows.map((row) => `${row[0]} ${row[3]}`)).toEqual(
      listed.map((entry) => `${entry.at} ${entry.action}`),
    );
    const deleted = rows.find((row) => row[3] === 'deck.deleted')!;
    expect(deleted[6]).toBe(`'=HYPERLINK("http://x.test")`);
  });

  it('refuses a filter it cannot read (400)', async () => {
    expect((await get('/api/admin/audit.csv?to=tomorrow')).statusCode).toBe(400);
  });
});
