import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { choose } from '../../test/choose-option.ts';
import { apiError, approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

const profile = {
  name: 'Robin Rep',
  email: 'rep@example.com',
  jobTitle: null,
  phone: null,
  photoUrl: null,
  hasUploadedPhoto: false,
};

const session = { 'GET /api/auth/session': { body: { user: approvedUser } } };

describe('the profile page', () => {
  it('saves name, job title and phone, previewing what the decks will say', async () => {
    const calls = mockApi({
      ...session,
      'GET /api/profile': { body: profile },
      'PATCH /api/profile': ({ body }) => ({
        body: { ...profile, ...(body as object) },
      }),
    });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeVisible();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Job title'), 'Account Executive');
    await user.type(screen.getByLabelText('Phone'), '+1 555 0100');
    expect(screen.getByText('Presented by Robin Rep, Account Executive')).toBeVisible();
    expect(screen.getByText('rep@example.com · +1 555 0100')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved.')).toBeVisible();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      name: 'Robin Rep',
      jobTitle: 'Account Executive',
      phone: '+1 555 0100',
      market: null,
      language: null,
    });
  });

  it('saves the market and language the rep’s new decks start in', async () => {
    const calls = mockApi({
      ...session,
      'GET /api/profile': { body: { ...profile, market: 'DE', language: null } },
      'PATCH /api/profile': ({ body }) => ({ body: { ...profile, ...(body as object) } }),
    });
    renderApp('/profile');
    const user = userEvent.setup();
    const market = await screen.findByLabelText('Market of new decks', { selector: 'input' });
    await waitFor(() => expect(market).toHaveValue('Germany · EUR'));
    await choose(user, market, 'Japan · JPY');
    await choose(
      user,
      screen.getByLabelText('Language of new decks', { selector: 'input' }),
      'Japanese',
    );
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved.')).toBeVisible();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      market: 'JP',
      language: 'ja',
    });
  });

  it('refuses a phone that is not one under the field, without asking the server', async () => {
    const calls = mockApi({ ...session, 'GET /api/profile': { body: profile } });
    renderApp('/profile');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Phone'), 'ring me');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(/Enter a phone number with digits/)).toBeVisible();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('uploads a photo and says why one was refused', async () => {
    const calls = mockApi({
      ...session,
      'GET /api/profile': { body: profile },
      'PUT /api/profile/photo': apiError(
        400,
        'validation_failed',
        'This file is not a picture we can use. Upload a PNG, JPEG, WebP or GIF.',
      ),
    });
    const { container } = renderApp('/profile');
    await screen.findByRole('button', { name: 'Upload photo' });
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    const user = userEvent.setup();
    await user.upload(input, new File(['x'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('not a picture we can use');
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
  });
});
