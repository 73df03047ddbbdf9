import { templateLayoutsResponseSchema } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** `GET /api/template-layouts`: layouts for custom slides, loaded when the rep asks. */
export function getTemplateLayouts(signal?: AbortSignal) {
  return apiRequest('/api/template-layouts', { schema: templateLayoutsResponseSchema, signal });
}

export function templateLayoutsQueryOptions() {
  return queryOptions({
    queryKey: ['templates', 'layouts'],
    queryFn: ({ signal }) => getTemplateLayouts(signal),
    enabled: false,
    retry: false,
  });
}

export function useTemplateLayouts() {
  return useQuery(templateLayoutsQueryOptions());
}
