import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { viewerEmailMessages } from '@deck-portal/domain';
import {
  clientLinkUnlocks,
  clientLinkViewerCodes,
  clientLinkVisits,
  events,
  outboxMails,
} from '../src/db/schema.ts';
import { sha256, useClientLinkWorld } from './helpers/client-links-world.ts';

// Verified viewers (issue 51): a link that asks for the viewer's e-mail shows nothing until a
// code mailed to the address comes back.

const w = useClientLinkWorld();
const { clock } = w;

/** A link of a new deck that asks for an address at northwind.example. */
async function verifiedLink(overrides: Record<string, unknown> = {}) {
  const deckId = await w.newDeck();
  const link = await w.createLink(deckId, {
    requireEmail: true,
    allowedDomains: ['northwind.example'],
    ...overrides,
  });
  return { ...link, deckId };
}

const askCode = (token: string, email: string, ip?: string) =>
  w.post(`/api/client-view/${token}/viewer/code`, { email }, { ip });
const sendCode = (token: string, email: string, code: string, ip?: string) =>
  w.post(`/api/client-view/${token}/viewer/verify`, { email, code }, { ip });

/** The code in the newest mail to `email`, as the viewer reads it. */
async function mailedCode(email: string) {
  const [mail] = await w
    .db()
    .select()
    .from(outboxMails)
    .where(eq(outboxMails.to, email))
    .orderBy(desc(outboxMails.createdAt))
    .limit(1);
  expect(mail, `a mail to ${email}`).toBeDefined();
  const code = /\b(\d{6})\b/.exec(mail!.subject)?.[1];
  expect(code, mail!.subject).toBeDefined();
  expect(mail!.text).toContain(code);
  return { code: code!, mail: mail! };
}

/** Asks for a code for `email` and answers it as mailed. */
async function codeFor(token: string, email: string) {
  const asked = await askCode(token, email);
  expect(asked.statusCode, asked.body).toBe(202);
  return (await mailedCode(email)).code;
}

/** A code that is not `code` (same shape). */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Passes the e-mail step and answers the cookie it sets, as a Cookie header value. */
async function verify(token: string, email: string) {
  const right = await sendCode(token, email, await codeFor(token, email));
  expect(right.statusCode, right.body).toBe(204);
  const proof = right.cookies.find((cookie) => cookie.name === 'deck_link_email')!;
  expect(proof).toMatchObject({
    path: `/api/client-view/${token}`,
    httpOnly: true,
    sameSite: 'Lax',
  });
  return { cookie: `deck_link_email=${proof.value}`, proof: proof.value };
}

describe('link options', () => {
  it('keeps "ask for the e-mail" and the allowed domains, written as domains, in the answer and the list', async () => {
    const deckId = await w.newDeck();
    const { id, body } = await w.createLink(deckId, {
      requireEmail: true,
      allowedDomains: [' @Northwind.example', 'northwind.example', 'eu.acme.com'],
    });
    expect(body.link).toMatchObject({
      requireEmail: true,
      allowedDomains: ['northwind.example', 'eu.acme.com'],
    });
    const list = await w.get(`/api/decks/${deckId}/client-links`, { cookie: w.cookies.rep });
    const listed = (list.json().links as { id: string }[]).find((link) => link.id === id);
    expect(listed).toMatchObject({
      requireEmail: true,
      allowedDomains: ['northwind.example', 'eu.acme.com'],
    });

    const plain = await w.createLink(deckId);
    expect(plain.body.link).toMatchObject({ requireEmail: false, allowedDomains: [] });
  });

  it('refuses a domain that is none, and domains on a link that does not ask for the e-mail', async () => {
    const deckId = await w.newDeck();
    const create = (overrides: Record<string, unknown>) =>
      w.post(
        `/api/decks/${deckId}/client-links`,
        {
          recipientName: 'Jane Client',
          recipientEmail: 'jane@northwind.example',
          sendEmail: false,
          ...overrides,
        },
        { cookie: w.cookies.rep },
      );
    const notADomain = await create({ requireEmail: true, allowedDomains: ['jane@northwind'] });
    expect(notADomain.statusCode).toBe(400);
    expect(notADomain.json().error.fields.allowedDomains).toBe(
      viewerEmailMessages.domainInvalid('jane@northwind'),
    );
    const withoutEmail = await create({ allowedDomains: ['northwind.example'] });
    expect(withoutEmail.statusCode).toBe(400);
    expect(withoutEmail.json().error.fields).toEqual({
      allowedDomains: viewerEmailMessages.domainsNeedEmail,
    });
  });
});

