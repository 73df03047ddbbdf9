import { libraryCategoriesResponseSchema, type TemplateCategory } from '@deck-portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { libraryQueryKeys } from '../../../lib/library-api/library-query-keys.ts';

const categoriesKey = [...libraryQueryKeys.all, 'categories'] as const;

/** `GET /api/library/categories`: the draft's categories and their revision. */
export function useLibraryCategories() {
  return useQuery({
    queryKey: categoriesKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/library/categories', { schema: libraryCategoriesResponseSchema, signal }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** `PUT /api/library/categories {revision, categories}`; a stale revision answers 409. */
export function useSaveLibraryCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { revision: number; categories: TemplateCategory[] }) =>
      apiRequest('/api/library/categories', {
        method: 'PUT',
        body: input,
        schema: libraryCategoriesResponseSchema,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(categoriesKey, saved);
      void queryClient.invalidateQueries({ queryKey: libraryQueryKeys.draft });
    },
  });
}
