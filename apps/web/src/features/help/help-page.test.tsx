import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

describe('the guide', () => {
  it('explains approvals, client acceptance and the content library', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: approvedUser } } });
    renderApp('/help');
    const approvals = await screen.findByRole('region', { name: 'Prices that need approval' });
    expect(within(approvals).getByText('Request approval')).toBeVisible();
    // Who decides, as the deal desk has it: not managers alone, and never whoever set the prices.
    expect(approvals).toHaveTextContent(
      "by an administrator for a manager's deck and for a price past what a sales manager may give",
    );
    expect(approvals).toHaveTextContent('Nobody decides prices they set or asked about.');
    const acceptance = screen.getByRole('region', { name: 'Let the client accept' });
    expect(within(acceptance).getByText('Accept proposal')).toBeVisible();
    expect(within(acceptance).getByText('Duplicate to edit')).toBeVisible();
    const library = screen.getByRole('region', { name: 'The content library (editors)' });
    expect(within(library).getByText('Publish')).toBeVisible();
  });
});
