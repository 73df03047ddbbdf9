import { Center, Loader } from '@mantine/core';

/** The full-page spinner shown while a screen or the session loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center h="100vh" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
