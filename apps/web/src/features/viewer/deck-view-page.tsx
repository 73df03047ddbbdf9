import { useState } from 'react';
import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconDownload,
  IconEdit,
  IconFileTypePpt,
  IconPresentation,
} from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { BackToDashboardButton } from '../../ui/back-to-dashboard-button.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { NewTabButton } from '../../ui/new-tab-button.tsx';
import { SlideViewer } from '../../ui/slide-viewer/slide-viewer.tsx';
import { useDeckAccess } from './api/get-deck-access.ts';
import { useDeckSlides } from './api/get-deck-slides.ts';

function Viewer({ id, version }: { id: string; version: number | undefined }) {
  const deck = useDeckSlides(id, version);
  const access = useDeckAccess(id);
  const [isPresenting, setPresenting] = useState(false);
  const slides = deck.data?.slides ?? [];

  if (deck.isPending) {
    return (
      <Center py={80}>
        <Loader aria-label="Loading deck" />
      </Center>
    );
  }
  if (deck.isError) {
    const error = deck.error;
    const isSignedOut = error instanceof ApiError && error.status === 401;
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="Deck not available">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {isSignedOut
              ? 'Sign in with the e-mail address the deck was shared with to view it.'
              : error instanceof ApiError && error.status === 404
                ? 'This deck does not exist or has not been shared with you.'
                : error.message}
          </Text>
          {isSignedOut && (
            <Button component={Link} to={paths.auth} size="xs">
              Sign in
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }

  const { title, clientName, pdfUrl, pptxUrl } = deck.data;
  const isEarlier = deck.data.version !== deck.data.currentVersion;
  // The editor begins from the newest version, for whoever may edit it (not a view share).
  const mayEdit = !isEarlier && access.data !== undefined && access.data !== 'view';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {title || 'Untitled Deck'}
          </Title>
          <Text c="dimmed">{clientName || 'No client specified'}</Text>
          {isEarlier && (
            <Text size="sm" c="orange.9" fw={500}>
              Version {deck.data.version} of {deck.data.currentVersion}: an earlier version.{' '}
              <Anchor component={Link} to={paths.deckView(id)}>
                See the newest
              </Anchor>
            </Text>
          )}
        </Stack>
        <Group gap="sm">
          <Button
            leftSection={<IconPresentation size={16} />}
            onClick={() => setPresenting(true)}
            disabled={slides.length === 0}
          >
            Present
          </Button>
          <NewTabButton href={pdfUrl} variant="light" leftSection={<IconDownload size={16} />}>
            Download PDF
          </NewTabButton>
          {mayEdit && (
            <Button
              component={Link}
              to={paths.deckEditor(id)}
              variant="light"
              leftSection={<IconEdit size={16} />}
            >
              Open editor
            </Button>
          )}
          <NewTabButton href={pptxUrl} variant="light" leftSection={<IconFileTypePpt size={16} />}>
            Download PowerPoint
          </NewTabButton>
        </Group>
      </Group>

      <SlideViewer slides={slides} isPresenting={isPresenting} onPresentingChange={setPresenting} />
    </Stack>
  );
}

/**
 * /deck/{id}/view: the generated deck in the browser, slide by slide (DESIGN.md §5);
 * `?version=n` shows an earlier version.
 */
export default function DeckViewPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const asked = Number(search.get('version'));
  const version = Number.isInteger(asked) && asked >= 1 ? asked : undefined;
  return (
    <PageShell actions={<BackToDashboardButton />}>
      <Viewer id={id} version={version} />
    </PageShell>
  );
}
