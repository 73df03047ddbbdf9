import {
  adminProductsResponseSchema,
  priceBookEntrySchema,
  productHistoryResponseSchema,
  type ProductChange,
} from '@deck-portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { priceBookQueryKey } from '../../../lib/price-book.ts';

/** The price book's admin queries, under the key the wizard's query shares. */
const priceBookQueryKeys = {
  all: priceBookQueryKey,
  admin: [...priceBookQueryKey, 'admin'] as const,
  history: (id: string) => [...priceBookQueryKey, 'history', id] as const,
};

/** `GET /api/admin/products`: every product with its entry in force and scheduled changes. */
export function useAdminProducts() {
  return useQuery({
    queryKey: priceBookQueryKeys.admin,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/products', { schema: adminProductsResponseSchema, signal }),
  });
}

/** `GET /api/admin/products/:id/history`: every entry of one product, newest first. */
export function useProductHistory(productId: string | undefined) {
  return useQuery({
    queryKey: priceBookQueryKeys.history(productId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/products/${encodeURIComponent(productId!)}/history`, {
        schema: productHistoryResponseSchema,
        signal,
      }),
    enabled: productId !== undefined,
  });
}

/** A change to a product from its effective date, or (without an id) a new product. */
export function useChangeProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, change }: { productId?: string; change: ProductChange }) =>
      apiRequest(
        productId
          ? `/api/admin/products/${encodeURIComponent(productId)}/changes`
          : '/api/admin/products',
        { method: 'POST', body: change, schema: priceBookEntrySchema },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceBookQueryKeys.all }),
  });
}
