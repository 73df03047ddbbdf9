import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryDraft } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { approvedCookie, createAdmin, requestAs } from './helpers/accounts.ts';

// A category's name files slides for editors and reps; its client label is what a client reads
// on the slides' kickers and the agenda.
let t: TestApp;
let editor = '';
let rep = '';

beforeAll(async () => {
  t = await createTestApp();
  await createAdmin(t.app);
  editor = await approvedCookie(t.app, 'Cora Content', 'content_editor');
  rep = await approvedCookie(t.app, 'Reese Rep', 'sales_rep');
}, 60_000);

afterAll(async () => {
  await t.app.close();
});

interface Category {
  id: string;
  name: string;
  label?: string;
  color: string;
}

async function openCategories() {
  const opened = await requestAs(t.app, editor, 'GET', '/api/library/categories');
  expect(opened.statusCode, opened.body).toBe(200);
  return opened.json() as { categories: Category[]; revision: number };
}

/** Every slide's SVG of a new deck with the agenda and the deployment plan, joined. */
async function generatedDeckText() {
  const made = await requestAs(t.app, rep, 'POST', '/api/generate-slides', {
    basicInfo: { deckTitle: 'Labels', clientName: 'Northwind', date: '2031-06-15' },
    productSelection: {
      selectedProducts: [{ id: 'controller', quantity: 1, customPricing: 199 }],
      includePricing: false,
    },
    templateCustomization: { selectedSlides: ['agenda', 'deployment-plan'] },
  });
  expect(made.statusCode, made.body).toBe(201);
  const deckId = made.json().presentationId as string;
  const slides = (await requestAs(t.app, rep, 'GET', `/api/decks/${deckId}/slides`)).json()
    .slides as { url: string }[];
  const svgs = await Promise.all(
    slides.map(async (slide) => (await requestAs(t.app, rep, 'GET', slide.url)).body),
  );
  return svgs.join('\n');
}

describe('a category’s client label', () => {
  it('is what the next deck shows once an editor changes and publishes it', async () => {
    const before = await generatedDeckText();
    expect(before).toContain('THE PLAN');
    expect(before).not.toContain('STRATEGY');

    const { categories, revision } = await openCategories();
    const strategy = categories.find((category) => category.id === 'strategy')!;
    expect(strategy).toMatchObject({ name: 'Strategy', label: 'The plan' });
    const saved = await requestAs(t.app, editor, 'PUT', '/api/library/categories', {
      revision,
      categories: categories.map((category) =>
        category === strategy ? { ...category, label: 'Your roll-out' } : category,
      ),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await requestAs(t.app, editor, 'POST', '/api/library/publish', {
      note: 'Client label',
    });
    expect(published.statusCode, published.body).toBe(201);

    const after = await generatedDeckText();
    expect(after).toContain('YOUR ROLL-OUT');
    expect(after).toContain('Your roll-out');
    expect(after).not.toContain('THE PLAN');
    // Reps still find the slides under the library's name.
    const offered = (await requestAs(t.app, rep, 'GET', '/api/template-slides')).json() as {
      categories: Category[];
    };
    expect(offered.categories.find((category) => category.id === 'strategy')).toMatchObject({
      name: 'Strategy',
      label: 'Your roll-out',
    });
  }, 120_000);

  it('shows the editor the label a category saved before labels existed is drawn with', async () => {
    const { categories } = await openCategories();
    const stored = categories.map(({ id, name, color }) => ({ id, name, color }));
    await t.database.db
      .update(libraryDraft)
      .set({ document: stored })
      .where(eq(libraryDraft.kind, 'categories'));
    const reopened = await openCategories();
    expect(reopened.categories.find((category) => category.id === 'sales')?.label).toBe(
      'Your investment',
    );
  });

  it('refuses a label longer than a kicker holds, naming the field', async () => {
    const { categories, revision } = await openCategories();
    const refused = await requestAs(t.app, editor, 'PUT', '/api/library/categories', {
      revision,
      categories: categories.map((category, i) =>
        i === 0 ? { ...category, label: 'x'.repeat(41) } : category,
      ),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields['categories.0.label']).toBeTruthy();
  });
});
