import { useState } from 'react';
import type { UserNotification } from '@deck-portal/domain';
import {
  ActionIcon,
  Alert,
  Box,
  Center,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useMarkNotificationRead } from '../../../lib/mark-notification-read.ts';
import { notificationsQueryOptions, useNotifications } from '../api/get-notifications.ts';
import classes from './notifications-bell.module.css';

/** Only a path inside the portal is followed: a notification never sends anyone off-site. */
function isPortalPath(link: string | null): link is string {
  return link !== null && link.startsWith('/') && !link.startsWith('//');
}

function NotificationItem({
  notification,
  onOpen,
}: {
  notification: UserNotification;
  onOpen: (notification: UserNotification) => void;
}) {
  return (
    <li>
      <UnstyledButton
        className={classes.item}
        data-unread={notification.read ? undefined : true}
        onClick={() => onOpen(notification)}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Box className={classes.dot} data-unread={notification.read ? undefined : true} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={notification.read ? 400 : 600} className={classes.message}>
              {!notification.read && <VisuallyHidden>Unread: </VisuallyHidden>}
              {notification.message}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(notification.createdAt)}
            </Text>
          </Stack>
        </Group>
      </UnstyledButton>
    </li>
  );
}

/** The header's bell: the user's notifications; opening one marks it read and goes to it. */
export function NotificationsBell() {
  const [isOpen, setOpen] = useState(false);
  const navigate = useNavigate();
  const query = useNotifications();
  const markRead = useMarkNotificationRead({
    inbox: 'own',
    reloads: notificationsQueryOptions().queryKey,
  });
  const unread = query.data?.unreadCount ?? 0;
  const list = query.data?.notifications ?? [];

  const open = (notification: UserNotification) => {
    if (!notification.read) {
      markRead.mutate(notification.id, {
        // Still going where the notification leads matters more than its dot.
        onError: (error) => console.error('Failed to mark notification as read:', error),
      });
    }
    setOpen(false);
    if (isPortalPath(notification.link)) void navigate(notification.link);
  };

  return (
    <Popover
      opened={isOpen}
      onChange={setOpen}
      position="bottom-end"
      width={360}
      shadow="md"
      withArrow
      trapFocus
    >
      <Indicator
        label={unread > 99 ? '99+' : unread}
        disabled={unread === 0}
        size={18}
        offset={4}
        color="red"
        // The count is in the button's name already; read once is enough.
        attributes={{ indicator: { 'aria-hidden': true } }}
      >
        <Popover.Target>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={unread > 0 ? `Notifications (${unread} unread)` : 'Notifications'}
            onClick={() => setOpen((value) => !value)}
          >
            <IconBell size={18} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown aria-label="Notifications" p="xs">
        <Text fw={600} size="sm" px="xs" pb="xs">
          Notifications
        </Text>
        {query.isPending ? (
          <Center py="md">
            <Loader size="xs" aria-label="Loading notifications" />
          </Center>
        ) : query.isError ? (
          <Alert color="red" variant="light">
            {query.error.message}
          </Alert>
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed" px="xs" pb="xs">
            No notifications yet.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={400} type="auto">
            <ul className={classes.list} aria-label="Notifications">
              {list.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} onOpen={open} />
              ))}
            </ul>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
