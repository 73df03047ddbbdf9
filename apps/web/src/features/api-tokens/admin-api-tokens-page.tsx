import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { paths } from '../../config/paths.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useAdminApiTokens } from './api/get-admin-api-tokens.ts';
import { useRevokeAdminApiToken } from './api/revoke-admin-api-token.ts';
import { ApiTokensTable } from './components/api-tokens-table.tsx';

/** `/admin/api-tokens`: every user's tokens, with their owners; an administrator revokes any. */
export default function AdminApiTokensPage() {
  const tokens = useAdminApiTokens();
  const revoke = useRevokeAdminApiToken();
  const onRevoke = (token: { id: string; name: string }) =>
    revoke.mutateAsync(token.id).then(
      () => notifications.show({ color: 'teal', message: `“${token.name}” is revoked.` }),
      (error: Error) => notifications.show({ color: 'red', message: error.message }),
    );

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
          <Stack gap={4} maw={720}>
            <Title order={1}>API tokens</Title>
            <Text c="dimmed">
              The tokens people made for scripts and other tools, newest first. Each acts as its
              owner within its scopes; revoke one that leaked or that nobody uses any more.
            </Text>
          </Stack>
        </Group>
        {tokens.isPending ? (
          <PageLoader />
        ) : tokens.isError ? (
          <Alert color="red" variant="light" title="The tokens could not be loaded">
            {tokens.error.message}
          </Alert>
        ) : tokens.data.tokens.length === 0 ? (
          <Paper withBorder radius="md" p="xl">
            <Text c="dimmed" ta="center">
              Nobody has made a token yet.
            </Text>
          </Paper>
        ) : (
          <Paper withBorder radius="md" p="md">
            <ApiTokensTable
              tokens={tokens.data.tokens}
              showOwner
              label="Every user's API tokens"
              onRevoke={onRevoke}
              isRevoking={revoke.isPending}
            />
          </Paper>
        )}
      </Stack>
    </PageShell>
  );
}
