import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { DeckRenderer } from '@deck-portal/deck-engine';
import type { ClientAcceptance, DeckDraftInput } from '@deck-portal/domain';
import { createTestApp, createTestClock, type TestApp } from './test-app.ts';
import { createFakeDeckRenderer } from './fake-deck-renderer.ts';
import { northwindDraft } from './northwind-draft.ts';
import { approvedAccount, createAdmin, newAccount, signUp } from './accounts.ts';

/**
 * What the client-link test files share: one app on a fresh database per file, with a fake
 * clock, a rep, another rep, a manager, an admin and a pending user, and helpers that speak
 * to the API as the rep and as an anonymous client. Every test gets an address of its own,
 * so one test's counted attempts never throttle another's.
 */

// These tests need a deck of three slides, made at once; the first has linked words.
export const slideCount = 3;
export const firstSlideLink = {
  href: 'https://example.com/case-study',
  text: 'the case study',
  x: 0.1,
  y: 0.8,
  w: 0.2,
  h: 0.05,
};
export const fakeRenderer = createFakeDeckRenderer(slideCount, {
  firstSlideLinks: [firstSlideLink],
});

const clientPage =
  '<!doctype html><html><head><title>client view</title></head><body><div id="root"></div></body></html>';
export type Who = 'admin' | 'rep' | 'otherRep' | 'manager' | 'pending';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function draft(slideIds: string[], title = 'Cold Chain Upgrade'): DeckDraftInput {
  return northwindDraft({
    slides: slideIds.slice(0, 3),
    products: [{ id: 'controller', quantity: 2, customPricing: 199 }],
    title,
    includePricing: false,
  });
}

/**
 * What the client's page sends to accept the proposal as it shows it (`shown`: the client view's
 * `acceptance`): Jane Client, Head of Operations, with none of the optional products.
 */
export const acceptanceBody = (
  shown: Pick<ClientAcceptance, 'termsSha256' | 'version'> & {
    summary: Pick<ClientAcceptance['summary'], 'totalCents'>;
  },
) => ({
  fullName: 'Jane Client',
  jobTitle: 'Head of Operations',
  agree: true as const,
  optionalProductIds: [],
  totalCents: shown.summary.totalCents,
  termsSha256: shown.termsSha256,
  version: shown.version,
});

export const linkInput = (overrides: Record<string, unknown> = {}) => ({
  recipientName: 'Jane Client',
  recipientEmail: 'Jane.Client@Northwind.example',
  sendEmail: false,
  ...overrides,
});

type RequestOptions = { cookie?: string; ip?: string; headers?: Record<string, string> };

let addressCounter = 0;
/** An address no other test of the run uses. */
export const newAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

/** Builds the world for the test file that calls it (in its top level). */
export function useClientLinkWorld({
  deckRenderer = fakeRenderer,
  env,
}: { deckRenderer?: DeckRenderer; env?: Record<string, string> } = {}) {
  const clock = createTestClock(new Date('2026-11-23T09:00:00Z'));
  const cookies = {} as Record<Who, string>;
  const ids = {} as Record<Who, string>;
  const emails = {} as Record<Who, string>;
  /** The last batch number each visit used. */
  const sequences = new Map<string, number>();
  const world = {
    clock,
    cookies,
    ids,
    emails,
    t: undefined as unknown as TestApp,
    slideIds: [] as string[],
    /** The address requests come from unless they say otherwise: a new one for every test. */
    ip: newAddress(),
    db: () => world.t.app.services.db,

    post(url: string, payload?: unknown, options: RequestOptions = {}) {
      return world.t.app.inject({
        method: 'POST',
        url,
        remoteAddress: options.ip ?? world.ip,
        headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    },

    get(url: string, options: RequestOptions = {}) {
      return world.t.app.inject({
        method: 'GET',
        url,
        remoteAddress: options.ip ?? world.ip,
        headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
      });
    },

    async newDeck(cookie = cookies.rep, title?: string): Promise<string> {
      const res = await world.post('/api/generate-slides', draft(world.slideIds, title), {
        cookie,
        headers: { prefer: 'wait=60' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().presentationId;
    },

    /** Creates a link as the rep and answers its token and id. */
    async createLink(deckId: string, overrides: Record<string, unknown> = {}) {
      const res = await world.post(`/api/decks/${deckId}/client-links`, linkInput(overrides), {
        cookie: cookies.rep,
      });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      const token = /\/v\/([A-Za-z0-9_-]+)$/.exec(body.url)![1]!;
      return { token, id: body.link.id as string, body };
    },

    /** Starts a visit as a client without cookies (a new viewer), or with `options.cookie`. */
    async startVisit(token: string, options: RequestOptions = {}) {
      const res = await world.post(`/api/client-view/${token}/visits`, undefined, options);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as {
        visitId: string | null;
        isTracked: boolean;
        untrackedReason: 'team' | 'limit' | null;
      };
    },

    /**
     * Reports a batch of the visit's events, numbered as a viewer numbers them (1, 2, 3… per
     * visit) unless `sequence` says otherwise.
     */
    sendEvents(token: string, visitId: string, events: unknown[], sequence?: number) {
      const number = sequence ?? (sequences.get(visitId) ?? 0) + 1;
      sequences.set(visitId, Math.max(number, sequences.get(visitId) ?? 0));
      return world.post(`/api/client-view/${token}/visits/${visitId}/events`, {
        sequence: number,
        events,
      });
    },

    async analytics(deckId: string, linkId: string) {
      const res = await world.get(`/api/decks/${deckId}/client-links/${linkId}/analytics`, {
        cookie: cookies.rep,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
  };

  let webRoot: string;

  async function approved(key: Who, role: 'sales_rep' | 'manager') {
    const { account, user, cookie } = await approvedAccount(world.t.app, `${key} person`, role);
    cookies[key] = cookie;
    ids[key] = user.id;
    emails[key] = account.email;
  }

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(os.tmpdir(), 'deck-portal-client-view-'));
    await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>portal</title>');
    await writeFile(path.join(webRoot, 'client-view.html'), clientPage);
    world.t = await createTestApp({ clock, deckRenderer, webRoot, ...(env ? { env } : {}) });
    const admin = await createAdmin(world.t.app);
    cookies.admin = admin.cookie;
    ids.admin = admin.user.id;
    emails.admin = admin.account.email;
    await approved('rep', 'sales_rep');
    await approved('otherRep', 'sales_rep');
    await approved('manager', 'manager');
    const pending = await signUp(world.t.app, newAccount('Pat Pending'));
    cookies.pending = pending.cookie;

    const library = await world.get('/api/template-slides', { cookie: cookies.rep });
    world.slideIds = (library.json().slides as { id: string }[]).map((slide) => slide.id);
  }, 120_000);

  beforeEach(() => {
    world.ip = newAddress();
  });

  afterAll(async () => {
    await world.t?.app.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  return world;
}

export type ClientLinkWorld = ReturnType<typeof useClientLinkWorld>;

/** The viewer cookie a visit's answer set, as a Cookie header value. */
export function viewerCookieOf(response: { cookies: { name: string; value: string }[] }) {
  const cookie = response.cookies.find((c) => c.name === 'deck_link_viewer');
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
}
