import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../config/paths.ts';

/** The page header's way home, on the deck pages. */
export function BackToDashboardButton() {
  return (
    <Button
      component={Link}
      to={paths.dashboard}
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
    >
      Back to Dashboard
    </Button>
  );
}
