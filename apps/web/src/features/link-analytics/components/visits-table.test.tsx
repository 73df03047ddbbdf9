import type { ClientVisit } from '@deck-portal/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VisitsTable } from './visits-table.tsx';

const visit = (id: string, verifiedEmail: string | null): ClientVisit => ({
  id,
  startedAt: '2026-11-23T09:00:00.000Z',
  durationMs: 65_000,
  slidesViewed: [1, 2],
  version: 1,
  verifiedEmail,
});

const renderTable = (visits: ClientVisit[]) =>
  render(
    <MantineProvider>
      <VisitsTable visits={visits} slideCounts={new Map([[1, 3]])} />
    </MantineProvider>,
  );

describe('the visits table', () => {
  it('names the address each visit verified, on a link that asks for one (issue 51)', () => {
    renderTable([visit('v2', 'casey@polar.example'), visit('v1', null)]);
    const table = screen.getByRole('table', { name: 'Visits' });
    expect(within(table).getByRole('columnheader', { name: 'Verified e-mail' })).toBeVisible();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('casey@polar.example')).toBeVisible();
    expect(within(rows[1]!).getByText('Not verified')).toBeVisible();
  });

  it('has no such column on a link that asks for none', () => {
    renderTable([visit('v1', null)]);
    expect(screen.queryByRole('columnheader', { name: 'Verified e-mail' })).toBeNull();
  });
});
