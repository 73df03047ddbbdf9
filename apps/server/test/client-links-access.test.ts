import { describe, expect, it } from 'vitest';
import { clientLinkMessages } from '@deck-portal/domain';
import { firstSlideLink, newAddress, useClientLinkWorld } from './helpers/client-links-world.ts';

const w = useClientLinkWorld();
const { clock, cookies } = w;
const html = { accept: 'text/html' };
const tooManyAttempts = 'Too many failed attempts. Please try again later.';

const unlock = (token: string, passcode: string, ip?: string) =>
  w.post(`/api/client-view/${token}/unlock`, { passcode }, { ip });

describe('passcode', () => {
  it('asks for the passcode, refuses a wrong one and lets the browser in with a right one', async () => {
    const deckId = await w.newDeck();
    const { token } = await w.createLink(deckId, { passcode: 'blue-harbour' });
    const asked = await w.get(`/api/client-view/${token}`);
    expect(asked.statusCode).toBe(401);
    expect(asked.json().error).toMatchObject({
      code: 'passcode_required',
      message: clientLinkMessages.passcodeRequired,
    });
    for (const url of [
      `/api/client-view/${token}/slides/1`,
      `/api/client-view/${token}/download`,
    ]) {
      expect((await w.get(url)).statusCode, url).toBe(401);
    }
    expect((await w.post(`/api/client-view/${token}/visits`)).statusCode).toBe(401);
    // The page itself loads: it is where the passcode is asked for.
    expect((await w.get(`/v/${token}`)).statusCode).toBe(200);

    const wrong = await unlock(token, 'red-harbour');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'wrong_passcode',
      message: clientLinkMessages.wrongPasscode,
      fields: { passcode: clientLinkMessages.wrongPasscode },
    });
    expect(wrong.cookies).toHaveLength(0);

    const right = await unlock(token, 'blue-harbour');
    expect(right.statusCode).toBe(204);
    const proof = right.cookies.find((cookie) => cookie.name === 'deck_link_pass')!;
    expect(proof).toMatchObject({
      path: `/api/client-view/${token}`,
      httpOnly: true,
      sameSite: 'Lax',
    });
    const cookie = `deck_link_pass=${proof.value}`;
    const view = await w.get(`/api/client-view/${token}`, { cookie });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      // The client reads the headline, never the internal deck title.
      title: 'Proposal for Northwind Pharmacies',
      recipientName: 'Jane Client',
      senderName: 'rep person',
    });
    expect((await w.get(`/api/client-view/${token}/slides/2`, { cookie })).statusCode).toBe(200);

    // The proof opens this link only.
    const other = await w.createLink(deckId, { passcode: 'blue-harbour' });
    expect((await w.get(`/api/client-view/${other.token}`, { cookie })).statusCode).toBe(401);
  });

  it('throttles wrong passcodes from an address as sign-in does, and says so', async () => {
    const { token } = await w.createLink(await w.newDeck(), { passcode: 'blue-harbour' });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await unlock(token, `wrong guess ${attempt}`)).statusCode).toBe(400);
    }
    const throttled = await unlock(token, 'wrong guess again');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error.message).toBe(tooManyAttempts);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // While throttled even the right passcode waits, so guessing gains nothing.
    expect((await unlock(token, 'blue-harbour')).statusCode).toBe(429);

    clock.advance(15 * 60_000);
    expect((await unlock(token, 'blue-harbour')).statusCode).toBe(204);
  });

  it('does not lock the real client out: a guesser elsewhere is throttled, the right passcode from another address opens', async () => {
    clock.advance(15 * 60_000);
    const { token } = await w.createLink(await w.newDeck(), { passcode: 'blue-harbour' });
    const guesser = newAddress();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await unlock(token, `wrong guess ${attempt}`, guesser)).statusCode).toBe(400);
    }
    expect((await unlock(token, 'wrong guess again', guesser)).statusCode).toBe(429);

    // However long the guesser goes on, refused attempts do not spend the link's own limit.
    for (let attempt = 0; attempt < 120; attempt += 1) {
      expect((await unlock(token, `more guess ${attempt}`, guesser)).statusCode).toBe(429);
    }

    const client = newAddress();
    expect((await unlock(token, 'blue-harbour', client)).statusCode).toBe(204);
    // The guesser stays throttled, right passcode or not.
    expect((await unlock(token, 'blue-harbour', guesser)).statusCode).toBe(429);
  });

  it('throttles guesses spread over many addresses at 100 per link', async () => {
    clock.advance(15 * 60_000);
    const { token } = await w.createLink(await w.newDeck(), { passcode: 'blue-harbour' });
    // 20 addresses, 5 guesses each: each address stays under its own limit.
    const addresses = Array.from({ length: 20 }, () => newAddress());
    const answers = await Promise.all(
      addresses.map(async (ip) => {
        const statuses: number[] = [];
        for (let guess = 0; guess < 5; guess += 1) {
          statuses.push((await unlock(token, `guess ${ip} ${guess}`, ip)).statusCode);
        }
        return statuses;
      }),
    );
    expect(answers.flat().filter((status) => status === 400)).toHaveLength(100);
    const fresh = await unlock(token, 'one more guess', newAddress());
    expect(fresh.statusCode).toBe(429);
    expect(fresh.json().error.message).toBe(tooManyAttempts);
    // Another link is not slowed down by it.
    const other = await w.createLink(await w.newDeck(), { passcode: 'blue-harbour' });
    expect((await unlock(other.token, 'blue-harbour', newAddress())).statusCode).toBe(204);
  });

  it('gives back the attempt of a right passcode', async () => {
    clock.advance(15 * 60_000);
    const { token } = await w.createLink(await w.newDeck(), { passcode: 'blue-harbour' });
    for (let attempt = 0; attempt < 9; attempt += 1) {
      expect((await unlock(token, `wrong guess ${attempt}`)).statusCode).toBe(400);
    }
    // A colleague at the same office address enters it right, twice.
    expect((await unlock(token, 'blue-harbour')).statusCode).toBe(204);
    expect((await unlock(token, 'blue-harbour')).statusCode).toBe(204);
    expect((await unlock(token, 'wrong guess 10')).statusCode).toBe(400);
    expect((await unlock(token, 'wrong guess 11')).statusCode).toBe(429);
  });

  it('counts a burst of parallel guesses before checking any, so no more than the limit are tried', async () => {
    clock.advance(15 * 60_000);
    const { token } = await w.createLink(await w.newDeck(), { passcode: 'blue-harbour' });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => unlock(token, `guess number ${i}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });
});

describe('refused links', () => {
  /** A revoked link, an expired one and one whose deck was deleted: real links, refused. */
  async function refusedTokens() {
    const revokedDeck = await w.newDeck();
    const revoked = await w.createLink(revokedDeck);
    await w.post(`/api/decks/${revokedDeck}/client-links/${revoked.id}/revoke`, undefined, {
      cookie: cookies.rep,
    });
    const expiring = await w.createLink(await w.newDeck(), {
      expiresAt: new Date(clock.now().getTime() + 60_000).toISOString(),
    });
    const deletedDeck = await w.newDeck();
    const deleted = await w.createLink(deletedDeck);
    const removed = await w.t.app.inject({
      method: 'DELETE',
      url: `/api/decks/${deletedDeck}`,
      headers: { cookie: cookies.rep },
    });
    expect(removed.statusCode).toBe(200);
    clock.advance(60_000);
    return { revoked: revoked.token, expired: expiring.token, deleted: deleted.token };
  }

  const refusalBody = JSON.stringify({
    error: { code: 'link_unavailable', message: clientLinkMessages.unavailable },
  });

  it('answers the same 404 for unknown, malformed, expired, revoked and deleted-deck tokens', async () => {
    const refused = await refusedTokens();
    const tokens = [
      refused.revoked,
      refused.expired,
      refused.deleted,
      'A'.repeat(43), // the right shape, no such link
      'not-a-token',
      `${refused.revoked}x`,
    ];
    const apiBodies = new Set<string>();
    const pages = new Set<string>();
    for (const token of tokens) {
      const api = await w.get(`/api/client-view/${token}`);
      expect(api.statusCode, token).toBe(404);
      apiBodies.add(api.body);
      const page = await w.get(`/v/${token}`, { headers: html });
      expect(page.statusCode, token).toBe(404);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      pages.add(page.body);
    }
    expect([...apiBodies]).toEqual([refusalBody]);
    expect(pages.size).toBe(1);
    expect([...pages][0]).toContain(clientLinkMessages.unavailable);
    expect((await w.get('/v/a/b/c', { headers: html })).body).toBe([...pages][0]);

    // An address under a live link's API that names nothing is refused the same way, without
    // repeating the address (and its token) back.
    const live = await w.createLink(await w.newDeck());
    const nothing = await w.get(`/api/client-view/${live.token}/nothing/here`);
    expect(nothing.statusCode).toBe(404);
    expect(nothing.body).toBe(refusalBody);
    expect(nothing.headers['referrer-policy']).toBe('no-referrer');
    // A trailing slash is the same page.
    expect((await w.get(`/v/${live.token}/`, { headers: html })).statusCode).toBe(200);
  });

  it('throttles an address that keeps being refused: 429 with Retry-After for every kind of token, HTML on the page', async () => {
    const refused = await refusedTokens();
    const live = await w.createLink(await w.newDeck());
    const kinds = [refused.revoked, refused.expired, refused.deleted, 'A'.repeat(43), 'nope'];
    // 30 refusals in 15 minutes, of every kind and on both addresses, each the usual 404.
    for (let i = 0; i < 30; i += 1) {
      const token = kinds[i % kinds.length]!;
      const res =
        i % 2 === 0
          ? await w.get(`/api/client-view/${token}`)
          : await w.get(`/v/${token}`, { headers: html });
      expect(res.statusCode, `${i}: ${token}`).toBe(404);
    }
    // From then on every refusal is 429, whatever the token: which ones exist stays hidden.
    for (const token of kinds) {
      const api = await w.get(`/api/client-view/${token}/slides/1`);
      expect(api.statusCode, token).toBe(429);
      expect(Number(api.headers['retry-after'])).toBeGreaterThan(0);
      expect(api.json()).toEqual({
        error: { code: 'too_many_requests', message: clientLinkMessages.tooManyRefused },
      });
      const page = await w.get(`/v/${token}`, { headers: html });
      expect(page.statusCode, token).toBe(429);
      expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain(clientLinkMessages.tooManyRefused);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
    }
    expect((await w.get('/v/a/b/c', { headers: html })).statusCode).toBe(429);
    expect(
      (await w.post(`/api/client-view/${'B'.repeat(43)}/unlock`, { passcode: 'abcd' })).statusCode,
    ).toBe(429);

    // A live link still opens from that address, and other addresses are refused as before.
    expect((await w.get(`/api/client-view/${live.token}`)).statusCode).toBe(200);
    expect((await w.get(`/v/${live.token}`, { headers: html })).statusCode).toBe(200);
    expect((await w.get(`/api/client-view/${'A'.repeat(43)}`, { ip: newAddress() })).body).toBe(
      refusalBody,
    );
    // Fifteen minutes on, the address is answered 404 again.
    clock.advance(15 * 60_000);
    expect((await w.get(`/api/client-view/${'A'.repeat(43)}`)).statusCode).toBe(404);
  });

  it('keeps tokens out of referrers, search engines and caches', async () => {
    const { token } = await w.createLink(await w.newDeck());
    const responses = [
      await w.get(`/v/${token}`, { headers: html }),
      await w.get(`/v/${'B'.repeat(43)}`, { headers: html }),
      await w.get(`/api/client-view/${token}`),
      await w.get(`/api/client-view/${token}/slides/1`),
    ];
    expect(responses[0]!.statusCode).toBe(200);
    expect(responses[0]!.body).toContain('<div id="root"></div>');
    for (const res of responses) {
      expect(res.headers['referrer-policy'], res.body.slice(0, 40)).toBe('no-referrer');
      expect(res.headers['x-robots-tag']).toMatch(/noindex/);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('what a token opens', () => {
  it("opens the deck's view, its slides (with their links) and, when allowed, its PDF", async () => {
    const deckId = await w.newDeck();
    const { token } = await w.createLink(deckId);
    const view = await w.get(`/api/client-view/${token}`);
    expect(view.json()).toEqual({
      title: 'Proposal for Northwind Pharmacies',
      clientName: 'Northwind Pharmacies',
      recipientName: 'Jane Client',
      senderName: 'rep person',
      slides: [1, 2, 3].map((index) => ({
        index,
        url: `/api/client-view/${token}/slides/${index}`,
        // Only a slide with linked words lists them, for the page to lay over its picture.
        ...(index === 1 ? { links: [firstSlideLink] } : {}),
      })),
      pdfUrl: `/api/client-view/${token}/download`,
      updatedAt: null,
      acceptance: null,
      // The page speaks the deck's language and writes its figures as the deck does (issue 50).
      language: 'en',
      direction: 'ltr',
      locale: 'en-US',
      currency: 'USD',
    });
    // The rep's own viewer lays the same links over the slide.
    const own = (await w.get(`/api/decks/${deckId}/slides`, { cookie: w.cookies.rep })).json();
    expect(own.slides.map((s: { links?: unknown }) => s.links)).toEqual([
      [firstSlideLink],
      undefined,
      undefined,
    ]);
    // A copy of the deck keeps them with its slides.
    const copy = await w.post(`/api/decks/${deckId}/duplicate`, {}, { cookie: w.cookies.rep });
    expect(copy.statusCode, copy.body).toBe(201);
    const copied = await w.get(`/api/decks/${copy.json().presentationId}/slides`, {
      cookie: w.cookies.rep,
    });
    expect(copied.json().slides[0].links).toEqual([firstSlideLink]);
    const slide = await w.get(`/api/client-view/${token}/slides/3`);
    expect(slide.statusCode).toBe(200);
    expect(slide.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(slide.body).toContain('Slide 3');
    expect((await w.get(`/api/client-view/${token}/slides/4`)).statusCode).toBe(404);
    const pdf = await w.get(`/api/client-view/${token}/download`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      'attachment; filename="Proposal for Northwind Pharmacies.pdf"',
    );

    const noPdf = await w.createLink(deckId, { allowDownload: false });
    expect((await w.get(`/api/client-view/${noPdf.token}`)).json().pdfUrl).toBeNull();
    const refused = await w.get(`/api/client-view/${noPdf.token}/download`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(clientLinkMessages.downloadNotAllowed);
  });

  it('opens nothing else: not the PPTX, not another deck, not the admin API, not the deck list', async () => {
    const deckId = await w.newDeck();
    const otherDeck = await w.newDeck(cookies.otherRep, 'Other deck');
    const { token } = await w.createLink(deckId, { passcode: 'blue-harbour' });
    const unlocked = await unlock(token, 'blue-harbour');
    const proof = unlocked.cookies.find((cookie) => cookie.name === 'deck_link_pass')!.value;
    // Every way a client might present what it holds.
    const credentials: Record<string, string>[] = [
      { authorization: `Bearer ${token}` },
      { cookie: `deck_session=${token}` },
      { cookie: `deck_link_pass=${proof}` },
      { cookie: `deck_session=${proof}` },
    ];
    const urls = [
      `/api/decks/${deckId}/pptx`,
      `/api/decks/${deckId}/download`,
      `/api/decks/${deckId}`,
      `/api/decks/${otherDeck}/slides/1`,
      `/api/decks/${otherDeck}/download`,
      `/api/admin/users?status=all`,
      `/api/admin-notifications`,
      `/api/recent-decks`,
      `/api/decks?scope=all`,
      `/api/decks/${deckId}/client-links`,
    ];
    for (const headers of credentials) {
      for (const url of urls) {
        const res = await w.get(url, { headers });
        expect(res.statusCode, `${url} with ${JSON.stringify(headers)}`).toBe(401);
      }
    }
    // The client view has no PPTX and no other deck's files.
    expect(
      (await w.get(`/api/client-view/${token}/pptx`, { headers: credentials[2] })).statusCode,
    ).toBe(404);
    expect(
      (
        await w.get(`/api/client-view/${token}/../../decks/${otherDeck}/download`, {
          headers: credentials[2],
        })
      ).statusCode,
    ).toBe(401);
  });

  it('has the page fetch the deck, its sender and its first slide alongside its script', async () => {
    const deckId = await w.newDeck();
    const open = await w.createLink(deckId);
    const page = (await w.get(`/v/${open.token}`, { headers: html })).body;
    const api = `/api/client-view/${open.token}`;
    expect(page).toContain(`<link rel="preload" href="${api}" as="fetch" crossorigin />`);
    expect(page).toContain(`<link rel="preload" href="${api}/sender" as="fetch" crossorigin />`);
    expect(page).toContain(`<link rel="preload" href="${api}/slides/1" as="image" />`);
    expect(page.indexOf('rel="preload"')).toBeLessThan(page.indexOf('</head>'));

    // Behind a passcode the slide would be refused: it is not fetched ahead.
    const locked = await w.createLink(deckId, { passcode: 'blue-harbour' });
    const lockedPage = (await w.get(`/v/${locked.token}`, { headers: html })).body;
    expect(lockedPage).toContain(`href="/api/client-view/${locked.token}" as="fetch"`);
    expect(lockedPage).not.toContain('as="image"');
  });
});
