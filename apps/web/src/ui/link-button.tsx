import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A page header's way to another page: a plain button with an icon, which is a link. */
export function LinkButton({
  to,
  icon: LeftIcon,
  children,
}: {
  to: string;
  icon: TablerIcon;
  children: ReactNode;
}) {
  return (
    <Button component={Link} to={to} variant="default" leftSection={<LeftIcon size={16} />}>
      {children}
    </Button>
  );
}
