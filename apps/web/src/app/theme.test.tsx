import { Loader, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

describe('the portal theme', () => {
  it('makes every spinner a status, named by its label', () => {
    render(
      <MantineProvider theme={theme}>
        <Loader aria-label="Loading versions" />
        <Loader size="xs" />
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: 'Loading versions' })).toBeInTheDocument();
    expect(screen.getAllByRole('status')).toHaveLength(2);
  });
});
