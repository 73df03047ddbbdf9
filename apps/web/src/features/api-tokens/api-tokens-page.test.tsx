import type { AdminApiTokenView, ApiTokenView } from '@deck-portal/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths.ts';
import { adminUser, apiError, approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

const crmToken: ApiTokenView = {
  id: '3f0c8a52-53c4-4a3e-9d6a-0b9f6c1b2d11',
  name: 'CRM sync',
  prefix: 'Ab3dE5gH',
  scopes: ['decks:read', 'links:write'],
  createdAt: '2026-11-02T09:00:00.000Z',
  expiresAt: '2099-01-31T09:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};
const session = { 'GET /api/auth/session': { body: { user: approvedUser } } };

describe('the API tokens page', () => {
  it('makes a token with the chosen scopes and expiry, and shows it once with a warning', async () => {
    const token = `dpt_${'x'.repeat(43)}`;
    const calls = mockApi({
      ...session,
      'GET /api/tokens': { body: { tokens: [] } },
      'POST /api/tokens': {
        status: 201,
        body: { token, apiToken: { ...crmToken, name: 'Nightly export' } },
      },
    });
    renderApp(paths.apiTokens);
    expect(await screen.findByText('You have no tokens yet.')).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API token' });
    await user.click(within(dialog).getByRole('button', { name: 'Make token' }));
    expect(within(dialog).getByText('Name the token.')).toBeVisible();
    expect(within(dialog).getByText('Choose at least one scope.')).toBeVisible();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Nightly export');
    await user.click(within(dialog).getByRole('checkbox', { name: /links:read/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /decks:read/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Make token' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new token' });
    expect(within(shown).getByLabelText('Token “Nightly export”')).toHaveValue(token);
    expect(within(shown).getByText(/cannot show it again/)).toBeVisible();
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Nightly export',
      scopes: ['links:read', 'decks:read'],
      expiresInDays: 90,
    });
  });

  it('lists the tokens and revokes one after asking', async () => {
    let tokens = [crmToken];
    const calls = mockApi({
      ...session,
      'GET /api/tokens': () => ({ body: { tokens } }),
      [`DELETE /api/tokens/${crmToken.id}`]: () => {
        tokens = [{ ...crmToken, revokedAt: '2026-11-03T09:00:00.000Z' }];
        return { body: tokens[0] };
      },
    });
    renderApp(paths.apiTokens);
    const row = (await screen.findByText('CRM sync')).closest('tr')!;
    expect(within(row).getByText('dpt_Ab3dE5gH…')).toBeVisible();
    expect(within(row).getByText('links:write')).toBeVisible();
    expect(within(row).getByText('Not yet')).toBeVisible();
    expect(within(row).getByText('Active')).toBeVisible();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Revoke CRM sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    expect(await screen.findByText('“CRM sync” is revoked.')).toBeVisible();
    expect(await screen.findByText('Revoked')).toBeVisible();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('says why the list could not be loaded', async () => {
    mockApi({ ...session, 'GET /api/tokens': apiError(503, 'unavailable', 'Try again soon.') });
    renderApp(paths.apiTokens);
    expect(await screen.findByText('Try again soon.')).toBeVisible();
  });
});

describe("the administrators' API tokens page", () => {
  it('names each token’s owner and revokes any', async () => {
    const owned: AdminApiTokenView = {
      ...crmToken,
      owner: { id: 'u1', name: 'Robin Rep', email: 'rep@example.com' },
      revokedBy: null,
    };
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: adminUser } },
      'GET /api/admin/tokens': { body: { tokens: [owned] } },
      [`DELETE /api/admin/tokens/${crmToken.id}`]: { body: crmToken },
    });
    renderApp(paths.adminApiTokens);
    const row = (await screen.findByText('CRM sync')).closest('tr')!;
    expect(within(row).getByText('Robin Rep')).toBeVisible();
    expect(within(row).getByText('rep@example.com')).toBeVisible();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Revoke CRM sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    expect(within(dialog).getByText(/Robin Rep’s/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    expect(await screen.findByText('“CRM sync” is revoked.')).toBeVisible();
    expect(calls.some((call) => call.path === `/api/admin/tokens/${crmToken.id}`)).toBe(true);
  });
});
