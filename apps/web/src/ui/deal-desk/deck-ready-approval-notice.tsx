import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useDeckApproval } from '../../lib/deal-desk.ts';
import { NEEDS_APPROVAL_TEXT } from './deck-approval-panel.tsx';

/**
 * On step 4's "Your deck is ready!": a deck priced past the rep's limits says so at once, and
 * leads to its page, where approval is requested. Nothing for a deck within them.
 */
export function DeckReadyApprovalNotice({ deckId }: { deckId: string }) {
  const approval = useDeckApproval(deckId).data;
  if (approval?.state !== 'needs_approval') return null;
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} />}
      ta="left"
      w="100%"
      title="Needs approval before a client sees it"
    >
      {NEEDS_APPROVAL_TEXT}
      <Button
        component={Link}
        to={paths.deckPreview(deckId)}
        size="xs"
        color="orange"
        variant="light"
        mt="sm"
        display="block"
        w="fit-content"
      >
        Request approval on the deck’s page
      </Button>
    </Alert>
  );
}
