import type {
  LibraryTranslationLanguage,
  LibraryTranslationTextsResponse,
} from '@deck-portal/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths.ts';
import { adminUser, apiError, mockApi, renderApp } from '../../test/render-app.tsx';

const language = (
  tag: string,
  name: string,
  counts: Partial<LibraryTranslationLanguage>,
): LibraryTranslationLanguage => ({
  language: tag,
  name,
  nativeName: name,
  direction: tag === 'ar' ? 'rtl' : 'ltr',
  translated: 0,
  missing: 3,
  revision: 0,
  ...counts,
});

const japanese = language('ja', 'Japanese', { translated: 2, missing: 1, revision: 4 });

const texts: LibraryTranslationTextsResponse = {
  language: japanese,
  documents: [
    { kind: 'slide', id: 'title', title: 'Title', total: 2, missing: 1 },
    { kind: 'part', id: 'footer', title: 'footer', total: 1, missing: 0 },
  ],
  texts: [
    {
      id: 't1',
      source: 'Prepared for {{client.name}}',
      target: '{{client.name}} 様',
      missing: false,
    },
    { id: 't2', source: 'Our team', target: '', missing: true },
  ],
};

describe('the languages page', () => {
  it('shows a language’s texts beside the English, marks what is missing and saves a change', async () => {
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: adminUser } },
      'GET /api/library/translations': {
        body: {
          sourceLanguage: 'en',
          textCount: 3,
          languages: [language('de', 'German', {}), japanese, language('ar', 'Arabic', {})],
        },
      },
      'GET /api/library/translations/ja': { body: texts },
      'PUT /api/library/translations/ja': ({ body }) => {
        const { entries } = body as { entries: Record<string, string> };
        return entries['Our team']?.includes('{{')
          ? apiError(
              400,
              'validation_failed',
              'The translation of “Our team” must keep its bindings none (it has {{x}}).',
            )
          : { body: { ...japanese, translated: 3, missing: 0, revision: 5 } };
      },
    });
    renderApp(paths.libraryLanguages);
    // The first language with translations is shown until the editor picks another.
    expect(await screen.findByRole('combobox', { name: 'Language' })).toHaveValue(
      'Japanese (Japanese) · 1 missing',
    );
    expect(await screen.findByText('2 of 3 texts translated, 1 missing.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Texts of' });
    expect(within(nav).getByRole('button', { name: /Title/ })).toHaveTextContent('1 missing');
    expect(within(nav).getByRole('button', { name: /footer/ })).toHaveTextContent('Done');

    const missing = screen.getByRole('textbox', { name: 'Japanese for “Our team”' });
    expect(missing).toHaveAttribute('lang', 'ja');
    expect(within(missing.closest('tr')!).getByText('Missing')).toBeInTheDocument();
    await userEvent.type(missing, '私たちのチーム {{{{x}}');
    await userEvent.click(screen.getByRole('button', { name: 'Save translations' }));
    expect(await screen.findByText(/must keep its bindings/)).toBeInTheDocument();

    await userEvent.clear(missing);
    await userEvent.type(missing, '私たちのチーム');
    expect(screen.getByText('1 changed, not saved yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save translations' }));
    expect(await screen.findByText('Type a translation beside its text.')).toBeInTheDocument();
    const saves = calls.filter((call) => call.method === 'PUT');
    expect(saves.at(-1)!.body).toEqual({ revision: 4, entries: { 'Our team': '私たちのチーム' } });
    expect(screen.getByRole('link', { name: /Export XLIFF/ })).toHaveAttribute(
      'href',
      '/api/library/translations/ja/export?format=xliff',
    );
  });
});
