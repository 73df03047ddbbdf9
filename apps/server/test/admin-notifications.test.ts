import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '../src/db/schema.ts';
import { createTestApp, createTestClock, type TestApp } from './helpers/test-app.ts';
import { createAdmin, newAccount, signUp } from './helpers/accounts.ts';

let t: TestApp;
const clock = createTestClock();
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createAdmin(t.app);
});
afterAll(async () => {
  await t.app.close();
});

const list = () =>
  t.app.inject({
    method: 'GET',
    url: '/api/admin-notifications',
    headers: { cookie: admin.cookie },
  });
const markRead = (id: string, cookie = admin.cookie) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin-notifications/${id}/read`,
    headers: { cookie },
  });

describe('GET /api/admin-notifications', () => {
  it('lists sign-up notifications newest first with id, message, read, createdAt and the unread count', async () => {
    expect((await list()).json()).toEqual({ notifications: [], unreadCount: 0 });
    const names = ['First Signup', 'Second Signup', 'Third Signup'];
    const accounts = [];
    for (const name of names) {
      clock.advance(1000);
      const account = newAccount(name);
      await signUp(t.app, account);
      accounts.push(account);
    }
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.unreadCount).toBe(3);
    expect(body.notifications.map((n: { message: string }) => n.message)).toEqual(
      accounts.reverse().map((a) => `New user sign-up: ${a.name} (${a.email})`),
    );
    expect(Object.keys(body.notifications[0]).sort()).toEqual([
      'createdAt',
      'id',
      'message',
      'read',
    ]);
    expect(body.notifications[0].read).toBe(false);
    expect(Number.isNaN(Date.parse(body.notifications[0].createdAt))).toBe(false);
  });
});

describe('POST /api/admin-notifications/:id/read', () => {
  it('marks one read, lowers the unread count, audits once, and is idempotent', async () => {
    const [first] = (await list()).json().notifications as { id: string }[];
    const res = await markRead(first!.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const after = (await list()).json();
    expect(after.unreadCount).toBe(2);
    expect(after.notifications.find((n: { id: string }) => n.id === first!.id).read).toBe(true);
    expect((await markRead(first!.id)).statusCode).toBe(200);
    expect((await list()).json().unreadCount).toBe(2);
    const audit = await t.app.services.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'notification.read'))
      .orderBy(asc(auditLog.createdAt));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.user.id,
      oldValue: 'unread',
      newValue: 'read',
    });
    expect(audit[0]!.targetEmail).toMatch(/@example\.com$/);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc']) {
      const res = await markRead(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('No notification with this id exists.');
    }
  });

  it('refuses a non-admin and changes nothing', async () => {
    const [unread] = await t.app.services.db
      .select()
      .from(notifications)
      .where(eq(notifications.read, false))
      .limit(1);
    const pending = await signUp(t.app, newAccount('Curious Pending'));
    expect((await markRead(unread!.id, pending.cookie)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/admin-notifications/${unread!.id}/read`,
    });
    expect(anonymous.statusCode).toBe(401);
    const [row] = await t.app.services.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, unread!.id));
    expect(row!.read).toBe(false);
  });
});
