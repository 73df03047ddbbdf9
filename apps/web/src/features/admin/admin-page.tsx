import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconHistory,
  IconKey,
  IconLayoutDashboard,
  IconLogout,
  IconLibrary,
  IconMail,
  IconReceiptTax,
  IconShieldLock,
  IconWebhook,
  IconWorld,
} from '@tabler/icons-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.ts';
import { useSignOut } from '../../lib/sign-out.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { PageShell } from '../../ui/page-shell.tsx';
import { useStats } from './api/get-stats.ts';
import { ApprovedUsers } from './components/approved-users.tsx';
import { DeclinedUsers } from './components/declined-users.tsx';
import { InviteUserButton } from './components/invite-user-button.tsx';
import { NotificationsPanel } from './components/notifications-panel.tsx';
import { PendingApprovals } from './components/pending-approvals.tsx';
import { StatCards } from './components/stat-cards.tsx';

/** /admin: SPEC.md section 2's admin portal. The admin guard lets only admins in. */
export default function AdminPage() {
  const session = useSession();
  const stats = useStats();
  const signOut = useSignOut();
  const navigate = useNavigate();
  // The spec's 'Back to Sign In': a signed-in admin sent to /auth would land on the dashboard
  // again, so it signs out first (the admin page's Sign out).
  const onSignOut = () =>
    signOut.mutate(undefined, { onSettled: () => navigate(paths.auth, { replace: true }) });

  useEffect(() => {
    // SPEC.md section 8: failing to load the stats is only logged.
    if (stats.error) console.error('Failed to load user stats:', stats.error);
  }, [stats.error]);

  return (
    <PageShell
      actions={
        <>
          <Badge
            size="lg"
            variant="light"
            color="red"
            radius="sm"
            leftSection={<IconShieldLock size={14} />}
          >
            Admin Portal
          </Badge>
          <LinkButton to={paths.outbox} icon={IconMail}>
            Outbox
          </LinkButton>
          <LinkButton to={paths.adminApiTokens} icon={IconKey}>
            API tokens
          </LinkButton>
          <LinkButton to={paths.dealDesk} icon={IconReceiptTax}>
            Deal desk
          </LinkButton>
          <LinkButton to={paths.markets} icon={IconWorld}>
            Markets
          </LinkButton>
          <LinkButton to={paths.webhooks} icon={IconWebhook}>
            Webhooks
          </LinkButton>
          <LinkButton to={paths.audit} icon={IconHistory}>
            Audit log
          </LinkButton>
          <LinkButton to={paths.library} icon={IconLibrary}>
            Library
          </LinkButton>
          <LinkButton to={paths.dashboard} icon={IconLayoutDashboard}>
            Dashboard
          </LinkButton>
          <Button
            variant="subtle"
            leftSection={<IconLogout size={16} />}
            loading={signOut.isPending}
            onClick={onSignOut}
            title="Signs you out"
          >
            Back to Sign In
          </Button>
        </>
      }
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>User Management</Title>
            <Text c="dimmed" mt={4}>
              Approve new accounts, manage roles and invite colleagues.
            </Text>
          </div>
          <InviteUserButton />
        </Group>
        <StatCards stats={stats.data} />
        <NotificationsPanel />
        <PendingApprovals />
        <ApprovedUsers currentUserId={session.data?.id} />
        <DeclinedUsers />
      </Stack>
    </PageShell>
  );
}
