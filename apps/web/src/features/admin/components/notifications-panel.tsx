import { useEffect, useState } from 'react';
import type { AdminNotification } from '@deck-portal/domain';
import { Anchor, Box, Button, Group, Indicator, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBell, IconCheck } from '@tabler/icons-react';
import { useMarkNotificationRead } from '../../../lib/mark-notification-read.ts';
import { adminQueryKeys } from '../api/admin-query-keys.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { formatDateTime } from '../format.ts';
import { SectionCard } from './section-card.tsx';
import classes from './notifications-panel.module.css';

/** SPEC.md section 9: the panel shows at most 5 notifications. */
export const recentNotificationCount = 5;

function NotificationItem({ notification }: { notification: AdminNotification }) {
  // SPEC.md section 4: after any admin action the lists, stats and notifications reload.
  const markRead = useMarkNotificationRead({ inbox: 'admin', reloads: adminQueryKeys.all });
  return (
    <Box
      component="li"
      className={classes.item}
      data-unread={notification.read ? undefined : true}
      aria-label={notification.message}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start" className={classes.body}>
        <Indicator disabled={notification.read} color="blue" size={9} offset={4}>
          <ThemeIcon variant="light" color={notification.read ? 'gray' : 'blue'} radius="xl">
            <IconBell size={16} />
          </ThemeIcon>
        </Indicator>
        <div className={classes.text}>
          <Text size="sm" fw={notification.read ? 400 : 600}>
            {notification.message}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(notification.createdAt)}
          </Text>
        </div>
      </Group>
      {!notification.read && (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconCheck size={14} />}
          loading={markRead.isPending}
          onClick={() =>
            markRead.mutate(notification.id, {
              // SPEC.md section 8: a failed mark-as-read is only logged.
              onError: (error) => console.error('Failed to mark notification as read:', error),
            })
          }
        >
          Mark as read
        </Button>
      )}
    </Box>
  );
}

/** 'Recent Notifications (N unread)', shown only when there are any. */
export function NotificationsPanel() {
  const query = useNotifications();
  const [isShowingAll, setShowingAll] = useState(false);

  useEffect(() => {
    if (query.error) console.error('Failed to fetch admin notifications:', query.error);
  }, [query.error]);

  const all = query.data?.notifications ?? [];
  if (all.length === 0) return null;
  const shown = isShowingAll ? all : all.slice(0, recentNotificationCount);

  return (
    <SectionCard
      title={`Recent Notifications (${query.data?.unreadCount ?? 0} unread)`}
      icon={<IconBell size={20} color="var(--mantine-color-blue-6)" />}
    >
      <Stack gap={0} component="ul" className={classes.list}>
        {shown.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} />
        ))}
      </Stack>
      {all.length > recentNotificationCount && (
        <Group justify="center" mt="sm">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setShowingAll((value) => !value);
              void query.refetch();
            }}
          >
            {isShowingAll ? 'Show recent only' : 'View all notifications'}
          </Anchor>
        </Group>
      )}
    </SectionCard>
  );
}
