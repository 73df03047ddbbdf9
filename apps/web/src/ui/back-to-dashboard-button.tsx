import { IconArrowLeft } from '@tabler/icons-react';
import { paths } from '../config/paths.ts';
import { LinkButton } from './link-button.tsx';

/** The page header's way home, on the deck pages. */
export function BackToDashboardButton() {
  return (
    <LinkButton to={paths.dashboard} icon={IconArrowLeft}>
      Back to Dashboard
    </LinkButton>
  );
}
