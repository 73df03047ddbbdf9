import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { ChunkLoadError } from '../lib/lazy-chunk.ts';

/** What a route shows when its code could not load or it failed while drawing. */
export function RouteError() {
  const error = useRouteError();
  const isChunkError = error instanceof ChunkLoadError;
  return (
    <Center h="100vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={2}>{isChunkError ? error.message : 'Something went wrong'}</Title>
        <Text c="dimmed">
          {isChunkError
            ? 'Part of the page could not be downloaded. Check your connection and reload.'
            : 'This page could not be shown. Reloading usually helps.'}
        </Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
