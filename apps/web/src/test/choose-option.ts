import { waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/** Opens a Mantine select and picks an option by its label (options sit in a portal). */
export async function choose(
  user: ReturnType<typeof userEvent.setup>,
  select: HTMLElement,
  option: string,
) {
  await user.click(select);
  await waitFor(() => expect(select).toHaveAttribute('aria-expanded', 'true'));
  const list = document.getElementById(select.getAttribute('aria-controls')!)!;
  await user.click(within(list).getByRole('option', { name: option, hidden: true }));
}
