import { templateSlidesResponseSchema } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** `GET /api/template-slides`: the master deck's slides and categories (the wizard and the preview). */
export function getTemplateSlides(signal?: AbortSignal) {
  return apiRequest('/api/template-slides', { schema: templateSlidesResponseSchema, signal });
}

export function templateSlidesQueryOptions() {
  return queryOptions({
    queryKey: ['templates', 'slides'],
    queryFn: ({ signal }) => getTemplateSlides(signal),
    // The library is fixed for the life of the server.
    staleTime: 60 * 60_000,
  });
}

export function useTemplateSlides() {
  return useQuery(templateSlidesQueryOptions());
}
