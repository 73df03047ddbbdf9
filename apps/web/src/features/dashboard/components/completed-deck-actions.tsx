import type { RecentDeck } from '@deck-portal/domain';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconEye, IconFileTypePdf, IconFileTypePpt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { NewTabButton } from '../../../ui/new-tab-button.tsx';

export const LINK_EXPIRED_MESSAGE = 'This deck cannot be opened. The link may have expired.';

function showLinkExpired() {
  notifications.show({ color: 'red', title: 'Cannot open deck', message: LINK_EXPIRED_MESSAGE });
}

/** A link that opens in a new tab, or tells the rep the link is gone (SPEC.md §4). */
function ExternalDeckLink({
  href,
  label,
  icon,
  variant,
}: {
  href: string | null;
  label: string;
  icon: React.ReactNode;
  variant: string;
}) {
  if (!href) {
    return (
      <Button size="xs" variant={variant} leftSection={icon} onClick={showLinkExpired}>
        {label}
      </Button>
    );
  }
  return (
    <NewTabButton href={href} size="xs" variant={variant} leftSection={icon}>
      {label}
    </NewTabButton>
  );
}

function DeckPageButton({ deckId, children }: { deckId: string; children: React.ReactNode }) {
  return (
    <Button
      component={Link}
      to={paths.deckPreview(deckId)}
      size="xs"
      variant="default"
      leftSection={<IconEye size={14} />}
    >
      {children}
    </Button>
  );
}

/**
 * The online editor, the PowerPoint file, the PDF and Preview for a generated deck; a deck still
 * generating, or that failed, has no files yet: its page shows the progress, or Try again.
 */
export function CompletedDeckActions({ deck }: { deck: RecentDeck }) {
  if (deck.status === 'generating' || deck.status === 'failed') {
    return (
      <DeckPageButton deckId={deck.id}>
        {deck.status === 'failed' ? 'Open to try again' : 'Follow progress'}
      </DeckPageButton>
    );
  }
  return (
    <>
      {/* An accepted deck is locked: its changes go in a copy, made from its page. */}
      {!deck.acceptedAt && (
        <Button
          component={Link}
          to={paths.deckEditor(deck.id)}
          size="xs"
          variant="light"
          leftSection={<IconEdit size={14} />}
        >
          Open editor
        </Button>
      )}
      <ExternalDeckLink
        href={deck.pptxUrl}
        label="PowerPoint"
        icon={<IconFileTypePpt size={14} />}
        variant="light"
      />
      <ExternalDeckLink
        href={deck.pdfUrl}
        label="PDF"
        icon={<IconFileTypePdf size={14} />}
        variant="light"
      />
      <DeckPageButton deckId={deck.id}>Preview</DeckPageButton>
    </>
  );
}
