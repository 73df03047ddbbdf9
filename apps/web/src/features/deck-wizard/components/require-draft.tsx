import { Navigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import type { StoredDeckDraft } from '../../../lib/deck-draft-storage.ts';

/**
 * A step opened before the steps it builds on (a bookmark, a cleared draft) goes back to the
 * first step that is missing, so no step ever works on half a draft.
 */
export function missingStepPath(
  draft: StoredDeckDraft,
  needs: 'basic-info' | 'product-selection' | 'customize',
): string | null {
  if (!draft.basicInfo) return paths.createDeck.basicInfo;
  if (needs === 'basic-info') return null;
  if (!draft.productSelection) return paths.createDeck.productSelection;
  if (needs === 'product-selection') return null;
  if (!draft.templateCustomization) return paths.createDeck.customize;
  return null;
}

export function RedirectTo({ to }: { to: string }) {
  return <Navigate to={to} replace />;
}
