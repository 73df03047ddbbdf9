import type { ClientLink } from '@deck-portal/domain';
import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconChartBar, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatDateTime, formatShortDate } from '../../../lib/format-date.ts';
import { formatDuration } from '../../../lib/format-duration.ts';
import { ScrollingTable } from '../../../ui/scrolling-table.tsx';
import { ClientLinkStatusBadge } from '../../../ui/client-link-status-badge.tsx';
import { useClientLinks } from '../api/get-client-links.ts';
import { useRevokeClientLink } from '../api/revoke-client-link.ts';
import { CreateClientLinkButton } from './create-client-link-button.tsx';
import { ClientLinkApprovalNotice } from '../../../ui/deal-desk/client-link-approval-notice.tsx';

const noClientLinksText =
  'No client links yet. Create one to send this deck to a client and see what they view.';

/**
 * Whether the client can accept through the link now, as the client's page has it: the version
 * the link shows, or why accepting waits (its version's prices await approval).
 */
function acceptanceText({ acceptance, pinnedVersion, shownVersion }: ClientLink) {
  if (acceptance?.state === 'accepted') return 'The proposal was accepted';
  if (acceptance?.state === 'awaiting_approval') {
    return pinnedVersion !== null
      ? `Version ${pinnedVersion} awaits price approval: the client cannot accept it until it is approved`
      : `The newest version awaits price approval: the client ${shownVersion ? `sees version ${shownVersion} and ` : ''}cannot accept until it is approved`;
  }
  const optional = acceptance?.optionalProductIds.length ?? 0;
  return `The client can accept ${shownVersion ? `version ${shownVersion}` : 'it'} on the page${
    optional > 0 ? ` (${optional} optional ${optional === 1 ? 'item' : 'items'})` : ''
  }`;
}

function ClientLinkRow({ deckId, link }: { deckId: string; link: ClientLink }) {
  const revoke = useRevokeClientLink();

  const confirmRevoke = () =>
    modals.openConfirmModal({
      title: 'Revoke client link',
      centered: true,
      // The name is user content: rendered as text, never as HTML.
      children: (
        <Text size="sm">
          {link.recipientName} will no longer be able to open this deck with their link. This cannot
          be undone.
        </Text>
      ),
      labels: { confirm: 'Revoke link', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(
          { deckId, linkId: link.id },
          {
            onSuccess: () =>
              notifications.show({
                color: 'green',
                message: `The link for ${link.recipientName} was revoked.`,
              }),
            onError: (error) =>
              notifications.show({ color: 'red', title: 'Revoke failed', message: error.message }),
          },
        ),
    });

  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {link.recipientName}
        </Text>
        <Text size="xs" c="dimmed">
          {link.recipientEmail}
        </Text>
        {link.pinnedVersion !== null && (
          <Text size="xs" c="orange.9">
            Always shows version {link.pinnedVersion}
          </Text>
        )}
        {link.acceptance?.enabled && (
          <Text size="xs" c={link.acceptance.state === 'awaiting_approval' ? 'orange.9' : 'dimmed'}>
            {acceptanceText(link)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{formatShortDate(link.createdAt)}</Table.Td>
      <Table.Td>{link.expiresAt ? formatShortDate(link.expiresAt) : 'Never'}</Table.Td>
      <Table.Td>
        <ClientLinkStatusBadge status={link.status} />
      </Table.Td>
      <Table.Td ta="right">{link.opens.toLocaleString('en-US')}</Table.Td>
      <Table.Td>
        {link.lastOpenedAt ? (
          formatDateTime(link.lastOpenedAt)
        ) : (
          <Text span size="sm" c="dimmed">
            Not opened yet
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">{formatDuration(link.totalViewMs)}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Button
            component={Link}
            to={paths.linkAnalytics(deckId, link.id)}
            size="xs"
            variant="light"
            leftSection={<IconChartBar size={14} />}
            aria-label={`View analytics for ${link.recipientName}`}
          >
            View analytics
          </Button>
          {link.status !== 'revoked' && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconX size={14} />}
              loading={revoke.isPending}
              aria-label={`Revoke the link for ${link.recipientName}`}
              onClick={confirmRevoke}
            >
              Revoke
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The deck's client links: create one, see each recipient's activity, revoke. */
export function ClientLinksPanel({ deckId }: { deckId: string }) {
  const query = useClientLinks(deckId);
  const links = query.data?.links ?? [];

  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="client-links-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2} style={{ flex: '1 1 320px' }}>
            <Title order={2} size="h4" id="client-links-title">
              Client links
            </Title>
            <Text size="sm" c="dimmed">
              A link per recipient that opens this deck without an account. You see who opened it
              and how long each slide was viewed.
            </Text>
          </Stack>
          <CreateClientLinkButton deckId={deckId} />
        </Group>
        <ClientLinkApprovalNotice deckId={deckId} />
        {query.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label="Loading client links" />
          </Center>
        ) : query.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />}>
            {query.error.message}
          </Alert>
        ) : links.length === 0 ? (
          <Text size="sm" c="dimmed">
            {noClientLinksText}
          </Text>
        ) : (
          // Eight columns do not fit a phone: the table scrolls sideways rather than squeeze.
          <ScrollingTable minWidth={960} labelledBy="client-links-title">
            <Table verticalSpacing="xs" aria-labelledby="client-links-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Recipient</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Opens</Table.Th>
                  <Table.Th>Last opened</Table.Th>
                  <Table.Th ta="right">Time viewed</Table.Th>
                  <Table.Th ta="right">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {links.map((link) => (
                  <ClientLinkRow key={link.id} deckId={deckId} link={link} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollingTable>
        )}
      </Stack>
    </Card>
  );
}
