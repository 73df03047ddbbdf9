import { afterAll, beforeAll, expect } from 'vitest';
import type { DeckRenderer } from '@deck-portal/deck-engine';
import type { LibraryDraftResponse, TemplateSlideDocument } from '@deck-portal/domain';
import { approvedCookie, createAdmin, requestAs } from './accounts.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// The app the library editing tests share within a file: its built-in library fresh, an admin,
// a content editor, two reps and a manager signed in. Content editors and admins change the
// library's draft and publish it; reps build from the published version only.

export type Who = 'admin' | 'editor' | 'rep' | 'otherRep' | 'manager' | 'anonymous';

/**
 * Builds the app before the file's tests and closes it after them; what it returns reads the
 * app once it is built (`world.t` is set when the file's own `beforeAll` hooks run).
 */
export function useLibraryEditors({ deckRenderer }: { deckRenderer?: DeckRenderer } = {}) {
  const cookies: Record<Exclude<Who, 'anonymous'>, string> = {
    admin: '',
    editor: '',
    rep: '',
    otherRep: '',
    manager: '',
  };
  const world = { t: undefined as unknown as TestApp, cookies };

  beforeAll(async () => {
    world.t = await createTestApp({ deckRenderer });
    cookies.admin = (await createAdmin(world.t.app)).cookie;
    cookies.editor = await approvedCookie(world.t.app, 'Cora Content', 'content_editor');
    cookies.rep = await approvedCookie(world.t.app, 'Reese Rep', 'sales_rep');
    cookies.otherRep = await approvedCookie(world.t.app, 'Otto Other', 'sales_rep');
    cookies.manager = await approvedCookie(world.t.app, 'Mona Manager', 'manager');
  }, 60_000);

  afterAll(async () => {
    await world.t.app.close();
  });

  function call(who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    return requestAs(
      world.t.app,
      who === 'anonymous' ? undefined : cookies[who],
      method,
      url,
      payload,
    );
  }

  async function draft(): Promise<LibraryDraftResponse> {
    const response = await call('editor', 'GET', '/api/library');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function openSlide(id: string) {
    const response = await call('editor', 'GET', `/api/library/slides/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { document: TemplateSlideDocument; revision: number };
  }

  async function saveSlide(
    who: Who,
    id: string,
    change: (document: TemplateSlideDocument) => void,
    revision?: number,
  ) {
    const opened = await openSlide(id);
    const document = structuredClone(opened.document);
    change(document);
    return call(who, 'PUT', `/api/library/slides/${id}`, {
      revision: revision ?? opened.revision,
      document,
    });
  }

  async function repSlides() {
    const response = await call('rep', 'GET', '/api/template-slides');
    expect(response.statusCode).toBe(200);
    return response.json().slides as { id: string; title: string; index: number }[];
  }

  /**
   * A deck the rep generates for Northwind of `products` on `slides`: each slide's SVG as the web
   * view shows it, and the generation's warnings.
   */
  async function repDeck({
    title,
    slides,
    products,
    includePricing = false,
  }: {
    title: string;
    slides: string[];
    products: { id: string; quantity: number; customPricing: number }[];
    includePricing?: boolean;
  }) {
    const made = await call('rep', 'POST', '/api/generate-slides', {
      basicInfo: { deckTitle: title, clientName: 'Northwind', date: '2031-06-15' },
      productSelection: { selectedProducts: products, includePricing },
      templateCustomization: { selectedSlides: slides },
    });
    expect(made.statusCode, made.body).toBe(201);
    const deckId = made.json().presentationId as string;
    const listed = (await call('rep', 'GET', `/api/decks/${deckId}/slides`)).json().slides as {
      url: string;
    }[];
    const svgs = await Promise.all(
      listed.map(async (slide) => (await call('rep', 'GET', slide.url)).body),
    );
    return { svgs, warnings: (made.json().warnings ?? []) as string[] };
  }

  return { world, cookies, call, draft, openSlide, saveSlide, repSlides, repDeck };
}

export const firstText = (document: TemplateSlideDocument) =>
  document.elements.findIndex((element) => element.kind === 'text');
