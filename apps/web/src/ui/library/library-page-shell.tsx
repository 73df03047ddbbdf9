import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { PageShell } from '../page-shell.tsx';

/** A page of the content library below its list (an editor, the brand, the price book). */
export function LibraryPageShell({ children }: { children: ReactNode }) {
  return (
    <PageShell
      actions={
        <Button
          component={Link}
          to={paths.library}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
        >
          Library
        </Button>
      }
    >
      {children}
    </PageShell>
  );
}
