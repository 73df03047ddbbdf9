import { useEffect, useState } from 'react';
import type { ClientView } from '@deck-portal/domain';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPresentation } from '@tabler/icons-react';
import { SlideViewer } from '../../../ui/slide-viewer/slide-viewer.tsx';
import { useViewTracking } from '../use-view-tracking.ts';

// Intl rather than the portal's date library: the client's page stays small.
const updatedOn = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** The deck as the client sees it: the viewer, Present and (when allowed) the PDF. */
export function ClientDeck({
  token,
  view,
  onRejected,
}: {
  token: string;
  view: ClientView;
  /** A visit or report the server refused (the link gone meanwhile, the passcode expired). */
  onRejected: (error: unknown) => void;
}) {
  const { title, clientName, recipientName, senderName, slides, pdfUrl } = view;
  const [isPresenting, setPresenting] = useState(false);
  const { onSlideChange, visit } = useViewTracking({ token, onRejected });

  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed">Prepared for {clientName}</Text>
          <Text size="sm" c="dimmed">
            Shared with {recipientName} by {senderName}
          </Text>
          {view.updatedAt && (
            <Text size="sm" c="blue.8" fw={500} role="note">
              Updated on {updatedOn.format(new Date(view.updatedAt))} since you last looked.
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
          {pdfUrl && (
            <Button
              component="a"
              href={pdfUrl}
              download
              variant="light"
              leftSection={<IconDownload size={16} />}
            >
              Download PDF
            </Button>
          )}
        </Group>
      </Group>
      {visit?.untrackedReason === 'team' && (
        <Text size="xs" c="dimmed" role="note">
          You are signed in to Deck Portal: this visit is not counted in the link&apos;s analytics.
        </Text>
      )}
      <SlideViewer
        slides={slides}
        isPresenting={isPresenting}
        onPresentingChange={setPresenting}
        onSlideChange={onSlideChange}
      />
    </Stack>
  );
}