describe('before the address is verified', () => {
  it('serves nothing of the deck: no view, slide, file, rep, visit or answer, and the page fetches no slide', async () => {
    const { token } = await verifiedLink({ passcode: 'blue-harbour' });
    for (const url of [
      `/api/client-view/${token}`,
      `/api/client-view/${token}/slides/1`,
      `/api/client-view/${token}/download`,
      `/api/client-view/${token}/sender`,
      `/api/client-view/${token}/sender/photo`,
    ]) {
      const res = await w.get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error, url).toEqual({
        code: 'email_required',
        message: viewerEmailMessages.emailRequired,
      });
      expect(res.body, url).not.toContain('Northwind Pharmacies');
      expect(res.body, url).not.toContain('rep person');
    }
    for (const url of [`/api/client-view/${token}/visits`, `/api/client-view/${token}/decline`]) {
      expect((await w.post(url, {})).statusCode, url).toBe(401);
    }
    // The step itself learns only that it is asked, and the language to ask in.
    const access = await w.get(`/api/client-view/${token}/viewer`);
    expect(access.statusCode).toBe(200);
    expect(access.json()).toEqual({
      emailRequired: true,
      verifiedEmail: null,
      language: 'en',
      direction: 'ltr',
    });
    const page = await w.get(`/v/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('/slides/1');
    expect(await w.db().select().from(clientLinkVisits)).toHaveLength(0);
  });

  it('asks a link without the option for nothing', async () => {
    const { token } = await w.createLink(await w.newDeck());
    expect((await w.get(`/api/client-view/${token}`)).statusCode).toBe(200);
    expect((await w.get(`/api/client-view/${token}/viewer`)).json()).toMatchObject({
      emailRequired: false,
      verifiedEmail: null,
    });
    expect((await askCode(token, 'jane@northwind.example')).statusCode).toBe(409);
  });
});

describe('the code', () => {
  it('is refused to an address outside the allowed domains, and mailed to one inside (or a subdomain)', async () => {
    const { token } = await verifiedLink();
    const outside = await askCode(token, 'mallory@rival.example');
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toEqual({
      code: 'domain_not_allowed',
      message: viewerEmailMessages.domainNotAllowed,
      fields: { email: viewerEmailMessages.domainNotAllowed },
    });
    // A look-alike domain is another domain.
    expect((await askCode(token, 'mallory@evilnorthwind.example')).statusCode).toBe(400);
    expect(
      await w.db().select().from(outboxMails).where(eq(outboxMails.to, 'mallory@rival.example')),
    ).toHaveLength(0);
    // Nor can an outside address check a code.
    expect((await sendCode(token, 'mallory@rival.example', '123456')).statusCode).toBe(400);

    const inside = await askCode(token, 'Jane@EU.Northwind.example');
    expect(inside.statusCode, inside.body).toBe(202);
    expect(inside.json()).toEqual({
      email: 'jane@eu.northwind.example',
      expiresAt: new Date(clock.now().getTime() + 10 * 60_000).toISOString(),
    });
    const { mail } = await mailedCode('jane@eu.northwind.example');
    // The mail names nothing of the deck.
    expect(mail.text).not.toContain('Northwind Pharmacies');
    expect(mail.isSecret).toBe(true);
  });

  it('is kept as a hash only, counts wrong tries, dies after 5, and a new right one opens the deck', async () => {
    const { token, id: linkId, deckId } = await verifiedLink();
    const email = 'jane@northwind.example';
    const first = await codeFor(token, email);
    const [row] = await w
      .db()
      .select()
      .from(clientLinkViewerCodes)
      .where(eq(clientLinkViewerCodes.linkId, linkId));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(first);
    expect(row!.codeHash).not.toBe(sha256(first));

    const wrong = await sendCode(token, email, otherThan(first));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'wrong_code',
      fields: { code: viewerEmailMessages.wrongCode },
    });
    expect(wrong.cookies).toHaveLength(0);
    for (let attempt = 2; attempt <= 4; attempt += 1) {
      expect((await sendCode(token, email, otherThan(first))).json().error.code).toBe('wrong_code');
    }
    const fifth = await sendCode(token, email, otherThan(first));
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json().error.code).toBe('code_dead');
    // Dead: the right code no longer opens anything.
    const late = await sendCode(token, email, first);
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatchObject({
      code: 'code_dead',
      message: viewerEmailMessages.codeDead,
    });
    expect(late.cookies).toHaveLength(0);
    expect((await w.get(`/api/client-view/${token}`)).statusCode).toBe(401);

    const { cookie, proof } = await verify(token, email);
    const view = await w.get(`/api/client-view/${token}`, { cookie });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ title: 'Proposal for Northwind Pharmacies' });
    expect((await w.get(`/api/client-view/${token}/slides/1`, { cookie })).statusCode).toBe(200);
    expect((await w.get(`/api/client-view/${token}/sender`, { cookie })).json()).toMatchObject({
      name: 'rep person',
    });
    expect((await w.get(`/api/client-view/${token}/viewer`, { cookie })).json()).toMatchObject({
      verifiedEmail: email,
    });
    // The proof is kept as a hash, naming the address.
    const [unlock] = await w
      .db()
      .select()
      .from(clientLinkUnlocks)
      .where(eq(clientLinkUnlocks.tokenHash, sha256(proof)));
    expect(unlock).toMatchObject({ linkId, verifiedEmail: email });
    // Used once: the same code again is dead.
    const used = await mailedCode(email);
    expect((await sendCode(token, email, used.code)).json().error.code).toBe('code_dead');

    // The visit records the address; the link's analytics and its link.opened event name it.
    const visit = await w.post(`/api/client-view/${token}/visits`, undefined, { cookie });
    expect(visit.statusCode, visit.body).toBe(201);
    const { visitId } = visit.json();
    const [visitRow] = await w
      .db()
      .select()
      .from(clientLinkVisits)
      .where(eq(clientLinkVisits.id, visitId));
    expect(visitRow!.verifiedEmail).toBe(email);
    const analytics = await w.analytics(deckId, linkId);
    expect(analytics.visits[0]).toMatchObject({ id: visitId, verifiedEmail: email });
    const [opened] = await w
      .db()
      .select()
      .from(events)
      .where(and(eq(events.type, 'link.opened'), eq(events.linkId, linkId)));
    expect(opened!.data).toMatchObject({ visit: { id: visitId, verifiedEmail: email } });

    // The proof opens this link only.
    const other = await verifiedLink();
    expect((await w.get(`/api/client-view/${other.token}`, { cookie })).statusCode).toBe(401);
  });

  it('expires after 10 minutes', async () => {
    const { token } = await verifiedLink();
    const email = 'late@northwind.example';
    const code = await codeFor(token, email);
    clock.advance(10 * 60_000 + 1000);
    const expired = await sendCode(token, email, code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('code_dead');
    // A new one works.
    clock.advance(15 * 60_000);
    await verify(token, email);
  });

  it('is mailed 3 times in 15 minutes to one address for one link, then 429 until the window ends', async () => {
    clock.advance(15 * 60_000);
    const { token } = await verifiedLink();
    const email = 'busy@northwind.example';
    for (let mail = 1; mail <= 3; mail += 1) {
      expect((await askCode(token, email)).statusCode).toBe(202);
    }
    const fourth = await askCode(token, email);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.message).toBe(viewerEmailMessages.tooManyCodes);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    const mailed = await w.db().select().from(outboxMails).where(eq(outboxMails.to, email));
    expect(mailed).toHaveLength(3);
    // Another address is not slowed down by it.
    expect((await askCode(token, 'colleague@northwind.example')).statusCode).toBe(202);
    clock.advance(15 * 60_000);
    expect((await askCode(token, email)).statusCode).toBe(202);
  });

  it('comes before the passcode, and its proof is no passcode proof', async () => {
    const { token } = await verifiedLink({ passcode: 'blue-harbour' });
    // No passcode is taken before the address is verified, right or wrong.
    const early = await w.post(`/api/client-view/${token}/unlock`, { passcode: 'blue-harbour' });
    expect(early.statusCode).toBe(401);
    expect(early.json().error.code).toBe('email_required');
    expect(early.cookies).toHaveLength(0);
    const { cookie, proof } = await verify(token, 'jane@northwind.example');
    const next = await w.get(`/api/client-view/${token}`, { cookie });
    expect(next.statusCode).toBe(401);
    expect(next.json().error.code).toBe('passcode_required');
    const forged = `${cookie}; deck_link_pass=${proof}`;
    expect((await w.get(`/api/client-view/${token}`, { cookie: forged })).statusCode).toBe(401);

    const unlocked = await w.post(
      `/api/client-view/${token}/unlock`,
      { passcode: 'blue-harbour' },
      { cookie },
    );
    expect(unlocked.statusCode).toBe(204);
    const pass = unlocked.cookies.find((c) => c.name === 'deck_link_pass')!;
    const both = `${cookie}; deck_link_pass=${pass.value}`;
    expect((await w.get(`/api/client-view/${token}`, { cookie: both })).statusCode).toBe(200);
    // The passcode alone does not stand in for the address.
    const passOnly = `deck_link_pass=${pass.value}`;
    expect((await w.get(`/api/client-view/${token}`, { cookie: passOnly })).json().error.code).toBe(
      'email_required',
    );
  });
});
