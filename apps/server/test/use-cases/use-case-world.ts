import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { listTemplateSlides, type DeckRenderer } from '@deck-portal/deck-engine';
import {
  deckDraftSchema,
  type DeckDraft,
  type DeckDraftInput,
  type GenerationState,
  type Role,
} from '@deck-portal/domain';
import type { User } from '../../src/auth/sessions.ts';
import { deckVersions, decks, users } from '../../src/db/schema.ts';
import { followGeneration } from '../../src/decks/follow-generation.ts';
import { generateDeckForUser } from '../../src/decks/generate-deck.ts';
import type { Services } from '../../src/services.ts';
import { createFakeDeckRenderer } from '../helpers/fake-deck-renderer.ts';
import { textPdf } from '../helpers/text-pdf.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// Use cases called as functions, below HTTP: the services are the ones the test app builds
// (a fresh embedded database, or PostgreSQL when TEST_DATABASE_URL is set; jobs run in process),
// and nothing here goes through a route.

export type UseCaseWorld = {
  services: Services;
  close(): Promise<void>;
  /** An approved account with the role, written as an administrator's approval leaves it. */
  member(role: Role, name?: string): Promise<User>;
  /** The published library's slides as the wizard lists them. */
  slideIds: string[];
  /** `draft` generated as `user` and waited for, made: the deck's id. */
  madeDeck(user: User, draft: DeckDraft): Promise<string>;
  /** The deck's row. */
  deckRow(deckId: string): Promise<typeof decks.$inferSelect>;
  /** The deck's versions, oldest first. */
  versionsOf(deckId: string): Promise<(typeof deckVersions.$inferSelect)[]>;
};

/** A renderer answering at once, with a real (text) PDF so a certificate can be built on it. */
export function quickRenderer(slideCount = 3): DeckRenderer {
  const fake = createFakeDeckRenderer(slideCount);
  return {
    ...fake,
    async generate(draft, options) {
      const made = await fake.generate(draft, options);
      return { ...made, pdf: textPdf([`${draft.basicInfo.deckTitle} deck page`]) };
    },
  };
}

export async function createUseCaseWorld({
  deckRenderer = quickRenderer(),
}: { deckRenderer?: DeckRenderer } = {}): Promise<UseCaseWorld> {
  const t: TestApp = await createTestApp({ deckRenderer });
  const { services } = t.app;
  const { library } = await services.currentLibrary();
  return {
    services,
    close: () => t.app.close(),
    async member(role, name = `${role} person`) {
      const [user] = await services.db
        .insert(users)
        .values({
          email: `${role}.${randomUUID().slice(0, 8)}@example.com`,
          name,
          role,
          status: 'approved',
          approvedAt: services.clock.now(),
        })
        .returning();
      return user!;
    },
    slideIds: listTemplateSlides(library).map((slide) => slide.id),
    async madeDeck(user, draft) {
      const { presentationId } = await generateDeckForUser(services, { user, draft });
      expect((await settledGeneration(services, presentationId)).status).toBe('completed');
      return presentationId;
    },
    async deckRow(deckId) {
      return (await services.db.select().from(decks).where(eq(decks.id, deckId)))[0]!;
    },
    versionsOf(deckId) {
      return services.db
        .select()
        .from(deckVersions)
        .where(eq(deckVersions.deckId, deckId))
        .orderBy(asc(deckVersions.number));
    },
  };
}

/**
 * The world for the test file that calls it (in its top level), with a sales rep (Riley Rep) and
 * a manager (Morgan Manager): built before the file's tests and closed after them, its fields
 * set once the file's `beforeAll` hooks run.
 */
export function useUseCaseWorld(): UseCaseWorld & { rep: User; manager: User } {
  const world = {} as UseCaseWorld & { rep: User; manager: User };
  beforeAll(async () => {
    Object.assign(world, await createUseCaseWorld());
    world.rep = await world.member('sales_rep', 'Riley Rep');
    world.manager = await world.member('manager', 'Morgan Manager');
  }, 120_000);
  afterAll(async () => {
    await world.close();
  });
  return world;
}

/**
 * A validated deck draft for Northwind Pharmacies: Battery Backup (list $5,995) at `price`, on
 * the library's first two slides.
 */
export function batteryDraft(
  slideIds: string[],
  { price = 5995, quantity = 2, title = 'Cold Chain Upgrade' } = {},
) {
  const input: DeckDraftInput = {
    basicInfo: { deckTitle: title, clientName: 'Northwind Pharmacies', date: '2026-11-21' },
    productSelection: {
      selectedProducts: [{ id: 'battery_backup', quantity, customPricing: price }],
      includePricing: true,
      customPricing: {},
    },
    templateCustomization: { selectedSlides: slideIds.slice(0, 2), customSlides: [] },
  };
  return deckDraftSchema.parse(input);
}

/** The generation's state once it is no longer `generating` (a deck's, or one version job's). */
export async function settledGeneration(
  services: Services,
  deckId: string,
  { jobId, timeoutMs = 60_000 }: { jobId?: string; timeoutMs?: number } = {},
): Promise<GenerationState> {
  let last: GenerationState | undefined;
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), timeoutMs);
  try {
    await followGeneration(
      services,
      deckId,
      (state) => {
        last = state;
      },
      { signal: stop.signal, pollMs: 200, ...(jobId ? { jobId } : {}) },
    );
  } finally {
    clearTimeout(timer);
  }
  if (!last || last.status === 'generating') {
    throw new Error(`deck ${deckId} was still generating after ${timeoutMs} ms`);
  }
  return last;
}
