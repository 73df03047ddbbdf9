import {
  priceListImportResultSchema,
  priceListViewSchema,
  type PriceList,
  type PriceListChange,
  type PriceListImport,
} from '@deck-portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { priceListsQueryKey } from '../../../lib/markets.ts';
import { priceBookQueryKey } from '../../../lib/price-book.ts';

/** `PUT /api/admin/price-lists/:currency`: adds the list, or changes how its prices are made. */
export function useSavePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ currency, derived }: PriceList) =>
      apiRequest(`/api/admin/price-lists/${encodeURIComponent(currency)}`, {
        method: 'PUT',
        body: { derived } satisfies PriceListChange,
        schema: priceListViewSchema,
      }),
    // Derived prices follow the list: the product editor's read-only ones as well.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceListsQueryKey }),
  });
}

/** `DELETE /api/admin/price-lists/:currency`: refused (409, with why) while a market quotes in it. */
export function useDeletePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currency: string) =>
      apiRequest(`/api/admin/price-lists/${encodeURIComponent(currency)}`, {
        method: 'DELETE',
        schema: z.unknown(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceListsQueryKey }),
  });
}

/** Where a list's file (CSV, one row per product) is downloaded from. */
export const priceListExportUrl = (currency: string) =>
  `/api/admin/price-lists/${encodeURIComponent(currency)}/export`;

/**
 * `POST /api/admin/price-lists/:currency/import {file, apply}`: what the file would change
 * (`apply: false`), or the change made; applied, the products' prices are new entries.
 */
export function useImportPriceList(currency: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PriceListImport) =>
      apiRequest(`/api/admin/price-lists/${encodeURIComponent(currency)}/import`, {
        method: 'POST',
        body: input,
        schema: priceListImportResultSchema,
      }),
    onSuccess: (result) => {
      if (result.applied) void queryClient.invalidateQueries({ queryKey: priceBookQueryKey });
    },
  });
}
