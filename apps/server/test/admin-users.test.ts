import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, sessions, users } from '../src/db/schema.ts';
import { createTestApp, createTestClock, type TestApp } from './helpers/test-app.ts';
import { createAdmin, newAccount, setAccount, signIn, signUp } from './helpers/accounts.ts';

let t: TestApp;
const clock = createTestClock();
let admin: Awaited<ReturnType<typeof createAdmin>>;
/** Cookies of a signed-in caller per kind of account. */
const callers: Record<'sales_rep' | 'manager' | 'pending', string> = {
  sales_rep: '',
  manager: '',
  pending: '',
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createAdmin(t.app);
  for (const role of ['sales_rep', 'manager'] as const) {
    const account = newAccount(`Caller ${role}`);
    const { cookie } = await signUp(t.app, account);
    await setAccount(t.app, account.email, { role, status: 'approved' });
    callers[role] = cookie;
  }
  callers.pending = (await signUp(t.app, newAccount('Caller Pending'))).cookie;
});
afterAll(async () => {
  await t.app.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
function call(method: Method, url: string, cookie: string | undefined, payload?: object) {
  return t.app.inject({
    method,
    url,
    ...(cookie ? { headers: { cookie } } : {}),
    ...(payload ? { payload } : {}),
  });
}
const asAdmin = (method: Method, url: string, payload?: object) =>
  call(method, url, admin.cookie, payload);

async function newPendingUser(name = 'Pat Pending') {
  const account = newAccount(name);
  const { user, cookie } = await signUp(t.app, account);
  return { account, id: user.id, cookie };
}

async function newApprovedUser(role: 'sales_rep' | 'manager' | 'admin', name = 'Alex Approved') {
  const pending = await newPendingUser(name);
  const res = await asAdmin('POST', `/api/admin/users/${pending.id}/approve`, { role });
  expect(res.statusCode).toBe(200);
  return pending;
}

async function userRow(id: string) {
  const [row] = await t.app.services.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function auditRows() {
  return t.app.services.db.select().from(auditLog).orderBy(asc(auditLog.createdAt));
}

/** Everything an admin action could change, to prove a refused call changed nothing. */
async function snapshot() {
  const db = t.app.services.db;
  return {
    users: await db.select().from(users).orderBy(asc(users.email)),
    audit: await db.select().from(auditLog).orderBy(asc(auditLog.id)),
    notifications: await db.select().from(notifications).orderBy(asc(notifications.id)),
    sessions: (await db.select().from(sessions)).length,
  };
}

describe('who may call the admin endpoints', () => {
  it('refuses anonymous (401), sales_rep, manager and pending (403) callers and changes nothing', async () => {
    const target = await newPendingUser('Target Pending');
    const approved = await newApprovedUser('sales_rep', 'Target Approved');
    const [notification] = await t.app.services.db.select().from(notifications).limit(1);
    const endpoints: [Method, string, object?][] = [
      ['GET', '/api/admin/users?status=pending_approval'],
      ['GET', '/api/admin/users?status=approved'],
      ['GET', '/api/admin/users?status=all'],
      ['GET', '/api/admin/stats'],
      ['POST', `/api/admin/users/${target.id}/approve`, { role: 'manager' }],
      ['POST', `/api/admin/users/${target.id}/decline`],
      ['PATCH', `/api/admin/users/${approved.id}`, { role: 'admin' }],
      ['DELETE', `/api/admin/users/${approved.id}`],
      ['POST', '/api/admin/invitations', { email: 'x@example.com', name: 'X', role: 'admin' }],
      ['GET', '/api/admin-notifications'],
      ['POST', `/api/admin-notifications/${notification!.id}/read`],
    ];
    const before = await snapshot();
    for (const [method, url, payload] of endpoints) {
      const anonymous = await call(method, url, undefined, payload);
      expect(anonymous.statusCode, `${method} ${url} anonymous`).toBe(401);
      expect(anonymous.json().error.code).toBe('unauthenticated');
      for (const [kind, cookie] of Object.entries(callers)) {
        const res = await call(method, url, cookie, payload);
        expect(res.statusCode, `${method} ${url} as ${kind}`).toBe(403);
        const isInvite = url === '/api/admin/invitations';
        expect(res.json().error.code).toBe(
          kind === 'pending' && !isInvite ? 'pending_approval' : 'forbidden',
        );
        if (isInvite) expect(res.json().error.message).toBe('Only admins can invite users');
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('checks who is calling before it reads the input', async () => {
    const res = await call('PATCH', '/api/admin/users/nope', callers.sales_rep, { role: 'boss' });
    expect(res.statusCode).toBe(403);
    const anonymous = await call('POST', '/api/admin/users/nope/approve', undefined, {
      role: 'boss',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a declined or removed account’s leftover cookie', async () => {
    const rep = await newApprovedUser('admin', 'Soon Removed Admin');
    await setAccount(t.app, rep.account.email, { status: 'removed' });
    // The row changed behind the session's back: the session is still there, the account is not.
    const res = await call('GET', '/api/admin/stats', rep.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('deactivated');
  });
});

describe('GET /api/admin/users and /api/admin/stats', () => {
  it('lists pending users with id, name, email, requestedAt', async () => {
    const pending = await newPendingUser('Lister Pending');
    const res = await asAdmin('GET', '/api/admin/users?status=pending_approval');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('pending_approval');
    const entry = body.users.find((u: { id: string }) => u.id === pending.id);
    expect(entry).toEqual({
      id: pending.id,
      name: 'Lister Pending',
      email: pending.account.email,
      requestedAt: clock.now().toISOString(),
    });
    expect(body.users.every((u: object) => Object.keys(u).length === 4)).toBe(true);
  });

  it('lists approved users with id, name, email, role, approvedAt', async () => {
    const approved = await newApprovedUser('manager', 'Lister Manager');
    const res = await asAdmin('GET', '/api/admin/users?status=approved');
    expect(res.statusCode).toBe(200);
    const entry = res.json().users.find((u: { id: string }) => u.id === approved.id);
    expect(entry).toEqual({
      id: approved.id,
      name: 'Lister Manager',
      email: approved.account.email,
      role: 'manager',
      approvedAt: clock.now().toISOString(),
    });
    const ids = res.json().users.map((u: { id: string }) => u.id);
    expect(ids).toContain(admin.user.id);
  });

  it('lists all users with their status, and counts them in the stats', async () => {
    const res = await asAdmin('GET', '/api/admin/users?status=all');
    expect(res.statusCode).toBe(200);
    const all = res.json().users as { status: string }[];
    expect(all.length).toBeGreaterThan(2);
    expect(all.every((u) => typeof u.status === 'string')).toBe(true);
    const stats = await asAdmin('GET', '/api/admin/stats');
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toEqual({
      pending: all.filter((u) => u.status === 'pending_approval').length,
      approved: all.filter((u) => u.status === 'approved').length,
      total: all.length,
    });
  });

  it('refuses a missing or unknown status filter with a field message', async () => {
    for (const url of ['/api/admin/users', '/api/admin/users?status=removed']) {
      const res = await asAdmin('GET', url);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.status).toBe(
        'Choose one of: pending_approval, approved, declined, all.',
      );
    }
  });
});

describe('POST /api/admin/users/:id/approve', () => {
  it('approves with the chosen role, sets approvedAt, audits, and the session now works', async () => {
    const pending = await newPendingUser('Approve Me');
    clock.advance(60_000);
    expect((await call('GET', '/api/admin/stats', pending.cookie)).statusCode).toBe(403);
    const res = await asAdmin('POST', `/api/admin/users/${pending.id}/approve`, {
      role: 'manager',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: pending.id, role: 'manager', status: 'approved' });
    const row = await userRow(pending.id);
    expect(row.approvedAt).toEqual(clock.now());
    const audit = (await auditRows()).filter((r) => r.targetUserId === pending.id);
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        action: 'user.approved',
        targetEmail: pending.account.email,
        oldValue: 'pending',
        newValue: 'manager',
        createdAt: clock.now(),
      }),
    ]);
    // The pending user's own session carries on, now approved.
    const session = await call('GET', '/api/auth/session', pending.cookie);
    expect(session.json().user).toMatchObject({ role: 'manager', status: 'approved' });
  });

  it('defaults to sales_rep without a role', async () => {
    const pending = await newPendingUser();
    const res = await asAdmin('POST', `/api/admin/users/${pending.id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('sales_rep');
    const withEmptyBody = await newPendingUser();
    const res2 = await asAdmin('POST', `/api/admin/users/${withEmptyBody.id}/approve`, {});
    expect(res2.json().user.role).toBe('sales_rep');
  });

  it('refuses an unknown role (400 with a field message) and changes nothing', async () => {
    const pending = await newPendingUser();
    for (const role of ['boss', 'pending', 42]) {
      const res = await asAdmin('POST', `/api/admin/users/${pending.id}/approve`, { role });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.role).toBe(
        'Choose one of: Sales Representative, Sales Manager, Content Editor, Administrator.',
      );
    }
    expect((await userRow(pending.id)).status).toBe('pending_approval');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await asAdmin('POST', `/api/admin/users/${id}/approve`, { role: 'sales_rep' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('No user with this id exists.');
    }
  });

  it('refuses (409) to approve someone who is not pending', async () => {
    const approved = await newApprovedUser('sales_rep', 'Already Approved');
    const res = await asAdmin('POST', `/api/admin/users/${approved.id}/approve`, {
      role: 'admin',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Already Approved is not waiting for approval.');
    expect((await userRow(approved.id)).role).toBe('sales_rep');
  });
});

describe('POST /api/admin/users/:id/decline', () => {
  it('declines, sets declinedAt, ends the user’s sessions and audits', async () => {
    const pending = await newPendingUser('Decline Me');
    const res = await asAdmin('POST', `/api/admin/users/${pending.id}/decline`);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ status: 'declined' });
    const row = await userRow(pending.id);
    expect(row.declinedAt).toEqual(clock.now());
    const session = await call('GET', '/api/auth/session', pending.cookie);
    expect(session.json()).toEqual({ user: null });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: pending.account.email, password: pending.account.password },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.code).toBe('deactivated');
    const audit = (await auditRows()).filter((r) => r.targetUserId === pending.id);
    expect(audit).toMatchObject([
      { actorId: admin.user.id, action: 'user.declined', newValue: 'declined' },
    ]);
    const pendingList = await asAdmin('GET', '/api/admin/users?status=pending_approval');
    expect(pendingList.json().users.map((u: { id: string }) => u.id)).not.toContain(pending.id);
  });

  it('answers 404 for an unknown id and 409 for someone not pending', async () => {
    const missing = await asAdmin(
      'POST',
      '/api/admin/users/00000000-0000-4000-8000-000000000001/decline',
    );
    expect(missing.statusCode).toBe(404);
    const approved = await newApprovedUser('sales_rep');
    const res = await asAdmin('POST', `/api/admin/users/${approved.id}/decline`);
    expect(res.statusCode).toBe(409);
    expect((await userRow(approved.id)).status).toBe('approved');
  });
});

describe('declined sign-ups', () => {
  it('are listed, newest first, and can be reconsidered: approved with a role, and let in', async () => {
    const first = await newPendingUser('Dana Declined');
    await asAdmin('POST', `/api/admin/users/${first.id}/decline`);
    clock.advance(60_000);
    const second = await newPendingUser('Eli Declined');
    await asAdmin('POST', `/api/admin/users/${second.id}/decline`);

    const list = await asAdmin('GET', '/api/admin/users?status=declined');
    expect(list.statusCode).toBe(200);
    const names = (list.json().users as { name: string }[]).map((user) => user.name);
    expect(names.indexOf('Eli Declined')).toBeLessThan(names.indexOf('Dana Declined'));
    expect(list.json().users.find((user: { id: string }) => user.id === first.id)).toMatchObject({
      email: first.account.email,
      declinedAt: expect.any(String),
      requestedAt: expect.any(String),
    });

    const reconsidered = await asAdmin('POST', `/api/admin/users/${first.id}/approve`, {
      role: 'manager',
    });
    expect(reconsidered.statusCode, reconsidered.body).toBe(200);
    expect(reconsidered.json().user).toMatchObject({ status: 'approved', role: 'manager' });
    const after = await asAdmin('GET', '/api/admin/users?status=declined');
    expect(after.json().users.map((user: { id: string }) => user.id)).not.toContain(first.id);
    const signedIn = await signIn(t.app, first.account);
    expect(signedIn.statusCode).toBe(200);
  });
});

describe('PATCH /api/admin/users/:id', () => {
  it('changes the role, sets roleUpdatedAt, audits old and new, and keeps the session', async () => {
    const rep = await newApprovedUser('sales_rep', 'Promote Me');
    clock.advance(60_000);
    const res = await asAdmin('PATCH', `/api/admin/users/${rep.id}`, { role: 'manager' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'manager', status: 'approved' });
    expect((await userRow(rep.id)).roleUpdatedAt).toEqual(clock.now());
    const audit = (await auditRows()).filter(
      (r) => r.targetUserId === rep.id && r.action === 'user.role_changed',
    );
    expect(audit).toMatchObject([
      { actorId: admin.user.id, oldValue: 'sales_rep', newValue: 'manager' },
    ]);
    // The very next request sees the new role, on the same session.
    const session = await call('GET', '/api/auth/session', rep.cookie);
    expect(session.json().user.role).toBe('manager');
  });

  it('a user made admin can use the admin endpoints at once; demoted, cannot', async () => {
    const rep = await newApprovedUser('sales_rep', 'Temp Admin');
    expect((await call('GET', '/api/admin/stats', rep.cookie)).statusCode).toBe(403);
    await asAdmin('PATCH', `/api/admin/users/${rep.id}`, { role: 'admin' });
    expect((await call('GET', '/api/admin/stats', rep.cookie)).statusCode).toBe(200);
    await asAdmin('PATCH', `/api/admin/users/${rep.id}`, { role: 'sales_rep' });
    expect((await call('GET', '/api/admin/stats', rep.cookie)).statusCode).toBe(403);
  });

  it('refuses a bad role with a field message, an unknown id with 404, a non-approved user with 409', async () => {
    const rep = await newApprovedUser('sales_rep');
    for (const payload of [{ role: 'pending' }, { role: 'owner' }, {}]) {
      const res = await asAdmin('PATCH', `/api/admin/users/${rep.id}`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.role).toBeTruthy();
    }
    const missing = await asAdmin(
      'PATCH',
      '/api/admin/users/00000000-0000-4000-8000-000000000002',
      {
        role: 'manager',
      },
    );
    expect(missing.statusCode).toBe(404);
    const pending = await newPendingUser();
    const notApproved = await asAdmin('PATCH', `/api/admin/users/${pending.id}`, {
      role: 'manager',
    });
    expect(notApproved.statusCode).toBe(409);
    expect((await userRow(rep.id)).role).toBe('sales_rep');
  });

  it('refuses (409) to demote the last administrator', async () => {
    const app = await createTestApp();
    try {
      const only = await createAdmin(app.app);
      const res = await app.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${only.user.id}`,
        headers: { cookie: only.cookie },
        payload: { role: 'manager' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'last_admin',
        message:
          'The last administrator cannot be demoted. Make someone else an administrator first.',
      });
      const removal = await app.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${only.user.id}`,
        headers: { cookie: only.cookie },
      });
      expect(removal.statusCode).toBe(409);
      expect(removal.json().error.code).toBe('last_admin');
      const [row] = await app.app.services.db.select().from(users);
      expect(row).toMatchObject({ role: 'admin', status: 'approved' });
      expect(await app.app.services.db.select().from(auditLog)).toEqual([]);
    } finally {
      await app.app.close();
    }
  });

  it('lets an admin step down while another admin remains', async () => {
    const second = await newApprovedUser('admin', 'Second Admin');
    const res = await call('PATCH', `/api/admin/users/${second.id}`, second.cookie, {
      role: 'manager',
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/admin/stats', second.cookie)).statusCode).toBe(403);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('marks the user removed (row kept), ends the live session at its next request, audits', async () => {
    const rep = await newApprovedUser('manager', 'Remove Me');
    expect((await call('GET', '/api/auth/session', rep.cookie)).json().user).not.toBeNull();
    const res = await asAdmin('DELETE', `/api/admin/users/${rep.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: rep.id, status: 'removed' });
    const row = await userRow(rep.id);
    expect(row).toMatchObject({ status: 'removed', removedAt: clock.now(), role: 'manager' });
    // The browser still holds the cookie; its very next request is anonymous.
    const next = await call('GET', '/api/auth/session', rep.cookie);
    expect(next.json()).toEqual({ user: null });
    const sessionRows = await t.app.services.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, rep.id));
    expect(sessionRows).toEqual([]);
    const audit = (await auditRows()).filter(
      (r) => r.targetUserId === rep.id && r.action === 'user.removed',
    );
    expect(audit).toMatchObject([
      {
        actorId: admin.user.id,
        targetEmail: rep.account.email,
        oldValue: 'approved',
        newValue: 'removed',
      },
    ]);
    const approvedList = await asAdmin('GET', '/api/admin/users?status=approved');
    expect(approvedList.json().users.map((u: { id: string }) => u.id)).not.toContain(rep.id);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: rep.account.email, password: rep.account.password },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.code).toBe('deactivated');
  });

  it('answers 404 for unknown ids and 409 for a second removal or removing oneself', async () => {
    const missing = await asAdmin(
      'DELETE',
      '/api/admin/users/00000000-0000-4000-8000-000000000003',
    );
    expect(missing.statusCode).toBe(404);
    const rep = await newApprovedUser('sales_rep');
    expect((await asAdmin('DELETE', `/api/admin/users/${rep.id}`)).statusCode).toBe(200);
    const again = await asAdmin('DELETE', `/api/admin/users/${rep.id}`);
    expect(again.statusCode).toBe(409);
    const second = await newApprovedUser('admin', 'Self Remover');
    const self = await call('DELETE', `/api/admin/users/${second.id}`, second.cookie);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe('You cannot remove your own account.');
  });
});
