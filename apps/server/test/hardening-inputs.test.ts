import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeckDraftInput } from '@deck-portal/domain';
import { clientLinks, decks, invitations, users } from '../src/db/schema.ts';
import { idempotencyKeyReusedMessage } from '../src/decks/generate-deck.ts';
import { approvedCookie, createAdmin, newAccount, signUp } from './helpers/accounts.ts';
import { createFakeDeckRenderer } from './helpers/fake-deck-renderer.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
const cookies = {} as Record<'admin' | 'rep' | 'pending', string>;
let slideIds: string[];
let deckId: string;

const nul = 'abc\u0000def';
const loneSurrogate = 'x\ud800y';

beforeAll(async () => {
  t = await createTestApp({ deckRenderer: createFakeDeckRenderer() });
  cookies.admin = (await createAdmin(t.app)).cookie;
  cookies.rep = await approvedCookie(t.app, 'Rita Rep', 'sales_rep');
  cookies.pending = (await signUp(t.app, newAccount('Pat Pending'))).cookie;
  const library = await t.app.inject({
    method: 'GET',
    url: '/api/template-slides',
    headers: { cookie: cookies.rep },
  });
  slideIds = (library.json().slides as { id: string }[]).map((slide) => slide.id);
  const made = await generate(draft());
  expect(made.statusCode, made.body).toBe(201);
  deckId = made.json().presentationId;
});
afterAll(async () => {
  await t?.app.close();
});

function draft(basicInfo: Partial<DeckDraftInput['basicInfo']> = {}): DeckDraftInput {
  return {
    basicInfo: {
      deckTitle: 'Cold Chain Upgrade',
      clientName: 'Northwind Pharmacies',
      date: '2026-11-23',
      primaryContact: 'Dana Lee',
      ...basicInfo,
    },
    productSelection: { selectedProducts: [{ id: 'data_logger', quantity: 3, customPricing: 30 }] },
    templateCustomization: { selectedSlides: slideIds.slice(0, 3) },
  };
}

function generate(body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/generate-slides',
    headers: { cookie: cookies.rep, prefer: 'wait=60', ...headers },
    payload: body as object,
  });
}

async function rowCount(
  table: typeof decks | typeof users | typeof clientLinks | typeof invitations,
) {
  const [row] = await t.app.services.db.select({ n: count() }).from(table);
  return row!.n;
}

