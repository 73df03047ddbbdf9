import type { WebhookDeliveryView, WebhookEndpointView } from '@deck-portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths.ts';
import { adminUser, apiError, approvedUser, mockApi, renderApp } from '../../test/render-app.tsx';

const endpoint: WebhookEndpointView = {
  id: '7f1c2a34-0d5e-4c1b-9a55-3e2f1b0c9d8e',
  url: 'https://crm.example.com/hooks/deck-portal',
  description: 'CRM activities',
  eventTypes: ['link.opened', 'visit.ended'],
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  enabled: true,
  disabledAt: null,
  disabledReason: null,
  failuresInRow: 0,
  createdBy: { id: adminUser.id, name: adminUser.name },
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
};

const delivery = (overrides: Partial<WebhookDeliveryView>): WebhookDeliveryView => ({
  id: '0b7c9d2e-1f3a-4b5c-8d6e-7f8091a2b3c4',
  eventType: 'visit.ended',
  messageId: 'evt_1',
  status: 'succeeded',
  attempts: 1,
  nextAttemptAt: null,
  lastAttemptAt: '2026-11-20T10:00:00.000Z',
  lastStatusCode: 200,
  lastError: null,
  deliveredAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const deliveriesPath = `/api/admin/webhooks/${endpoint.id}/deliveries`;

const seeded = {
  'GET /api/auth/session': { body: { user: adminUser } },
  'GET /api/admin/webhooks': { body: { endpoints: [endpoint] } },
  [`GET ${deliveriesPath}`]: {
    body: {
      deliveries: [
        delivery({}),
        delivery({
          id: '1c8d0e3f-2a4b-4c6d-9e7f-8091a2b3c4d5',
          messageId: 'evt_2',
          status: 'failed',
          attempts: 8,
          lastStatusCode: 503,
          lastError: 'The receiver answered 503: down for maintenance',
          deliveredAt: null,
        }),
      ],
    },
  },
};

describe('the webhooks page', () => {
  it('shows each webhook with its events, secret and delivery log, and redelivers a failed message', async () => {
    const calls = mockApi({
      ...seeded,
      [`POST ${deliveriesPath}/1c8d0e3f-2a4b-4c6d-9e7f-8091a2b3c4d5/redeliver`]: {
        status: 202,
        body: delivery({ status: 'pending', messageId: 'evt_2' }),
      },
    });
    renderApp(paths.webhooks);
    const card = await screen.findByRole('region', { name: 'Webhook CRM activities' });
    expect(within(card).getByRole('heading', { name: endpoint.url })).toBeVisible();
    expect(within(card).getByText('visit.ended')).toBeVisible();
    expect(within(card).getByLabelText(/Signing secret/)).toHaveValue(endpoint.secret);
    const log = await within(card).findByRole('table', { name: `Deliveries to ${endpoint.url}` });
    const failed = within(log).getByText('evt_2').closest('tr')!;
    expect(within(failed).getByText('Failed')).toBeVisible();
    expect(within(failed).getByText('HTTP 503')).toBeVisible();
    expect(
      within(failed).getByText('The receiver answered 503: down for maintenance'),
    ).toBeVisible();
    expect(within(log).getByText('evt_1').closest('tr')).toHaveTextContent('Delivered');

    await userEvent.click(
      within(failed).getByRole('button', { name: /^Redeliver visit.ended evt_2/ }),
    );
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/redeliver'))).toBe(true));
  });

  it('adds a webhook, and shows why the server refuses an address', async () => {
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: adminUser } },
      'GET /api/admin/webhooks': { body: { endpoints: [] } },
      'POST /api/admin/webhooks': apiError(
        400,
        'validation_failed',
        'Webhooks cannot go to this address.',
        {
          url: 'Webhooks cannot go to this address: 10.0.0.7 is a private, loopback or reserved address (10.0.0.7): webhooks go to public addresses only.',
        },
      ),
    });
    renderApp(paths.webhooks);
    expect(await screen.findByText(/No webhooks yet/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /^Address/ }),
      'http://10.0.0.7/hook',
    );
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: /A client accepts a proposal/ }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(
      await within(dialog).findAllByText(/10\.0\.0\.7 is a private, loopback or reserved address/),
    ).not.toHaveLength(0);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      url: 'http://10.0.0.7/hook',
      description: '',
      eventTypes: ['link.opened', 'visit.ended', 'proposal.accepted'],
    });
  });

  it('says of a webhook nothing was sent to yet, and how to check its receiver', async () => {
    mockApi({ ...seeded, [`GET ${deliveriesPath}`]: { body: { deliveries: [] } } });
    renderApp(paths.webhooks);
    const card = await screen.findByRole('region', { name: 'Webhook CRM activities' });
    expect(
      await within(card).findByText('Nothing sent yet. Send a test event to check the receiver.'),
    ).toBeVisible();
    expect(within(card).queryByRole('table')).toBeNull();
  });

  it('is not for reps', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user: approvedUser } } });
    const { router } = renderApp(paths.webhooks);
    await waitFor(() => expect(router.state.location.pathname).not.toBe(paths.webhooks));
  });
});
