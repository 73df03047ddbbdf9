import type { ReactNode } from 'react';
import { Alert, Box, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import classes from './user-row.module.css';

/**
 * The body of an admin user list: two placeholder rows while `query` loads, an alert with
 * `loadFailedMessage` and the error when it failed (without one, a failure shows as empty), a
 * quiet note when it is empty, otherwise the rows.
 */
export function UserList({
  query,
  loadFailedMessage,
  emptyMessage,
  children,
}: {
  query: { isPending: boolean; error: Error | null };
  loadFailedMessage?: string;
  emptyMessage: string;
  children: ReactNode[];
}) {
  if (query.error && loadFailedMessage !== undefined) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {loadFailedMessage}
        {query.error.message}
      </Alert>
    );
  }
  if (query.isPending) {
    return (
      <Stack gap="sm">
        <Skeleton height={64} radius="md" />
        <Skeleton height={64} radius="md" />
      </Stack>
    );
  }
  if (children.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {emptyMessage}
      </Text>
    );
  }
  return (
    <Box component="ul" className={classes.list}>
      {children}
    </Box>
  );
}
