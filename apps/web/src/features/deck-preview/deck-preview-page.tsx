import {
  deckEngagementCsvPath,
  formatMoney,
  type ClientLink,
  type DeckDetails,
} from '@deck-portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  AspectRatio,
  Badge,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Image,
  List,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconArchive,
  IconArchiveOff,
  IconCalendar,
  IconDownload,
  IconEdit,
  IconEye,
  IconFileTypePpt,
  IconTrash,
} from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useDeckGeneration } from '../../lib/deck-generation.ts';
import { GenerationFailed, GenerationProgressCard } from '../../ui/generation-status.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { startModifyingDeck } from '../../lib/deck-draft-storage.ts';
import { formatDateTime, formatShortDate } from '../../lib/format-date.ts';
import { DeckStatusBadge } from '../../ui/deck-status-badge.tsx';
import { BackToDashboardButton } from '../../ui/back-to-dashboard-button.tsx';
import { EngagementCsvMenu } from '../../ui/engagement-csv-menu.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useDeck } from '../../lib/deck-details.ts';
import { clientLinksQueryOptions } from './api/get-client-links.ts';
import { useDeleteDeck } from './api/delete-deck.ts';
import { useSetArchived } from './api/deck-versions.ts';
import { VersionsPanel } from './components/versions-panel.tsx';
import { LibraryUpdateNotice } from './components/library-update-notice.tsx';
import { ClientLinksPanel } from './components/client-links-panel.tsx';
import { DeckPreflightNotice } from './components/deck-preflight-notice.tsx';
import { ClientAnswerPanel } from './components/client-answer-panel.tsx';
import { ModifyDeckButton } from './components/modify-deck-button.tsx';
import { ClientLinksSummaryCard } from './components/client-links-summary-card.tsx';
import { DeckEngagementCard } from './components/deck-engagement-card.tsx';
import { SharePanel } from './components/share-panel.tsx';
import { SlideOverview } from './components/slide-overview.tsx';
import { UploadEditedFileButton } from './components/upload-edited-file.tsx';
import { NewTabButton } from '../../ui/new-tab-button.tsx';
import { DeckApprovalPanel } from '../../ui/deal-desk/deck-approval-panel.tsx';

function InfoRow({ label, value }: { label: string; value: string | undefined }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="lg">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right">
        {value?.trim() ? value : 'N/A'}
      </Text>
    </Group>
  );
}

function BasicInformation({ deck }: { deck: DeckDetails }) {
  const info = deck.draft.basicInfo;
  const mode = info.mode ? (info.mode === 'advanced' ? 'Advanced' : 'Simple') : undefined;
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="basic-info-title">
      <Title order={2} size="h4" mb="md" id="basic-info-title">
        Basic Information
      </Title>
      <Stack gap="xs">
        <InfoRow label="Client" value={info.clientName} />
        <InfoRow
          label="Presentation Date"
          value={info.date ? formatShortDate(info.date) : undefined}
        />
        <InfoRow label="Primary Contact" value={info.primaryContact} />
        <InfoRow label="Creation Mode" value={mode} />
      </Stack>
    </Card>
  );
}

