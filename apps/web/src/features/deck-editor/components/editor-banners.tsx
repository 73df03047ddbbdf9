import type { EditorCollaborator } from '@deck-portal/domain';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

const inASentence = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/** "Dana Reyes is also editing this deck." — with everyone else who has a draft of it open. */
export function OthersEditingBanner({ others }: { others: readonly EditorCollaborator[] }) {
  if (others.length === 0) return null;
  const names = inASentence.format(others.map((other) => other.name || other.email));
  return (
    <Alert color="blue" icon={<IconUsers size={18} />} role="status">
      {names} {others.length === 1 ? 'is' : 'are'} also editing this deck.
    </Alert>
  );
}

/**
 * A version saved after the one this draft began from: the rep looks at it before saving over
 * it (the save then names it as replaced).
 */
export function NewerVersionBanner({
  deckId,
  version,
}: {
  deckId: string;
  version: { number: number; createdBy: string | null };
}) {
  const by = version.createdBy ? ` by ${version.createdBy}` : '';
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="A newer version">
      <Text size="sm">
        Version {version.number} was saved{by} after you began. Review it before you save yours.{' '}
        <Anchor
          component={Link}
          to={`${paths.deckView(deckId)}?version=${version.number}`}
          target="_blank"
          size="sm"
        >
          Open version {version.number}
        </Anchor>
      </Text>
    </Alert>
  );
}

/** The draft was saved elsewhere (another tab): this page's copy is no longer the draft. */
export function StaleDraftBanner({ message, onReload }: { message: string; onReload: () => void }) {
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Saved somewhere else">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {message} Your changes on this page since then are not saved. Reload to continue with the
          draft as it was saved.
        </Text>
        <Button size="xs" variant="default" onClick={onReload}>
          Reload
        </Button>
      </Stack>
    </Alert>
  );
}
