import type { DeckVersion } from '@deck-portal/domain';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconRestore } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useDeckVersions, useDuplicateDeck, useRestoreVersion } from '../api/deck-versions.ts';

function changesOf(version: DeckVersion) {
  if (version.changes.length > 0) return version.changes;
  return [version.number === 1 ? 'First version' : 'Generated again without changes'];
}

function VersionItem({
  deckId,
  version,
  canRestore,
}: {
  deckId: string;
  version: DeckVersion;
  canRestore: boolean;
}) {
  const navigate = useNavigate();
  const restore = useRestoreVersion(deckId);
  const duplicate = useDuplicateDeck(deckId);
  const headingId = `version-${version.number}-title`;

  const confirmRestore = () =>
    modals.openConfirmModal({
      title: `Restore version ${version.number}`,
      centered: true,
      children: (
        <Text size="sm">
          Version {version.number} becomes the newest version, with exactly the files it had (made
          again only to add or lift the “pending approval” watermark, if its prices now call for
          it). Client links that follow the newest version will show it. Nothing is deleted: the
          current version stays in the history.
        </Text>
      ),
      labels: { confirm: `Restore version ${version.number}`, cancel: 'Cancel' },
      onConfirm: () =>
        restore.mutate(version.number, {
          onSuccess: (made) =>
            notifications.show({
              color: 'green',
              message: `Version ${version.number} was restored as version ${made.version}.`,
            }),
          onError: (error) =>
            notifications.show({ color: 'red', title: 'Restore failed', message: error.message }),
        }),
    });

  const makeCopy = () =>
    duplicate.mutate(version.number, {
      onSuccess: async (made) => {
        notifications.show({
          color: 'green',
          message: 'A copy was made as a new deck of yours. Modify it for its client.',
        });
        await navigate(paths.deckPreview(made.presentationId));
      },
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Duplicate failed', message: error.message }),
    });

  return (
    <li aria-labelledby={headingId}>
      <Stack gap={6} py="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={600} id={headingId}>
              Version {version.number}
            </Text>
            {version.isCurrent && (
              <Badge color="teal" variant="light" tt="none">
                Newest
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {formatDateTime(version.createdAt)}
            {version.createdBy ? ` · ${version.createdBy.name}` : ''}
          </Text>
        </Group>
        <List size="sm" spacing={2}>
          {changesOf(version).map((change) => (
            <List.Item key={change} style={{ overflowWrap: 'anywhere' }}>
              {change}
            </List.Item>
          ))}
        </List>
        <Group gap="xs">
          <Anchor component={Link} to={version.viewUrl} size="sm">
            View
          </Anchor>
          <Anchor href={version.pdfUrl} size="sm" target="_blank" rel="noopener">
            PDF
          </Anchor>
          <Anchor href={version.pptxUrl} size="sm" target="_blank" rel="noopener">
            PowerPoint
          </Anchor>
          {canRestore && !version.isCurrent && (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconRestore size={14} aria-hidden />}
              loading={restore.isPending}
              onClick={confirmRestore}
              aria-label={`Restore version ${version.number}`}
            >
              Restore
            </Button>
          )}
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconCopy size={14} aria-hidden />}
            loading={duplicate.isPending}
            onClick={makeCopy}
            aria-label={`Duplicate version ${version.number} as a new deck`}
          >
            Duplicate
          </Button>
        </Group>
      </Stack>
    </li>
  );
}

/**
 * The deck's history: every version, who made it and when, what changed, its files, and
 * restore (managers of the deck) or duplicate (anyone who sees it) for each. A deck a client
 * accepted is locked (`isLocked`): the server refuses a restore, so none is offered.
 */
export function VersionsPanel({
  deckId,
  canManage,
  isLocked = false,
}: {
  deckId: string;
  canManage: boolean;
  isLocked?: boolean;
}) {
  const versions = useDeckVersions(deckId);
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="versions-title">
      <Title order={2} size="h4" mb="xs" id="versions-title">
        Versions
      </Title>
      {versions.isPending ? (
        <Loader size="sm" aria-label="Loading versions" />
      ) : versions.isError ? (
        <Text size="sm" c="red.8">
          The versions could not be loaded: {versions.error.message}
        </Text>
      ) : (
        <ol
          aria-label="Versions, newest first"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {versions.data.versions.map((version) => (
            <VersionItem
              key={version.number}
              deckId={deckId}
              version={version}
              canRestore={canManage && !isLocked}
            />
          ))}
        </ol>
      )}
    </Card>
  );
}
