import {
  libraryLayoutResponseSchema,
  librarySlideResponseSchema,
  type LibraryDocumentKind,
  type LibraryDocumentProblem,
  type TemplateLayout,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { libraryQueryKeys } from './library-query-keys.ts';

export type LibraryDocument = TemplateSlideDocument | TemplateLayout;
export type LibraryDocumentResponse = {
  document: LibraryDocument;
  revision: number;
  problems?: LibraryDocumentProblem[];
};

/** The answer for a slide or a layout, checked by the schema of its kind. */
export const libraryDocumentResponseSchema = (kind: LibraryDocumentKind) =>
  (kind === 'slide'
    ? librarySlideResponseSchema
    : libraryLayoutResponseSchema) as z.ZodType<LibraryDocumentResponse>;

export const libraryDocumentPath = (kind: LibraryDocumentKind, id: string) =>
  `/api/library/${kind}s/${encodeURIComponent(id)}`;

/** `GET /api/library/slides/:id` or `…/layouts/:id`: the draft document and its revision. */
export function fetchLibraryDocument(kind: LibraryDocumentKind, id: string, signal?: AbortSignal) {
  return apiRequest(libraryDocumentPath(kind, id), {
    schema: libraryDocumentResponseSchema(kind),
    ...(signal ? { signal } : {}),
  });
}

export function useLibraryDocument(kind: LibraryDocumentKind, id: string) {
  return useQuery({
    queryKey: libraryQueryKeys.document(kind, id),
    queryFn: ({ signal }) => fetchLibraryDocument(kind, id, signal),
    // The editor keeps its own copy while it is open; a reload is the editor's choice.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
