import {
  libraryBrandPreviewResponseSchema,
  libraryBrandResponseSchema,
  type Brand,
} from '@deck-portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { libraryQueryKeys } from '../../../lib/library-api/library-query-keys.ts';

const brandKey = [...libraryQueryKeys.all, 'brand'] as const;

/** `GET /api/library/brand`: the draft's brand and its revision. */
export function useLibraryBrand() {
  return useQuery({
    queryKey: brandKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/library/brand', { schema: libraryBrandResponseSchema, signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** `PUT /api/library/brand {revision, brand}`; a stale revision answers 409. */
export function useSaveLibraryBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { revision: number; brand: Brand }) =>
      apiRequest('/api/library/brand', {
        method: 'PUT',
        body: input,
        schema: libraryBrandResponseSchema,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(brandKey, saved);
      void queryClient.invalidateQueries({ queryKey: libraryQueryKeys.draft });
    },
  });
}

/** `POST /api/library/brand/preview`: the brand drawn on three of the draft's slides. */
export function useBrandPreview(brand: Brand | undefined) {
  return useQuery({
    queryKey: [...brandKey, 'preview', brand] as const,
    queryFn: ({ signal }) =>
      apiRequest('/api/library/brand/preview', {
        method: 'POST',
        body: { brand },
        schema: libraryBrandPreviewResponseSchema,
        signal,
      }),
    enabled: brand !== undefined,
    placeholderData: (previous) => previous,
    staleTime: Infinity,
    retry: false,
  });
}
