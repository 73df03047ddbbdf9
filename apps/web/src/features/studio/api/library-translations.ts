import {
  libraryTranslationImportResponseSchema,
  libraryTranslationLanguageSchema,
  libraryTranslationLanguagesResponseSchema,
  libraryTranslationTextsResponseSchema,
  type LibraryTranslationDocument,
  type SaveLibraryTranslationsRequest,
} from '@deck-portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { libraryQueryKeys } from '../../../lib/library-api/library-query-keys.ts';

// The library's languages (issue 50): counts per language, a document's texts side by side,
// saving them, and a translator's files out and in.

const translationsKey = [...libraryQueryKeys.all, 'translations'] as const;
const languageKey = (language: string) => [...translationsKey, language] as const;

/** Which document's texts to show: a slide, a layout or a shared part. */
export type TranslatedDocument = Pick<LibraryTranslationDocument, 'kind' | 'id'>;

/** `GET /api/library/translations`: every language with how much of the draft it has. */
export function useTranslationLanguages() {
  return useQuery({
    queryKey: translationsKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/library/translations', {
        schema: libraryTranslationLanguagesResponseSchema,
        signal,
      }),
  });
}

/** `GET /api/library/translations/:lang?slide=`: a document's texts and their translations. */
export function useTranslationTexts(language: string, document: TranslatedDocument | undefined) {
  const query = document ? `?${document.kind}=${encodeURIComponent(document.id)}` : '';
  return useQuery({
    queryKey: [...languageKey(language), document?.kind ?? '', document?.id ?? ''],
    queryFn: ({ signal }) =>
      apiRequest(`/api/library/translations/${encodeURIComponent(language)}${query}`, {
        schema: libraryTranslationTextsResponseSchema,
        signal,
      }),
    refetchOnWindowFocus: false,
  });
}

/** Where a language's file is downloaded from. */
export const translationExportUrl = (language: string, format: 'xliff' | 'csv') =>
  `/api/library/translations/${encodeURIComponent(language)}/export?format=${format}`;

function useReloadLanguage() {
  const queryClient = useQueryClient();
  return (language: string) => {
    void queryClient.invalidateQueries({ queryKey: translationsKey, exact: true });
    void queryClient.invalidateQueries({ queryKey: languageKey(language) });
    // The draft's changes name the languages whose translations changed.
    void queryClient.invalidateQueries({ queryKey: libraryQueryKeys.draft });
  };
}

/** `PUT /api/library/translations/:lang {revision, entries}`; a stale revision answers 409. */
export function useSaveTranslations(language: string) {
  const reload = useReloadLanguage();
  return useMutation({
    mutationFn: (input: SaveLibraryTranslationsRequest) =>
      apiRequest(`/api/library/translations/${encodeURIComponent(language)}`, {
        method: 'PUT',
        body: input,
        schema: libraryTranslationLanguageSchema,
      }),
    onSuccess: () => reload(language),
  });
}

/** `POST /api/library/translations/:lang/import`: an XLIFF or CSV file as it is. */
export function useImportTranslations(language: string) {
  const reload = useReloadLanguage();
  return useMutation({
    mutationFn: (file: File) =>
      apiRequest(`/api/library/translations/${encodeURIComponent(language)}/import`, {
        method: 'POST',
        // Browsers name these files many ways (or not at all): say what the server reads.
        file: new Blob([file], {
          type: /\.csv$/i.test(file.name) ? 'text/csv' : 'application/xliff+xml',
        }),
        schema: libraryTranslationImportResponseSchema,
      }),
    onSuccess: () => reload(language),
  });
}