function SelectedProducts({ deck }: { deck: DeckDetails }) {
  const { selectedProducts, includePricing } = deck.draft.productSelection;
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="products-title">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4" id="products-title">
          Selected Products
        </Title>
        {includePricing && (
          <Badge variant="light" color="teal" tt="none">
            Pricing included in presentation
          </Badge>
        )}
      </Group>
      {selectedProducts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No products selected
        </Text>
      ) : (
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Price per unit</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {selectedProducts.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td fw={500}>{deck.productNames[p.id] ?? p.id}</Table.Td>
                <Table.Td ta="right">{p.quantity.toLocaleString('en-US')}</Table.Td>
                <Table.Td ta="right">{formatMoney(p.customPricing, deck.currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

const opensText = (opens: number) =>
  opens === 0
    ? 'not opened yet'
    : opens === 1
      ? 'opened by 1 viewer'
      : `opened by ${opens} viewers`;

/** What deleting ends: the deck, its versions and every client link still open to a client. */
function DeleteDeckMessage({
  title,
  activeLinks,
}: {
  title: string;
  /** Undefined when the links could not be loaded. */
  activeLinks: ClientLink[] | undefined;
}) {
  return (
    <Stack gap="sm">
      <Text size="sm">
        Are you sure you want to delete &quot;{title}&quot; with all its versions? This action
        cannot be undone.
      </Text>
      {activeLinks === undefined ? (
        <Text size="sm" c="red.8">
          Its client links could not be loaded: any active link stops working too.
        </Text>
      ) : activeLinks.length > 0 ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} p="sm">
          <Text size="sm" fw={600}>
            {activeLinks.length === 1
              ? '1 active client link stops working:'
              : `${activeLinks.length} active client links stop working:`}
          </Text>
          <List size="sm" mt={4}>
            {activeLinks.map((link) => (
              <List.Item key={link.id}>
                {link.recipientName} ({link.recipientEmail}), {opensText(link.opens)}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </Stack>
  );
}

/** A deck the worker is still making (its progress), or could not make (why, and Try again). */
function DeckGeneration({ deck }: { deck: DeckDetails }) {
  const { state, restart } = useDeckGeneration(deck.id);
  if (deck.status === 'failed' && state?.status !== 'generating') {
    return (
      <GenerationFailed
        deckId={deck.id}
        message={deck.generationError ?? 'The deck could not be made.'}
        canRetry={deck.canManage}
        onRetried={restart}
      />
    );
  }
  return <GenerationProgressCard state={state} />;
}

function DeckPreview({ deck }: { deck: DeckDetails }) {
  const navigate = useNavigate();
  const title = deck.draft.basicInfo.deckTitle.trim() || 'Untitled Deck';
  const client = deck.draft.basicInfo.clientName.trim() || 'No client specified';
  const remove = useDeleteDeck(async () => {
    notifications.show({ color: 'green', message: `"${title}" was deleted.` });
    await navigate(paths.dashboard, { replace: true });
  });

  // Generate then makes the deck's next version: same deck, same links.
  const modify = () => {
    startModifyingDeck(deck.draft, {
      deckId: deck.id,
      version: deck.currentVersion,
      title,
      slidesEdited: Boolean(deck.editKind),
    });
    navigate(paths.createDeck.basicInfo);
  };
  const archive = useSetArchived(deck.id);
  const isArchived = deck.status === 'archived';
  // A deck still being made, or that could not be made, has no files, versions or links yet.
  const isReady = deck.status !== 'generating' && deck.status !== 'failed';
  const toggleArchive = () =>
    archive.mutate(!isArchived, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          message: isArchived
            ? `"${title}" is back in your recent decks.`
            : `"${title}" was archived. Its client links keep working until you revoke them.`,
        }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'That did not work', message: error.message }),
    });

  const queryClient = useQueryClient();
  const confirmDelete = async () => {
    // The links a client may still open, named in the dialog: deleting ends them all.
    const links = deck.canManage
      ? await queryClient
          .fetchQuery(clientLinksQueryOptions(deck.id))
          .then((answer) => answer.links.filter((link) => link.status === 'active'))
          .catch(() => undefined)
      : [];
    modals.openConfirmModal({
      title: 'Delete Deck',
      centered: true,
      // The title is user content: rendered as text, never as HTML.
      children: <DeleteDeckMessage title={title} activeLinks={links} />,
      labels: { confirm: 'Delete Deck', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(deck.id, {
          onError: (error) =>
            notifications.show({ color: 'red', title: 'Delete failed', message: error.message }),
        }),
    });
  };

  return (
    <Stack gap="lg">
      {!isReady && <DeckGeneration deck={deck} />}
      {isReady && deck.canManage && <LibraryUpdateNotice deck={deck} />}
      {isReady && <DeckApprovalPanel deck={deck} />}
      {isArchived && (
        <Alert color="gray" icon={<IconArchive size={18} />} title="Archived">
          {deck.archivedAt ? `Archived on ${formatShortDate(deck.archivedAt)}. ` : ''}This deck is
          not in the recent lists, but can still be found by its client and opened. Its client links
          keep working until you revoke them.
        </Alert>
      )}
      <Card withBorder radius="lg" p="xl">
        <Grid gap="xl" align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="sm">
              <Group gap="sm">
                <DeckStatusBadge status={deck.status} acceptedAt={deck.acceptedAt} size="lg" />
                <Group gap={4} c="dimmed">
                  <IconCalendar size={14} aria-hidden />
                  <Text size="sm">Created {formatDateTime(deck.createdAt)}</Text>
                </Group>
              </Group>
              <Title order={1}>{title}</Title>
              <Text size="lg" c="dimmed">
                {client}
              </Text>
              <Text size="sm" c="dimmed">
                {isReady
                  ? `${deck.slideCount} slides · version ${deck.currentVersion} · by ${deck.owner.name}`
                  : `by ${deck.owner.name}`}
              </Text>
              <Group gap="sm" mt="sm">
                {isReady && <ModifyDeckButton deck={deck} onModify={modify} />}
                {/* The online editor: for whoever may edit, until a client accepts the deck. */}
                {isReady && deck.access !== 'view' && !deck.acceptedAt && (
                  <Button
                    component={Link}
                    to={paths.deckEditor(deck.id)}
                    leftSection={<IconEdit size={16} />}
                  >
                    Open editor
                  </Button>
                )}
                {isReady && deck.pptxUrl && (
                  <NewTabButton
                    href={deck.pptxUrl}
                    variant="light"
                    leftSection={<IconFileTypePpt size={16} />}
                  >
                    Download PowerPoint
                  </NewTabButton>
                )}
                {/* Owners, managers and edit shares; an accepted deck is locked (its changes go in a copy). */}
                {isReady && deck.access !== 'view' && !deck.acceptedAt && (
                  <UploadEditedFileButton deck={deck} />
                )}
                {isReady && deck.pdfUrl && (
                  <NewTabButton
                    href={deck.pdfUrl}
                    variant="light"
                    leftSection={<IconDownload size={16} />}
                  >
                    Download PDF
                  </NewTabButton>
                )}
                {isReady && (
                  <Button
                    component={Link}
                    to={paths.deckView(deck.id)}
                    variant="light"
                    leftSection={<IconEye size={16} />}
                  >
                    View Deck
                  </Button>
                )}
                {isReady && deck.canManage && (
                  <EngagementCsvMenu href={(rows) => deckEngagementCsvPath(deck.id, { rows })} />
                )}
                {isReady && deck.canManage && (
                  <Button
                    variant="subtle"
                    leftSection={
                      isArchived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />
                    }
                    loading={archive.isPending}
                    onClick={toggleArchive}
                  >
                    {isArchived ? 'Restore from archive' : 'Archive'}
                  </Button>
                )}
                {/* An accepted deck is kept with its client's record: the server refuses deleting it. */}
                {deck.canManage && !deck.acceptedAt && (
                  <Button
                    color="red"
                    variant="subtle"
                    leftSection={<IconTrash size={16} />}
                    loading={remove.isPending}
                    onClick={() => void confirmDelete()}
                  >
                    Delete
                  </Button>
                )}
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            {isReady && deck.slideCount > 0 && (
              <Link to={paths.deckView(deck.id)} aria-label="Open the deck view">
                <AspectRatio
                  ratio={16 / 9}
                  style={{
                    borderRadius: 'var(--mantine-radius-md)',
                    overflow: 'hidden',
                    boxShadow: 'var(--mantine-shadow-md)',
                  }}
                >
                  <Image src={`/api/decks/${deck.id}/slides/1`} alt={`Cover slide of ${title}`} />
                </AspectRatio>
              </Link>
            )}
          </Grid.Col>
        </Grid>
      </Card>
      {isReady && deck.canManage && (
        <DeckPreflightNotice deckId={deck.id} version={deck.currentVersion} where="page" />
      )}
      {deck.warnings.length > 0 && (
        <Alert color="yellow" icon={<IconAlertCircle size={18} />} title="Generation notes">
          {/* One note per line; a long picture address wraps rather than running off a phone. */}
          <List size="sm" spacing={4} style={{ overflowWrap: 'anywhere' }}>
            {deck.warnings.map((warning) => (
              <List.Item key={warning}>{warning}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: isReady && deck.canManage ? 7 : 12 }}>
          <Stack gap="lg">
            <BasicInformation deck={deck} />
            <SelectedProducts deck={deck} />
            <SlideOverview draft={deck.draft} />
            {isReady && !deck.canManage && <VersionsPanel deckId={deck.id} canManage={false} />}
          </Stack>
        </Grid.Col>
        {isReady && deck.canManage && (
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <VersionsPanel deckId={deck.id} canManage isLocked={!!deck.acceptedAt} />
              <SharePanel deckId={deck.id} />
              <ClientLinksSummaryCard deckId={deck.id} />
              <DeckEngagementCard deckId={deck.id} />
            </Stack>
          </Grid.Col>
        )}
      </Grid>
      {isReady && <ClientAnswerPanel deckId={deck.id} />}
      {isReady && deck.canManage && <ClientLinksPanel deckId={deck.id} />}
    </Stack>
  );
}

/** /deck/{id}/preview (SPEC.md §2), loading the real deck (DESIGN.md §5). */
export default function DeckPreviewPage() {
  const { id = '' } = useParams();
  const deck = useDeck(id);
  return (
    <PageShell actions={<BackToDashboardButton />}>
      {deck.isPending ? (
        <Center py={80}>
          <Loader aria-label="Loading deck" />
        </Center>
      ) : deck.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Deck not available">
          {deck.error instanceof ApiError && deck.error.status === 404
            ? 'This deck does not exist or you do not have access to it.'
            : deck.error.message}
        </Alert>
      ) : (
        <DeckPreview deck={deck.data} />
      )}
    </PageShell>
  );
}
