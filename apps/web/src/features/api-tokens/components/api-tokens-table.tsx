import {
  apiTokenScopeLabels,
  apiTokenState,
  type AdminApiTokenView,
  type ApiTokenView,
} from '@deck-portal/domain';
import {
  Badge,
  Button,
  Code,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useState } from 'react';
import { formatShortDate, formatMonthDayTime } from '../../../lib/format-date.ts';
import { ScrollingTable } from '../../../ui/scrolling-table.tsx';

type Row = ApiTokenView & Partial<Pick<AdminApiTokenView, 'owner' | 'revokedBy'>>;

const stateBadge = {
  active: { color: 'teal', label: 'Active' },
  expired: { color: 'gray', label: 'Expired' },
  revoked: { color: 'red', label: 'Revoked' },
} as const;

function StateCell({ token }: { token: Row }) {
  const state = apiTokenState(token, new Date());
  const { color, label } = stateBadge[state];
  return (
    <Stack gap={2}>
      <Badge color={color} variant="light">
        {label}
      </Badge>
      {token.revokedAt && (
        <Text size="xs" c="dimmed">
          {formatShortDate(token.revokedAt)}
          {token.revokedBy ? ` by ${token.revokedBy.name}` : ''}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Tokens as a table: name, first characters, scopes, dates, state, and a revoke button for the
 * active ones (asked again first: a script using the token stops working at once). With
 * `showOwner` each row names whose token it is.
 */
export function ApiTokensTable({
  tokens,
  showOwner = false,
  label,
  onRevoke,
  isRevoking,
}: {
  tokens: Row[];
  showOwner?: boolean;
  label: string;
  onRevoke: (token: Row) => Promise<unknown>;
  isRevoking: boolean;
}) {
  const [revoking, setRevoking] = useState<Row | null>(null);
  const confirm = async () => {
    if (!revoking) return;
    await onRevoke(revoking).finally(() => setRevoking(null));
  };
  return (
    <>
      <ScrollingTable minWidth={showOwner ? 980 : 820} label={label}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              {showOwner && <Table.Th>Owner</Table.Th>}
              <Table.Th>Token</Table.Th>
              <Table.Th>Scopes</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Expires</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.map((token) => (
              <Table.Tr key={token.id}>
                <Table.Td fw={500}>{token.name}</Table.Td>
                {showOwner && (
                  <Table.Td>
                    <Text size="sm">{token.owner?.name}</Text>
                    <Text size="xs" c="dimmed">
                      {token.owner?.email}
                    </Text>
                  </Table.Td>
                )}
                <Table.Td>
                  <Code>dpt_{token.prefix}…</Code>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {token.scopes.map((scope) => (
                      <Badge
                        key={scope}
                        variant="outline"
                        size="sm"
                        title={apiTokenScopeLabels[scope]}
                      >
                        {scope}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{formatShortDate(token.createdAt)}</Table.Td>
                <Table.Td>{token.expiresAt ? formatShortDate(token.expiresAt) : 'Never'}</Table.Td>
                <Table.Td>
                  {token.lastUsedAt ? formatMonthDayTime(token.lastUsedAt) : 'Not yet'}
                </Table.Td>
                <Table.Td>
                  <StateCell token={token} />
                </Table.Td>
                <Table.Td>
                  {apiTokenState(token, new Date()) === 'active' && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconBan size={14} />}
                      onClick={() => setRevoking(token)}
                      aria-label={`Revoke ${token.name}`}
                    >
                      Revoke
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollingTable>
      <Modal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Revoke this token?"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text size="sm">
            Scripts and tools using “{revoking?.name}”
            {showOwner && revoking?.owner ? ` (${revoking.owner.name}’s)` : ''} stop working at
            once: the portal answers them that the token has been revoked. This cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(null)}>
              Keep it
            </Button>
            <Button color="red" loading={isRevoking} onClick={() => void confirm()}>
              Revoke token
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
