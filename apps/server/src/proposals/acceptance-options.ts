import type { z } from 'zod';
import {
  acceptanceMessages,
  type createClientLinkRequestSchema,
  type DeckDraft,
} from '@deck-portal/domain';
import { AppError } from '../http/app-error.ts';

type AcceptanceInput = z.output<typeof createClientLinkRequestSchema>['acceptance'];

/**
 * A new link's acceptance options as `client_links` stores them. Optional items must be
 * products of the version the link shows (422 otherwise); with acceptance off none are kept.
 */
export function checkAcceptanceOptions(input: AcceptanceInput, shown: DeckDraft) {
  if (!input.enabled) return { acceptanceEnabled: false, optionalProductIds: [] };
  const products = new Set(shown.productSelection.selectedProducts.map((product) => product.id));
  if (input.optionalProductIds.some((id) => !products.has(id))) {
    throw new AppError('validation_failed', acceptanceMessages.optionalNotInDeck, {
      status: 422,
      fields: { 'acceptance.optionalProductIds': acceptanceMessages.optionalNotInDeck },
    });
  }
  return { acceptanceEnabled: true, optionalProductIds: [...new Set(input.optionalProductIds)] };
}
