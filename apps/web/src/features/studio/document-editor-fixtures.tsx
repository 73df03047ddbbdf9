import type { LibraryDraftResponse, TemplateSlideDocument } from '@deck-portal/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { paths } from '../../config/paths.ts';
import { adminUser, mockApi, renderApp } from '../../test/render-app.tsx';

// The slide the studio's tests open, the API they answer it from, and the steps they share.
/** The About us slide's one text. */
export const aboutText = {
  kind: 'text',
  x: 48,
  y: 120,
  w: 400,
  h: 80,
  text: 'We keep food cold.',
  style: { weight: 'regular', size: 20, color: 'brand.ink' },
} satisfies TemplateSlideDocument['elements'][number];

export const slide: TemplateSlideDocument = {
  format: 1,
  id: 'about-us',
  title: 'About us',
  description: 'Who we are',
  background: '#FFFFFF',
  category: 'company',
  heading: 'About us',
  elements: [aboutText],
};

export const library: LibraryDraftResponse = {
  publishedVersion: 3,
  changes: [],
  categories: [{ id: 'company', name: 'Company', color: '#2F6FDE' }],
  palette: [{ value: 'brand.ink', hex: '#172233' }],
  slides: [],
  layouts: [],
};

/** A column chart titled Savings: one series, Before, over 2025 and 2026, its axis fixed to `max`. */
export const savingsChart = (
  values: number[],
  max: number,
): TemplateSlideDocument['elements'][number] => ({
  kind: 'chart',
  x: 48,
  y: 124,
  w: 560,
  h: 300,
  chart: 'column',
  title: 'Savings',
  categories: ['2025', '2026'],
  series: [{ name: 'Before', values, color: '#0B2545' }],
  scale: { min: 0, max },
  size: 11,
  color: 'brand.ink',
});

export type Answer = Parameters<typeof mockApi>[0][string];

/** What the editor sent with its save (the first `PUT`). */
export function savedBody(calls: readonly { method: string; body: unknown }[]) {
  return calls.find((call) => call.method === 'PUT')!.body as { document: TemplateSlideDocument };
}

/** The editor's API for `document` (the About us slide unless given), saving with `save`. */
export function editorApi(save: Answer | undefined, document: TemplateSlideDocument = slide) {
  return mockApi({
    'GET /api/auth/session': { body: { user: adminUser } },
    'GET /api/library': { body: library },
    'GET /api/library/slides/about-us': { body: { document, revision: 4 } },
    'POST /api/library/preview': {
      body: { svg: '<svg xmlns="http://www.w3.org/2000/svg"/>', overflowing: [] },
    },
    ...(save ? { 'PUT /api/library/slides/about-us': save } : {}),
  });
}

/** A save the server takes, answering the document sent. */
export const acceptSave: Answer = ({ body }) => ({
  body: { document: (body as { document: object }).document, revision: 5 },
});

/**
 * The About us slide (or `document`) opened in the editor, its saves taken, and the element named
 * `name` chosen: the user, the calls the editor made and its save.
 */
export async function openElement(name: string, document: TemplateSlideDocument = slide) {
  const calls = editorApi(acceptSave, document);
  const user = userEvent.setup();
  renderApp(paths.librarySlide('about-us'));
  await user.click(await screen.findByRole('button', { name }));
  /** Saves with the Save button, once the draft has it: what the editor sent. */
  const save = async () => {
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved to the draft')).toBeVisible();
    return savedBody(calls);
  };
  return { user, calls, save };
}

export async function editTitle() {
  renderApp(paths.librarySlide('about-us'));
  const title = await screen.findByRole('textbox', { name: 'Title' });
  await userEvent.clear(title);
  await userEvent.type(title, 'Who we are');
  expect(screen.getByText('Unsaved changes')).toBeVisible();
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
}
