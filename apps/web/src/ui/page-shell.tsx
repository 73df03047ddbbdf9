import type { ReactNode } from 'react';
import { Container, Group, Paper } from '@mantine/core';
import { Logo } from './logo.tsx';

/** A page with the portal's header bar; `actions` sit on the right of the header. */
export function PageShell({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  return (
    <>
      <Paper component="header" radius={0} shadow="xs" px="lg" py="sm">
        <Group justify="space-between" wrap="nowrap">
          <Logo />
          <Group gap="sm">{actions}</Group>
        </Group>
      </Paper>
      <Container component="main" size="lg" py="xl">
        {children}
      </Container>
    </>
  );
}
