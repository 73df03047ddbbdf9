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
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.ts';
import { useSignOut } from '../../lib/sign-out.ts';
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
          <Button
            component={Link}
            to={paths.outbox}
            variant="default"
            leftSection={<IconMail size={16} />}
          >
            Outbox
          </Button>
          <Button
            component={Link}
            to={paths.adminApiTokens}
            variant="default"
            leftSection={<IconKey size={16} />}
          >
            API tokens
          </Button>
          <Button
            component={Link}
            to={paths.dealDesk}
            variant="default"
            leftSection={<IconReceiptTax size={16} />}
          >
            Deal desk
          </Button>
          <Button
            component={Link}
            to={paths.markets}
            variant="default"
            leftSection={<IconWorld size={16} />}
          >
            Markets
          </Button>
          <Button
            component={Link}
            to={paths.webhooks}
            variant="default"
            leftSection={<IconWebhook size={16} />}
          >
            Webhooks
          </Button>
          <Button
            component={Link}
            to={paths.audit}
            variant="default"
            leftSection={<IconHistory size={16} />}
          >
            Audit log
          </Button>
          <Button
            component={Link}
            to={paths.library}
            variant="default"
            leftSection={<IconLibrary size={16} />}
          >
            Library
          </Button>
          <Button
            component={Link}
            to={paths.dashboard}
            variant="default"
            leftSection={<IconLayoutDashboard size={16} />}
          >
            Dashboard
          </Button>
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
