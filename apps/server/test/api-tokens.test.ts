import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApiTokenCreate } from '@deck-portal/domain';
import { findApiTokenUser } from '../src/api-tokens/find-api-token-user.ts';
import { createApiToken } from '../src/api-tokens/create-api-token.ts';
import { apiTokens, auditLog, clientLinks, users } from '../src/db/schema.ts';
import { linkInput, useClientLinkWorld, type Who } from './helpers/client-links-world.ts';

// Personal API tokens (issue 51): made by a signed-in person, shown once, kept hashed; a token
// reaches the routes a session reaches, within its scopes, until it expires or is revoked.
const rateLimit = 25;
const w = useClientLinkWorld({ env: { API_TOKEN_RATE_LIMIT: String(rateLimit) } });
const { clock, cookies, ids } = w;
const origin = { origin: 'http://portal.test' };

async function makeToken(who: Who, body: Partial<ApiTokenCreate> = {}) {
  const res = await w.post(
    '/api/tokens',
    { name: 'CRM sync', scopes: ['decks:read'], expiresInDays: 30, ...body },
    { cookie: cookies[who], headers: origin },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { token: string; apiToken: { id: string; prefix: string } };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const asToken = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: object) =>
  w.t.app.inject({
    method,
    url,
    remoteAddress: w.ip,
    headers: bearer(token),
    ...(body ? { payload: body } : {}),
  });

describe('making and listing tokens', () => {
  it('answers the token once and keeps only its SHA-256 and first characters', async () => {
    const { token, apiToken } = await makeToken('rep', {
      name: 'Nightly export',
      scopes: ['links:read', 'decks:read'],
      expiresInDays: 90,
    });
    expect(token).toMatch(/^dpt_[A-Za-z0-9_-]{43}$/);
    expect(apiToken).toMatchObject({
      name: 'Nightly export',
      prefix: token.slice(4, 12),
      // In the portal's order, whatever order they were asked in.
      scopes: ['decks:read', 'links:read'],
      createdAt: clock.now().toISOString(),
      expiresAt: new Date(clock.now().getTime() + 90 * 24 * 3600_000).toISOString(),
      lastUsedAt: null,
      revokedAt: null,
    });

    const [row] = await w.db().select().from(apiTokens).where(eq(apiTokens.id, apiToken.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token.slice(4));

    const list = await w.get('/api/tokens', { cookie: cookies.rep });
    expect(list.statusCode).toBe(200);
    const listed = list.json().tokens.find((t: { id: string }) => t.id === apiToken.id);
    expect(listed).toEqual(apiToken);
    expect(list.body).not.toContain(token.slice(4));
    // Another user's list does not show it.
    const others = await w.get('/api/tokens', { cookie: cookies.otherRep });
    expect(others.body).not.toContain(apiToken.id);

    const [audit] = await w
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api_token.created'), eq(auditLog.actorId, ids.rep)));
    expect(audit).toMatchObject({
      targetKind: 'api_token',
      targetId: apiToken.id,
      targetLabel: 'Nightly export',
      targetUserId: ids.rep,
    });
    expect(audit!.newValue).toContain(apiToken.prefix);
    expect(audit!.newValue).not.toContain(token.slice(4));
  });

  it('refuses a nameless token, unknown scopes and an expiry it does not offer, naming the field', async () => {
    const res = await w.post(
      '/api/tokens',
      { name: ' ', scopes: ['decks:delete'], expiresInDays: 12 },
      { cookie: cookies.rep, headers: origin },
    );
    expect(res.statusCode).toBe(400);
    const { fields } = res.json().error;
    expect(Object.keys(fields).sort()).toEqual(['expiresInDays', 'name', 'scopes.0']);
    const none = await w.post(
      '/api/tokens',
      { name: 'Empty', scopes: [], expiresInDays: null },
      { cookie: cookies.rep, headers: origin },
    );
    expect(none.json().error.fields).toEqual({ scopes: 'Choose at least one scope.' });
  });

  it('is for approved people signed in: not for the signed out, a pending user or a token', async () => {
    const body = { name: 'x', scopes: ['decks:read'], expiresInDays: null };
    expect((await w.post('/api/tokens', body, { headers: origin })).statusCode).toBe(401);
    expect(
      (await w.post('/api/tokens', body, { cookie: cookies.pending, headers: origin })).statusCode,
    ).toBe(403);
    const { token } = await makeToken('rep', { scopes: ['decks:read', 'decks:write'] });
    const byToken = await asToken(token, 'POST', '/api/tokens', body);
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json().error.message).toBe('This route is not open to API tokens.');
    expect((await asToken(token, 'GET', '/api/tokens')).statusCode).toBe(403);
    expect((await asToken(token, 'GET', '/api/profile')).statusCode).toBe(403);
    expect((await asToken(token, 'GET', '/api/auth/session')).statusCode).toBe(403);
  });
});

describe('calling the API with a token', () => {
  it('answers a route as it answers the session of the same person', async () => {
    const deckId = await w.newDeck(cookies.manager, 'Token deck');
    const { token } = await makeToken('manager');
    for (const url of ['/api/decks?scope=all', `/api/decks/${deckId}`, '/api/recent-decks']) {
      const bySession = await w.get(url, { cookie: cookies.manager });
      const byToken = await asToken(token, 'GET', url);
      expect(byToken.statusCode, url).toBe(200);
      expect(byToken.json(), url).toEqual(bySession.json());
    }
    // A rep's token sees what the rep sees: not every deck.
    const repToken = (await makeToken('rep')).token;
    expect((await asToken(repToken, 'GET', '/api/decks?scope=all')).statusCode).toBe(403);
  });

  it('reaches only the routes of its scopes, and says which scope is missing', async () => {
    const deckId = await w.newDeck();
    const readOnly = (await makeToken('rep', { scopes: ['decks:read', 'links:read'] })).token;
    const refused = await asToken(
      readOnly,
      'POST',
      `/api/decks/${deckId}/client-links`,
      linkInput(),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'This API token does not have the links:write scope.',
    );
    expect(await w.db().select().from(clientLinks).where(eq(clientLinks.deckId, deckId))).toEqual(
      [],
    );

    // Made by script: no cookie, no Origin, no CSRF check.
    const writer = (await makeToken('rep', { scopes: ['links:read', 'links:write'] })).token;
    const created = await asToken(writer, 'POST', `/api/decks/${deckId}/client-links`, linkInput());
    expect(created.statusCode, created.body).toBe(201);
    const linkId = created.json().link.id as string;
    const listed = await asToken(readOnly, 'GET', `/api/decks/${deckId}/client-links`);
    expect(listed.json().links.map((link: { id: string }) => link.id)).toEqual([linkId]);
    const analytics = await asToken(
      readOnly,
      'GET',
      `/api/decks/${deckId}/client-links/${linkId}/analytics`,
    );
    expect(analytics.json().error.message).toBe(
      'This API token does not have the analytics:read scope.',
    );
    const reader = (await makeToken('rep', { scopes: ['analytics:read'] })).token;
    for (const url of [
      `/api/decks/${deckId}/client-links/${linkId}/analytics`,
      `/api/decks/${deckId}/engagement`,
    ]) {
      const bySession = await w.get(url, { cookie: cookies.rep });
      const byToken = await asToken(reader, 'GET', url);
      expect(byToken.statusCode, url).toBe(200);
      expect(byToken.json(), url).toEqual(bySession.json());
    }
    const revoked = await asToken(
      writer,
      'POST',
      `/api/decks/${deckId}/client-links/${linkId}/revoke`,
    );
    expect(revoked.statusCode, revoked.body).toBe(200);
    // Another rep's deck stays another rep's, token or not.
    const othersToken = (await makeToken('otherRep', { scopes: ['links:read'] })).token;
    const notTheirs = await asToken(othersToken, 'GET', `/api/decks/${deckId}/client-links`);
    expect([403, 404]).toContain(notTheirs.statusCode);
  });

  it('wins over a cookie sent with it, and answers 401 to a token that is not one', async () => {
    const { token } = await makeToken('rep', { scopes: ['links:read'] });
    const withCookie = await w.t.app.inject({
      method: 'GET',
      url: '/api/recent-decks',
      headers: { ...bearer(token), cookie: cookies.rep },
    });
    expect(withCookie.json().error.message).toBe(
      'This API token does not have the decks:read scope.',
    );
    const unknown = await asToken(`dpt_${'A'.repeat(43)}`, 'GET', '/api/recent-decks');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.message).toBe(
      'This API token is not known: it may have been mistyped.',
    );
    const session = await asToken('not-a-token', 'GET', '/api/recent-decks');
    expect(session.statusCode).toBe(401);
  });

  it('notes when a token was last used, at most once a minute', async () => {
    const { token, apiToken } = await makeToken('rep');
    const lastUsed = async () =>
      (await w.db().select().from(apiTokens).where(eq(apiTokens.id, apiToken.id)))[0]!.lastUsedAt;
    await asToken(token, 'GET', '/api/recent-decks');
    const first = clock.now().toISOString();
    expect((await lastUsed())?.toISOString()).toBe(first);
    clock.advance(30_000);
    await asToken(token, 'GET', '/api/recent-decks');
    expect((await lastUsed())?.toISOString()).toBe(first);
    clock.advance(31_000);
    await asToken(token, 'GET', '/api/recent-decks');
    expect((await lastUsed())?.toISOString()).toBe(clock.now().toISOString());
  });

  it(`allows ${rateLimit} requests a minute per token, then 429 with Retry-After`, async () => {
    // The start of a minute, so the window does not turn during the test.
    clock.set(new Date(Math.ceil(clock.now().getTime() / 60_000) * 60_000));
    const { token } = await makeToken('rep');
    const other = (await makeToken('rep')).token;
    for (let i = 0; i < rateLimit; i += 1) {
      const res = await asToken(token, 'GET', '/api/recent-decks');
      expect(res.statusCode).toBe(200);
    }
    clock.advance(15_000);
    const refused = await asToken(token, 'GET', '/api/recent-decks');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('45');
    // The rep's other token, and the rep's session, are not slowed down.
    expect((await asToken(other, 'GET', '/api/recent-decks')).statusCode).toBe(200);
    expect((await w.get('/api/recent-decks', { cookie: cookies.rep })).statusCode).toBe(200);
    clock.advance(45_000);
    expect((await asToken(token, 'GET', '/api/recent-decks')).statusCode).toBe(200);
  });
});

