import {
  auditActions,
  auditTargetKinds,
  type AuditAction,
  type AuditEntry,
  type AuditTargetKind,
} from '@deck-portal/domain';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconCalendar, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { paths } from '../../config/paths.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { errorText } from '../../lib/library-api/error-text.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { ScrollingTable } from '../../ui/scrolling-table.tsx';
import { auditCsvUrl, useAuditLog, type AuditLogFilter } from './api/get-audit-log.ts';
import { actionChoices, actionLabel, auditSentence } from './audit-sentences.ts';

const targetKindLabels: Record<AuditTargetKind, string> = {
  user: 'User',
  deck: 'Deck',
  link: 'Client link',
  product: 'Product',
  market: 'Market',
  price_list: 'Price list',
  library: 'Library',
  deal_desk: 'Deal desk',
  webhook: 'Webhook',
  api_token: 'API token',
};

const targetKindChoices = auditTargetKinds.map((kind) => ({
  value: kind,
  label: targetKindLabels[kind],
}));

/** A change's before and after, as the table shows it. */
function changeText(entry: AuditEntry) {
  const { oldValue, newValue } = entry;
  if (oldValue === null && newValue === null) return '';
  if (oldValue === null) return newValue ?? '';
  return `${oldValue} → ${newValue ?? '(none)'}`;
}

/**
 * /admin/audit (admins): who did what to which deck, link, user, price or library item, when
 * and from where; filtered, a page at a time, and downloaded as a CSV file.
 */
export default function AuditPage() {
  const [actor, setActor] = useState('');
  const [targetId, setTargetId] = useState('');
  const [actions, setActions] = useState<AuditAction[]>([]);
  const [targetKind, setTargetKind] = useState<AuditTargetKind | ''>('');
  const [days, setDays] = useState<[string | null, string | null]>([null, null]);
  // Typing a name or an id asks the server once the typing pauses.
  const [typedActor] = useDebouncedValue(actor, 300);
  const [typedTargetId] = useDebouncedValue(targetId, 300);
  const filter: AuditLogFilter = {
    actor: typedActor,
    actions,
    targetKind,
    targetId: typedTargetId,
    from: days[0] ?? '',
    to: days[1] ?? days[0] ?? '',
  };
  const log = useAuditLog(filter);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <PageShell
      actions={
        <LinkButton to={paths.admin} icon={IconArrowLeft}>
          User Management
        </LinkButton>
      }
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>Audit log</Title>
            <Text c="dimmed" mt={4}>
              Who changed what, when, and from which address. Newest first.
            </Text>
          </div>
          <Button
            component="a"
            href={auditCsvUrl(filter)}
            download
            variant="default"
            leftSection={<IconDownload size={16} />}
          >
            Export CSV
          </Button>
        </Group>

        <Paper withBorder p="md" component="section" aria-label="Filters">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <TextInput
              label="Who"
              description="An e-mail address or a user id."
              placeholder="Anyone"
              value={actor}
              onChange={(event) => setActor(event.currentTarget.value)}
            />
            <MultiSelect
              label="Action"
              description="Any of the ones you choose."
              placeholder={actions.length === 0 ? 'Any action' : undefined}
              data={actionChoices(auditActions)}
              value={actions}
              onChange={(value) => setActions(value as AuditAction[])}
              searchable
              clearable
            />
            <DatePickerInput
              type="range"
              allowSingleDateInRange
              label="Dates"
              description="Both days included."
              placeholder="Any day"
              valueFormat="MMM D, YYYY"
              leftSection={<IconCalendar size={16} />}
              clearable
              value={days}
              onChange={(value) => setDays(value)}
            />
            <Select
              label="Target"
              description="What was acted on."
              placeholder="Anything"
              data={targetKindChoices}
              value={targetKind || null}
              onChange={(value) => setTargetKind((value as AuditTargetKind | null) ?? '')}
              clearable
            />
            <TextInput
              label="Target id"
              description="A deck's, link's or user's id, a market's code."
              placeholder="Any"
              value={targetId}
              onChange={(event) => setTargetId(event.currentTarget.value)}
            />
          </SimpleGrid>
        </Paper>

        {log.isError && (
          <Alert color="red" role="alert" title="The audit log could not be read">
            {errorText(log.error)}
          </Alert>
        )}

        <section aria-labelledby="audit-rows-title">
          <Title order={2} size="h4" id="audit-rows-title" mb="xs">
            Rows
          </Title>
          {log.isPending ? (
            <Text c="dimmed">Loading the audit log…</Text>
          ) : entries.length === 0 ? (
            <Text c="dimmed">No rows match these filters.</Text>
          ) : (
            <ScrollingTable minWidth={820} labelledBy="audit-rows-title">
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>What happened</Table.Th>
                    <Table.Th>Change</Table.Th>
                    <Table.Th>Address</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {entries.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{auditSentence(entry)}</Text>
                        <Text size="xs" c="dimmed">
                          {actionLabel(entry.action)}
                          {entry.actor?.email ? ` · ${entry.actor.email}` : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs" style={{ wordBreak: 'break-word' }} lineClamp={3}>
                          {changeText(entry)}
                        </Text>
                      </Table.Td>
                      <Table.Td>{entry.address ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollingTable>
          )}
          {log.hasNextPage && (
            <Group justify="center" mt="md">
              <Button
                variant="default"
                loading={log.isFetchingNextPage}
                onClick={() => void log.fetchNextPage()}
              >
                Load more
              </Button>
            </Group>
          )}
        </section>
      </Stack>
    </PageShell>
  );
}
