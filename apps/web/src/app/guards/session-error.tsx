import { Button, Center, Stack, Text, Title } from '@mantine/core';

/** Shown when the session could not be checked at all (server unreachable), with a retry. */
export function SessionError({ onRetry }: { onRetry: () => void }) {
  return (
    <Center h="100vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={1} size="h2">
          We could not reach the server
        </Title>
        <Text c="dimmed">Your session could not be checked. Check your connection and retry.</Text>
        <Button onClick={onRetry}>Retry</Button>
      </Stack>
    </Center>
  );
}