describe('the end of a token', () => {
  it('answers 401 once revoked by its owner; another user cannot revoke it', async () => {
    const { token, apiToken } = await makeToken('rep');
    expect((await asToken(token, 'GET', '/api/recent-decks')).statusCode).toBe(200);
    const notYours = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${apiToken.id}`,
      headers: { cookie: cookies.otherRep, ...origin },
    });
    expect(notYours.statusCode).toBe(404);
    const revoke = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/tokens/${apiToken.id}`,
      headers: { cookie: cookies.rep, ...origin },
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().revokedAt).toBe(clock.now().toISOString());
    const after = await asToken(token, 'GET', '/api/recent-decks');
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe('This API token has been revoked.');
  });

  it('answers 401 once expired', async () => {
    const { token } = await makeToken('rep', { expiresInDays: 7 });
    const madeAt = clock.now();
    try {
      clock.advance(7 * 24 * 3600_000 - 1_000);
      expect((await asToken(token, 'GET', '/api/recent-decks')).statusCode).toBe(200);
      clock.advance(1_000);
      const expired = await asToken(token, 'GET', '/api/recent-decks');
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error.message).toMatch(/^This API token has expired/);
    } finally {
      // A week on, the other tests' sessions would have ended too.
      clock.set(madeAt);
    }
  });

  it("answers 401 to a removed user's token", async () => {
    const { token } = await makeToken('otherRep');
    expect((await asToken(token, 'GET', '/api/recent-decks')).statusCode).toBe(200);
    await w.db().update(users).set({ status: 'removed' }).where(eq(users.id, ids.otherRep));
    try {
      const res = await asToken(token, 'GET', '/api/recent-decks');
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe("This API token's account is not active.");
    } finally {
      await w.db().update(users).set({ status: 'approved' }).where(eq(users.id, ids.otherRep));
    }
  });
});

