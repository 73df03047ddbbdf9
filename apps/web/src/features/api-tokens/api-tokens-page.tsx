import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { BackToDashboardButton } from '../../ui/back-to-dashboard-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useApiTokens } from './api/get-api-tokens.ts';
import { useRevokeApiToken } from './api/revoke-api-token.ts';
import { ApiTokensTable } from './components/api-tokens-table.tsx';
import { NewApiTokenButton } from './components/new-api-token-button.tsx';

/** `/profile/api-tokens`: the user's personal tokens for scripts and other tools. */
export default function ApiTokensPage() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const onRevoke = (token: { id: string; name: string }) =>
    revoke.mutateAsync(token.id).then(
      () => notifications.show({ color: 'teal', message: `“${token.name}” is revoked.` }),
      (error: Error) => notifications.show({ color: 'red', message: error.message }),
    );

  return (
    <PageShell actions={<BackToDashboardButton />}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4} maw={720}>
            <Title order={1} size="h2">
              API tokens
            </Title>
            <Text c="dimmed">
              A token lets a script or another tool (a CRM, a spreadsheet) call the portal as you:
              read your decks, make client links, read their analytics, as far as its scopes allow.
              The{' '}
              <Anchor href="/api/docs" target="_blank">
                API documentation
              </Anchor>{' '}
              lists the routes and shows an example.
            </Text>
          </Stack>
          <NewApiTokenButton />
        </Group>
        {tokens.isPending ? (
          <PageLoader />
        ) : tokens.isError ? (
          <Alert color="red" variant="light" title="Your tokens could not be loaded">
            {tokens.error.message}
          </Alert>
        ) : tokens.data.tokens.length === 0 ? (
          <Paper withBorder radius="md" p="xl">
            <Text c="dimmed" ta="center">
              You have no tokens yet.
            </Text>
          </Paper>
        ) : (
          <Paper withBorder radius="md" p="md">
            <ApiTokensTable
              tokens={tokens.data.tokens}
              label="Your API tokens"
              onRevoke={onRevoke}
              isRevoking={revoke.isPending}
            />
          </Paper>
        )}
      </Stack>
    </PageShell>
  );
}
