import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultAlertSettings } from '@deck-portal/domain';
import { apiError, approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

const session = { 'GET /api/auth/session': { body: { user: approvedUser } } };
const saved = { settings: defaultAlertSettings, hasWorkspaceSlack: false };

describe('the alerts page', () => {
  it('shows each alert per channel and saves the switches, days, digest and Slack address', async () => {
    const calls = mockApi({
      ...session,
      'GET /api/profile/alerts': { body: saved },
      'PUT /api/profile/alerts': ({ body }) => ({
        body: { settings: body, hasWorkspaceSlack: false },
      }),
    });
    renderApp('/profile/alerts');
    expect(await screen.findByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
    // The defaults: the first open in the portal and by mail, nothing in Slack.
    expect(await screen.findByRole('switch', { name: 'First open: In the portal' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'First open: E-mail' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'First open: Slack' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Every visit: E-mail' })).not.toBeChecked();

    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Every visit: E-mail' }));
    await user.click(screen.getByRole('switch', { name: 'Pricing viewed: Slack' }));
    // Slack asked for without an address: the page says so.
    expect(screen.getByText(/Slack alerts need an address/)).toBeVisible();
    const days = screen.getByLabelText('Return after silence');
    await user.clear(days);
    await user.type(days, '10');
    await user.click(screen.getByRole('switch', { name: /Daily digest/ }));
    await user.type(
      screen.getByLabelText('Slack address'),
      'https://hooks.slack.com/services/T000/B000/XXXX',
    );
    await user.click(screen.getByRole('button', { name: 'Save alerts' }));
    expect(await screen.findByText('Alerts saved.')).toBeVisible();

    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      ...defaultAlertSettings,
      kinds: {
        ...defaultAlertSettings.kinds,
        everyVisit: { inApp: true, email: true, slack: false },
        pricingViewed: { inApp: true, email: false, slack: true },
      },
      returnAfterDays: 10,
      dailyDigest: true,
      slackWebhookUrl: 'https://hooks.slack.com/services/T000/B000/XXXX',
    });
  });

  it('sends a test to the Slack address typed, and shows why one failed beside it', async () => {
    const calls = mockApi({
      ...session,
      'GET /api/profile/alerts': { body: saved },
      'POST /api/profile/alerts/slack-test': ({ body }) =>
        (body as { slackWebhookUrl: string }).slackWebhookUrl.endsWith('/gone')
          ? apiError(400, 'slack_failed', 'The test was not posted: Slack answered 404.', {
              slackWebhookUrl: 'Slack answered 404.',
            })
          : { status: 204 },
    });
    renderApp('/profile/alerts');
    const user = userEvent.setup();
    const test = await screen.findByRole('button', { name: 'Send a test to Slack' });
    // Nowhere to send it yet.
    expect(test).toBeDisabled();
    const address = screen.getByLabelText('Slack address');
    await user.type(address, 'https://hooks.slack.com/services/T000/B000/XXXX');
    await user.click(test);
    expect(await screen.findByText('Test sent: look for it in Slack.')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      slackWebhookUrl: 'https://hooks.slack.com/services/T000/B000/XXXX',
    });

    await user.clear(address);
    await user.type(address, 'https://hooks.example.com/gone');
    await user.click(test);
    expect(await screen.findByText('Slack answered 404.')).toBeVisible();
  });

  it('is reached from the profile page', async () => {
    mockApi({
      ...session,
      'GET /api/profile': {
        body: {
          name: 'Robin Rep',
          email: 'rep@example.com',
          jobTitle: null,
          phone: null,
          photoUrl: null,
          hasUploadedPhoto: false,
        },
      },
      'GET /api/profile/alerts': { body: saved },
    });
    renderApp('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Choose alerts' }));
    expect(await screen.findByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
    expect(await screen.findByRole('switch', { name: 'Declined: E-mail' })).toBeChecked();
  });
});
