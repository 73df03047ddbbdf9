import { describeFindingCount } from '@deck-portal/domain';
import { PreflightFindings } from '../../../ui/preflight-findings.tsx';
import { useDeckPreflight } from '../api/get-deck-preflight.ts';

/**
 * What concerns the deck before it goes to a client, as its newest version reads: a warning the
 * rep may go past (an editor's slide is not theirs to fix), on the deck's page and in the
 * client-link dialog.
 */
export function DeckPreflightNotice({
  deckId,
  version,
  where,
}: {
  deckId: string;
  version: number;
  where: 'page' | 'link';
}) {
  const findings = useDeckPreflight(deckId, version).data?.findings ?? [];
  if (findings.length === 0) return null;
  return (
    <PreflightFindings
      findings={findings}
      title={`Before you send it: ${describeFindingCount(findings.length)}`}
    >
      {where === 'link'
        ? 'You can still send the link. Fix what is yours with Modify; tell your content editor about a library slide.'
        : 'Your client will see these slides as they are. Fix what is yours with Modify; tell your content editor about a library slide.'}
    </PreflightFindings>
  );
}
