import '@mantine/charts/styles.css';
import {
  engagementCsvPath,
  type EngagementQuery,
  type EngagementReport,
} from '@deck-portal/domain';
import {
  Alert,
  Center,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconAlertCircle, IconCalendar } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { BackToDashboardButton } from '../../ui/back-to-dashboard-button.tsx';
import { EngagementCsvMenu } from '../../ui/engagement-csv-menu.tsx';
import { Figure } from '../../ui/figure.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useEngagementReport } from './api/get-engagement-report.ts';
import { PricingRead } from './components/pricing-read.tsx';
import { ProductsByAttention } from './components/products-by-attention.tsx';
import { RepActivity } from './components/rep-activity.tsx';
import { TimeToAcceptance } from './components/time-to-acceptance.tsx';
import { formatSeconds } from './engagement-format.ts';

const isDay = (value: string | null) =>
  value && /^\d{4}-\d\d-\d\d$/.test(value) ? value : undefined;

/** The report's filters, kept in the address so a report can be shared or reloaded. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const query: EngagementQuery = {
    from: isDay(params.get('from')),
    to: isDay(params.get('to')),
    repId: params.get('rep') ?? undefined,
  };
  const change = (next: EngagementQuery) => {
    const search = new URLSearchParams();
    if (next.from) search.set('from', next.from);
    if (next.to) search.set('to', next.to);
    if (next.repId) search.set('rep', next.repId);
    setParams(search, { replace: true });
  };
  return { query, change };
}

function Filters({
  query,
  report,
  canChooseRep,
  onChange,
}: {
  query: EngagementQuery;
  report: EngagementReport | undefined;
  canChooseRep: boolean;
  onChange: (query: EngagementQuery) => void;
}) {
  const from = query.from ?? report?.from ?? null;
  const to = query.to ?? report?.to ?? null;
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <DatePickerInput
        type="range"
        label="Dates"
        valueFormat="MMM D, YYYY"
        leftSection={<IconCalendar size={16} />}
        value={[from, to]}
        onChange={([start, end]) => {
          // A range is asked for once both ends are chosen.
          if (start && end) onChange({ ...query, from: start, to: end });
        }}
        w={{ base: '100%', xs: 280 }}
      />
      {canChooseRep && (
        <Select
          label="Rep"
          placeholder="All reps"
          clearable
          searchable
          data={(report?.reps ?? []).map((rep) => ({ value: rep.id, label: rep.name }))}
          value={query.repId ?? null}
          onChange={(repId) => onChange({ ...query, repId: repId ?? undefined })}
          w={{ base: '100%', xs: 240 }}
        />
      )}
    </Group>
  );
}

function Report({ report }: { report: EngagementReport }) {
  const { totals } = report;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Figure label="Visits" value={totals.visits.toLocaleString('en-US')} size="lg" />
          <Figure label="Time viewed" value={formatSeconds(totals.seconds)} size="lg" />
          <Figure
            label="Decks opened"
            value={totals.decksOpened.toLocaleString('en-US')}
            size="lg"
          />
          <Figure
            label="Decks accepted"
            value={totals.decksAccepted.toLocaleString('en-US')}
            size="lg"
          />
        </SimpleGrid>
      </Paper>
      <ProductsByAttention products={report.products} />
      <TimeToAcceptance acceptance={report.timeToAcceptance} />
      <PricingRead decks={report.pricingRead} />
      <RepActivity reps={report.repActivity} />
    </Stack>
  );
}

/**
 * /engagement: what clients looked at across decks over a range of days. Managers and admins
 * see every rep's decks (or one rep's), a rep their own.
 */
export default function EngagementPage() {
  const user = useSession().data;
  const seesEveryRep = user?.role === 'manager' || user?.role === 'admin';
  const { query, change } = useFilters();
  const report = useEngagementReport(query);
  const shown = report.data;
  return (
    <PageShell
      actions={
        <>
          <BackToDashboardButton />
          <EngagementCsvMenu
            href={(rows) =>
              engagementCsvPath(
                { from: query.from ?? shown?.from, to: query.to ?? shown?.to, repId: query.repId },
                rows,
              )
            }
          />
        </>
      }
    >
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Engagement</Title>
          <Text c="dimmed">
            {seesEveryRep
              ? 'What clients looked at in the decks of every rep: products, pricing and how soon they accepted.'
              : 'What clients looked at in your decks: products, pricing and how soon they accepted.'}
          </Text>
        </Stack>
        <Filters query={query} report={shown} canChooseRep={seesEveryRep} onChange={change} />
        {report.isError ? (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            title="The report could not be made"
          >
            {report.error.message}
          </Alert>
        ) : shown ? (
          <Report report={shown} />
        ) : (
          <Center py={80}>
            <Loader aria-label="Loading the engagement report" />
          </Center>
        )}
      </Stack>
    </PageShell>
  );
}
