import { roleInfo } from '@deck-portal/domain';
import { Avatar, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconChartBar,
  IconLibrary,
  IconLogout,
  IconShieldLock,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { isAdmin, isLibraryEditor, useSession } from '../../lib/session.ts';
import { useSignOut } from '../../lib/sign-out.ts';
import { PageShell } from '../../ui/page-shell.tsx';
import { AllDecksCard } from './components/all-decks-card.tsx';
import { initials } from '../../lib/initials.ts';
import { NotificationsBell } from './components/notifications-bell.tsx';
import { ApprovalsNavButton } from '../../ui/deal-desk/approvals-nav-button.tsx';
import { RecentDecksCard } from './components/recent-decks-card.tsx';
import { CreateDeckCard, TutorialCard } from './components/start-cards.tsx';

export default function DashboardPage() {
  // The approval guard only renders this page once the session holds an approved user.
  const user = useSession().data;
  const signOut = useSignOut();
  const navigate = useNavigate();

  const onSignOut = () =>
    signOut.mutate(undefined, { onSettled: () => navigate(paths.auth, { replace: true }) });

  return (
    <PageShell
      pinned={<NotificationsBell />}
      actions={
        <>
          <ApprovalsNavButton />
          <Button
            component={Link}
            to={paths.engagement}
            variant="light"
            leftSection={<IconChartBar size={16} />}
          >
            Engagement
          </Button>
          {user && isAdmin(user) && (
            <Button
              component={Link}
              to={paths.admin}
              variant="light"
              leftSection={<IconShieldLock size={16} />}
            >
              Admin Panel
            </Button>
          )}
          {user && isLibraryEditor(user) && (
            <Button
              component={Link}
              to={paths.library}
              variant="light"
              leftSection={<IconLibrary size={16} />}
            >
              Content library
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconLogout size={16} />}
            loading={signOut.isPending}
            onClick={onSignOut}
          >
            Sign out
          </Button>
        </>
      }
    >
      <Paper withBorder radius="lg" p="xl">
        <Group gap="lg" wrap="nowrap">
          <Avatar src={user?.photoURL} size={56} radius="xl" color="blue">
            {initials(user?.name ?? '')}
          </Avatar>
          <Stack gap={2} style={{ flex: 1 }}>
            <Title order={1} size="h2">
              Welcome, {user?.name}
            </Title>
            <Text c="dimmed">{user ? `${roleInfo[user.role].label} · ${user.email}` : null}</Text>
          </Stack>
          <Button
            component={Link}
            to={paths.profile}
            variant="default"
            leftSection={<IconUserCircle size={16} />}
            visibleFrom="xs"
          >
            Your profile
          </Button>
        </Group>
        <Button
          component={Link}
          to={paths.profile}
          variant="default"
          mt="md"
          hiddenFrom="xs"
          fullWidth
        >
          Your profile
        </Button>
      </Paper>
      <Grid mt="lg" gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <CreateDeckCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <TutorialCard />
        </Grid.Col>
      </Grid>
      <Stack mt="lg" gap="lg">
        <RecentDecksCard />
        {user && (user.role === 'manager' || isAdmin(user)) && <AllDecksCard />}
      </Stack>
    </PageShell>
  );
}
