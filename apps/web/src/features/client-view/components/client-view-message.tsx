import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

/** A page that says one thing instead of the deck: the link is gone, or it failed to load. */
export function ClientViewMessage({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap="md" maw={520} mx="auto" mt="xl" align="flex-start">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text>{message}</Text>
      {children}
    </Stack>
  );
}
