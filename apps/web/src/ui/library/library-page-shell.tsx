import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { paths } from '../../config/paths.ts';
import { LinkButton } from '../link-button.tsx';
import { PageShell } from '../page-shell.tsx';

/** A page of the content library below its list (an editor, the brand, the price book). */
export function LibraryPageShell({ children }: { children: ReactNode }) {
  return (
    <PageShell
      actions={
        <LinkButton to={paths.library} icon={IconArrowLeft}>
          Library
        </LinkButton>
      }
    >
      {children}
    </PageShell>
  );
}
