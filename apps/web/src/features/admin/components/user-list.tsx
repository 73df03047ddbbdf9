import type { ReactNode } from 'react';
import { Box, Skeleton, Stack, Text } from '@mantine/core';
import classes from './user-row.module.css';

/**
 * The body of an admin user list: two placeholder rows while it loads, a quiet note when it is
 * empty, otherwise the rows.
 */
export function UserList({
  isLoading,
  emptyMessage,
  children,
}: {
  isLoading: boolean;
  emptyMessage: string;
  children: ReactNode[];
}) {
  if (isLoading) {
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
