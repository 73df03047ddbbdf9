import type { ReactNode } from 'react';
import { Burger, Container, Drawer, Group, Paper } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Logo } from './logo.tsx';
import classes from './page-shell.module.css';

/** Below Mantine's `sm` breakpoint a header's actions no longer fit beside the logo. */
export const PHONE_QUERY = '(max-width: 48em)';

/**
 * A page with the portal's header bar; `actions` sit on the right of the header. On a phone they
 * are behind a menu button instead, one under another in a panel, so the page starts at the top;
 * `pinned` stays in the header at every width (what must be seen without a tap, such as unread
 * notifications).
 */
export function PageShell({
  pinned,
  actions,
  children,
}: {
  pinned?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const isPhone = useMediaQuery(PHONE_QUERY) ?? false;
  const [isMenuOpen, menu] = useDisclosure(false);
  return (
    <>
      <Paper component="header" radius={0} shadow="xs" px="lg" py="sm">
        <Group justify="space-between" wrap="nowrap">
          <Logo />
          <Group gap="sm" wrap="nowrap">
            {pinned}
            {actions && isPhone ? (
              <Burger
                opened={isMenuOpen}
                onClick={menu.toggle}
                aria-label="Menu"
                aria-expanded={isMenuOpen}
                size="sm"
              />
            ) : (
              <Group gap="sm">{actions}</Group>
            )}
          </Group>
        </Group>
      </Paper>
      {actions && isPhone ? (
        <Drawer opened={isMenuOpen} onClose={menu.close} position="right" size="xs" title="Menu">
          <div className={classes.menu}>{actions}</div>
        </Drawer>
      ) : null}
      <Container component="main" size="lg" py="xl">
        {children}
      </Container>
    </>
  );
}
