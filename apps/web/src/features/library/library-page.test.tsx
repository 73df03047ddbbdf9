import type { LibraryDraftResponse, LibraryDraftSlide } from '@deck-portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths.ts';
import { adminUser, mockApi, renderApp } from '../../test/render-app.tsx';

const slide = (id: string, title: string, extra: Partial<LibraryDraftSlide> = {}) => ({
  id,
  title,
  description: '',
  category: 'company',
  inDefaultSelection: false,
  forProducts: [],
  retired: false,
  isNew: false,
  revision: 1,
  updatedAt: '2026-11-02T09:00:00.000Z',
  updatedBy: null,
  thumbnail: `/api/library/slides/${id}/thumbnail`,
  ...extra,
});

const library = (slides: LibraryDraftSlide[]): LibraryDraftResponse => ({
  publishedVersion: 3,
  changes: [],
  categories: [{ id: 'company', name: 'Company', color: '#2F6FDE' }],
  palette: [{ value: 'brand.ink', hex: '#172233' }],
  slides,
  layouts: [],
});

describe('the library page', () => {
  it('says which slide needs fixing, and deletes one added since the last publish', async () => {
    let slides = [
      slide('about-us', 'About us'),
      slide('plan', 'Plan {{nope}}', {
        isNew: true,
        problem: 'heading: {{nope}} is not a binding this format knows',
      }),
    ];
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: adminUser } },
      'GET /api/library': () => ({ body: library(slides) }),
      'GET /api/library/versions': { body: { versions: [] } },
      'DELETE /api/library/slides/plan': () => {
        slides = slides.filter((listed) => listed.id !== 'plan');
        return { body: { ok: true } };
      },
    });
    renderApp(paths.library);
    const broken = await screen.findByRole('article', { name: 'Plan {{nope}}' });
    expect(broken).toHaveTextContent(
      'Needs fixing before publishing: heading: {{nope}} is not a binding this format knows',
    );
    // A published slide is retired, never deleted.
    const published = screen.getByRole('article', { name: 'About us' });
    expect(within(published).queryByRole('button', { name: /^Delete/ })).toBeNull();

    await userEvent.click(within(broken).getByRole('button', { name: 'Delete Plan {{nope}}' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete slide' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Plan {{nope}}' })).toBeNull(),
    );
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });
});