describe('administrators', () => {
  it("list every user's tokens with their owners and revoke any; others may not", async () => {
    const { token, apiToken } = await makeToken('otherRep', { name: 'Forgotten script' });
    const list = await w.get('/api/admin/tokens', { cookie: cookies.admin });
    expect(list.statusCode).toBe(200);
    const row = list.json().tokens.find((t: { id: string }) => t.id === apiToken.id);
    expect(row).toMatchObject({
      name: 'Forgotten script',
      owner: { id: ids.otherRep, email: w.emails.otherRep },
      revokedBy: null,
    });
    expect(list.body).not.toContain(token.slice(4));
    expect((await w.get('/api/admin/tokens', { cookie: cookies.manager })).statusCode).toBe(403);

    const revoke = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/admin/tokens/${apiToken.id}`,
      headers: { cookie: cookies.admin, ...origin },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await asToken(token, 'GET', '/api/recent-decks')).statusCode).toBe(401);
    const again = await w.get('/api/admin/tokens', { cookie: cookies.admin });
    expect(again.json().tokens.find((t: { id: string }) => t.id === apiToken.id)).toMatchObject({
      revokedAt: clock.now().toISOString(),
      revokedBy: { id: ids.admin },
    });
    const audits = await w
      .db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'api_token.revoked'));
    expect(audits.find((a) => a.actorId === ids.admin)).toMatchObject({
      targetUserId: ids.otherRep,
      targetKind: 'api_token',
      targetId: apiToken.id,
    });
    // An admin's own token does not reach the admin routes.
    const adminToken = (await makeToken('admin')).token;
    expect((await asToken(adminToken, 'GET', '/api/admin/tokens')).statusCode).toBe(403);
  });
});

describe('the route table and the OpenAPI document', () => {
  it('names only routes the app has', async () => {
    const { routeScopes } = await import('../src/api-tokens/token-scopes.ts');
    for (const entry of Object.keys(routeScopes)) {
      const [method, url] = entry.split(' ') as ['GET' | 'POST', string];
      expect(w.t.app.hasRoute({ method, url }), entry).toBe(true);
    }
  });

  it('describes the bearer scheme, the scope of each route and a script making a link', async () => {
    const res = await w.get('/api/docs/json');
    const doc = res.json();
    expect(doc.components.securitySchemes.apiToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(doc.info.description).toContain('/api/decks/DECK_ID/client-links');
    const create = doc.paths['/api/decks/{id}/client-links'].post;
    expect(create.security).toEqual([{ session: [] }, { apiToken: [] }]);
    expect(create.description).toContain('links:write');
    expect(doc.paths['/api/tokens'].post.security).toEqual([{ session: [] }]);
  });
});

describe('the use cases on their own', () => {
  it('makes a token that finds its user, and refuses what is not a token of this portal', async () => {
    const made = await createApiToken(w.t.app.services, {
      user: { id: ids.rep, email: w.emails.rep },
      request: { name: 'Direct', scopes: ['analytics:read'], expiresInDays: null },
    });
    const caller = await findApiTokenUser(w.t.app.services, made.token);
    expect(caller.user.id).toBe(ids.rep);
    expect(caller.token).toEqual({ id: made.apiToken.id, scopes: ['analytics:read'] });
    await expect(findApiTokenUser(w.t.app.services, 'ghp_something')).rejects.toThrow(
      'This is not an API token of this portal: tokens start with dpt_.',
    );
  });
});