describe('text the database cannot hold', () => {
  it.each([
    ['deckTitle', nul, 'Deck title contains an invisible control character'],
    ['clientName', loneSurrogate, 'Client name contains a damaged character'],
    ['primaryContact', nul, 'Primary contact contains an invisible control character'],
  ])(
    'POST /api/generate-slides refuses %s with 400 naming the field',
    async (field, value, message) => {
      const before = await rowCount(decks);
      const res = await generate(draft({ [field]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.fields[`basicInfo.${field}`]).toContain(message);
      expect(await rowCount(decks)).toBe(before);
    },
  );

  it('refuses a NUL in a custom slide text and in any field no schema names', async () => {
    const res = await generate({
      ...draft(),
      templateCustomization: {
        selectedSlides: slideIds.slice(0, 3),
        customSlides: [
          {
            id: 'c1',
            layoutId: 'title-and-body',
            placeholderContent: { body: nul },
            placeholders: [{ objectId: 'body', label: 'Body', type: 'BODY' }],
          },
        ],
      },
      extra: { deep: [nul] },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error.fields)).toContain('invisible control character');
  });

  it.each([
    ['recipientName', { recipientName: nul }, 'Recipient name contains'],
    ['message', { message: `Hello\n${loneSurrogate}` }, 'Message contains a damaged character'],
  ])('POST /api/decks/{id}/client-links refuses %s', async (field, change, message) => {
    const before = await rowCount(clientLinks);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/decks/${deckId}/client-links`,
      headers: { cookie: cookies.rep },
      payload: { recipientName: 'Carla', recipientEmail: 'carla@client.test', ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toContain(message);
    expect(await rowCount(clientLinks)).toBe(before);
  });

  it('keeps line breaks in a client-link message and any script or emoji in names', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/decks/${deckId}/client-links`,
      headers: { cookie: cookies.rep },
      payload: {
        recipientName: 'José 山田 مريم 😀',
        recipientEmail: 'jose@client.test',
        message: 'Hello,\n\n\there is the deck.',
        sendEmail: false,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().link.recipientName).toBe('José 山田 مريم 😀');
  });

  it('POST /api/auth/sign-up and POST /api/admin/invitations refuse such a name', async () => {
    const usersBefore = await rowCount(users);
    const signUpRes = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: 'nul@example.com', password: 'a long passphrase', name: nul },
    });
    expect(signUpRes.statusCode).toBe(400);
    expect(signUpRes.json().error.fields.name).toContain('Full name contains');
    expect(await rowCount(users)).toBe(usersBefore);

    const invitationsBefore = await rowCount(invitations);
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invitations',
      headers: { cookie: cookies.admin },
      payload: { email: 'new@example.com', name: loneSurrogate, role: 'sales_rep' },
    });
    expect(invite.statusCode).toBe(400);
    expect(invite.json().error.fields.name).toContain('Full name contains a damaged character');
    expect(await rowCount(invitations)).toBe(invitationsBefore);
  });

  it('GET /api/decks?scope=all refuses such a client filter', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/decks?scope=all&client=${encodeURIComponent(nul)}`,
      headers: { cookie: cookies.admin },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.client).toContain('Client contains');
  });
});

describe('who may call a route is decided before its body is read', () => {
  it.each([
    ['POST', '/api/generate-slides'],
    ['GET', '/api/decks'],
    ['POST', '/api/share-presentation'],
    ['POST', `/api/decks/00000000-0000-4000-8000-000000000000/client-links`],
  ])('%s %s answers 401 to an anonymous caller, whatever the body', async (method, url) => {
    for (const payload of [{}, '{not json', { deckTitle: nul }]) {
      const res = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        ...(method === 'POST'
          ? { payload: payload as object, headers: { 'content-type': 'application/json' } }
          : {}),
      });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().error.fields).toBeUndefined();
    }
  });

  it('answers 403 to a pending user and a rep on an admin route before validating', async () => {
    const generateRes = await t.app.inject({
      method: 'POST',
      url: '/api/generate-slides',
      headers: { cookie: cookies.pending },
      payload: {},
    });
    expect(generateRes.statusCode).toBe(403);
    expect(generateRes.json().error.code).toBe('pending_approval');
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invitations',
      headers: { cookie: cookies.rep },
      payload: {},
    });
    expect(invite.statusCode).toBe(403);
    expect(invite.json().error.fields).toBeUndefined();
  });
});

describe('Idempotency-Key', () => {
  it('answers the first deck to the same request, and 422 to another draft with the same key', async () => {
    const key = 'retry-key-0001';
    const first = await generate(draft({ deckTitle: 'First' }), { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    const retry = await generate(draft({ deckTitle: 'First' }), { 'idempotency-key': key });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().presentationId).toBe(first.json().presentationId);

    const before = await rowCount(decks);
    const other = await generate(draft({ deckTitle: 'Second' }), { 'idempotency-key': key });
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toEqual({
      code: 'idempotency_key_reused',
      message: idempotencyKeyReusedMessage,
    });
    expect(await rowCount(decks)).toBe(before);
    const [stored] = await t.app.services.db
      .select({ title: decks.title })
      .from(decks)
      .where(eq(decks.id, first.json().presentationId));
    expect(stored!.title).toBe('First');
  });
});

describe('download names', () => {
  it('send the name in every script as filename* beside the ASCII fallback', async () => {
    const made = await generate(draft({ headline: 'Café Größe - 日本' }));
    const id = made.json().presentationId;
    for (const [path, extension] of [
      ['download', 'pdf'],
      ['pptx', 'pptx'],
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/decks/${id}/${path}`,
        headers: { cookie: cookies.rep },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Cafe Gro-e.${extension}"; filename*=UTF-8''Caf%C3%A9%20Gr%C3%B6%C3%9Fe%20-%20%E6%97%A5%E6%9C%AC.${extension}`,
      );
    }
  });
});

describe('addresses the router cannot read', () => {
  it.each([
    ['a lone surrogate', '/api/decks/%ED%A0%80'],
    ['bad percent-encoding', '/api/decks/%ZZ'],
    ['an over-long id', `/api/decks/${'a'.repeat(200)}`],
  ])('answers %s with the one 404 and never echoes the address', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: cookies.rep } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    expect(res.body).not.toContain(url.split('/').pop()!.slice(0, 20));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

it('a damaged client-link address gets the refused-link page, not JSON', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/v/%ZZ' });
  expect(res.statusCode).toBe(404);
  expect(res.headers['content-type']).toContain('text/html');
  expect(res.body).toContain('Link not available');
});

describe('user ids in deck list queries', () => {
  it.each([
    ['/api/decks?scope=all&owner=0x10', 'owner'],
    [`/api/decks?scope=all&owner=${encodeURIComponent('invoice\u202egpj.exe')}`, 'owner'],
    ['/api/recent-decks?userId=1e309', 'userId'],
  ])('%s answers 400 naming the field, not a database error', async (url, field) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: cookies.admin } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(`${field} must be a user id.`);
  });
});
