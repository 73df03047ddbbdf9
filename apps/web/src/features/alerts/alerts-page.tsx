import { useState } from 'react';
import {
  alertChannelLabels,
  alertChannels,
  alertKindLabels,
  alertKinds,
  type AlertChannel,
  type AlertKind,
  type AlertSettings,
  type AlertSettingsResponse,
} from '@deck-portal/domain';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft, IconBrandSlack } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useFormError } from '../../lib/form-error.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useAlertSettings } from './api/get-alert-settings.ts';
import { useSaveAlertSettings } from './api/save-alert-settings.ts';
import { useSendSlackTest } from './api/send-slack-test.ts';

/** The form's own copy: the days and the address as typed until saved. */
type Draft = Omit<AlertSettings, 'returnAfterDays' | 'slackWebhookUrl'> & {
  returnAfterDays: number | string;
  slackWebhookUrl: string;
};

const draftOf = (settings: AlertSettings): Draft => ({
  ...settings,
  slackWebhookUrl: settings.slackWebhookUrl ?? '',
});

const settingsOf = (draft: Draft): AlertSettings => ({
  ...draft,
  returnAfterDays: Number(draft.returnAfterDays),
  slackWebhookUrl: draft.slackWebhookUrl.trim() === '' ? null : draft.slackWebhookUrl.trim(),
});

/** Which alerts go where: kinds down, channels across, a switch in each cell. */
function AlertsTable({
  draft,
  onToggle,
}: {
  draft: Draft;
  onToggle: (kind: AlertKind, channel: AlertChannel, isOn: boolean) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="sm" aria-label="Alerts by channel">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Alert</Table.Th>
            {alertChannels.map((channel) => (
              <Table.Th key={channel} ta="center">
                {alertChannelLabels[channel]}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {alertKinds.map((kind) => (
            <Table.Tr key={kind}>
              <Table.Td>
                <Text fw={500} size="sm">
                  {alertKindLabels[kind].title}
                </Text>
                <Text size="xs" c="dimmed">
                  {alertKindLabels[kind].description}
                </Text>
              </Table.Td>
              {alertChannels.map((channel) => (
                <Table.Td key={channel}>
                  <Group justify="center">
                    <Switch
                      aria-label={`${alertKindLabels[kind].title}: ${alertChannelLabels[channel]}`}
                      checked={draft.kinds[kind][channel]}
                      onChange={(event) => onToggle(kind, channel, event.currentTarget.checked)}
                    />
                  </Group>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AlertsForm({ saved }: { saved: AlertSettingsResponse }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved.settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { formError, showError, clearFormError } = useFormError(setErrors);
  const save = useSaveAlertSettings();
  const slackTest = useSendSlackTest();

  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const toggle = (kind: AlertKind, channel: AlertChannel, isOn: boolean) =>
    setDraft((current) => ({
      ...current,
      kinds: { ...current.kinds, [kind]: { ...current.kinds[kind], [channel]: isOn } },
    }));

  const onSave = () => {
    setErrors({});
    clearFormError();
    save.mutate(settingsOf(draft), {
      onSuccess: (answer) => {
        setDraft(draftOf(answer.settings));
        notifications.show({ color: 'teal', message: 'Alerts saved.', autoClose: 4000 });
      },
      onError: showError,
    });
  };

  const onSlackTest = () => {
    setErrors({});
    clearFormError();
    const url = draft.slackWebhookUrl.trim();
    slackTest.mutate(
      { slackWebhookUrl: url === '' ? null : url },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: 'Test sent: look for it in Slack.',
            autoClose: 4000,
          }),
        onError: showError,
      },
    );
  };

  const usesSlack = alertKinds.some((kind) => draft.kinds[kind].slack);
  const hasSlackAddress = draft.slackWebhookUrl.trim() !== '' || saved.hasWorkspaceSlack;

  return (
    <Stack gap="lg">
      <AlertsTable draft={draft} onToggle={toggle} />
      {usesSlack && !hasSlackAddress ? (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={16} />}>
          Slack alerts need an address: add your Slack incoming-webhook address below.
        </Alert>
      ) : null}
      <NumberInput
        label="Return after silence"
        description="Tell me when a client comes back after this many days without a visit."
        suffix=" days"
        min={1}
        max={365}
        allowDecimal={false}
        value={draft.returnAfterDays}
        onChange={(value) => change({ returnAfterDays: value })}
        error={errors.returnAfterDays}
        maw={280}
      />
      <Switch
        label="Daily digest"
        description="Each morning, a mail of yesterday on your decks: visits, time, products, answers. None after a quiet day."
        checked={draft.dailyDigest}
        onChange={(event) => change({ dailyDigest: event.currentTarget.checked })}
      />
      <Stack gap="xs">
        <TextInput
          label="Slack address"
          description={
            saved.hasWorkspaceSlack
              ? 'Your own incoming-webhook address; without one, Slack alerts go to your workspace’s channel.'
              : 'The incoming-webhook address of the Slack channel for your alerts (https://hooks.slack.com/…).'
          }
          placeholder="https://hooks.slack.com/services/…"
          value={draft.slackWebhookUrl}
          onChange={(event) => change({ slackWebhookUrl: event.currentTarget.value })}
          error={errors.slackWebhookUrl}
        />
        <Group>
          <Button
            variant="default"
            leftSection={<IconBrandSlack size={16} />}
            onClick={onSlackTest}
            loading={slackTest.isPending}
            disabled={!hasSlackAddress}
          >
            Send a test to Slack
          </Button>
        </Group>
      </Stack>
      {formError ? (
        <Alert color="red" variant="light" title="Your alerts could not be saved">
          {formError}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={onSave} loading={save.isPending}>
          Save alerts
        </Button>
      </Group>
    </Stack>
  );
}

/** `/profile/alerts`: what the rep is told of their clients' interest, and where. */
export default function AlertsPage() {
  const settings = useAlertSettings();
  return (
    <PageShell
      actions={
        <Button
          component={Link}
          to={paths.profile}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
        >
          Profile
        </Button>
      }
    >
      <Stack gap="lg" maw={760}>
        <div>
          <Title order={1} size="h2">
            Alerts
          </Title>
          <Text c="dimmed" mt={4}>
            What you are told when clients open, revisit, forward, accept or decline your decks, and
            where. Mails and Slack posts come at most once every five minutes, with every alert
            since the last one.
          </Text>
        </div>
        {settings.isPending ? (
          <PageLoader />
        ) : settings.isError ? (
          <Alert color="red" variant="light" title="Your alerts could not be loaded">
            {settings.error.message}
          </Alert>
        ) : (
          <Paper withBorder radius="lg" p="xl">
            <AlertsForm saved={settings.data} />
          </Paper>
        )}
      </Stack>
    </PageShell>
  );
}
