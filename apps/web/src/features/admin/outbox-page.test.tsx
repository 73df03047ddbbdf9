import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminUser, mockApi, renderApp } from '../../test/render-app.tsx';

const mail = (overrides: object) => ({
  id: 'm1',
  to: 'ana@example.com',
  subject: 'Reset your Deck Portal password',
  text: 'Hello Ana,\n\nOpen http://portal.test/auth/reset?token=abc123 within the hour.',
  status: 'pending',
  createdAt: '2026-11-02T09:05:00.000Z',
  sentAt: null,
  attempts: 0,
  lastError: null,
  attachments: [],
  ...overrides,
});

describe('/admin/outbox', () => {
  it('is reached from the admin header and shows each held mail readably, its links clickable', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: adminUser } },
      // Each list answers for the status it asks for (pending, approved, declined).
      'GET /api/admin/users': ({ url }) => ({
        body: { status: url.searchParams.get('status'), users: [] },
      }),
      'GET /api/admin/stats': { body: { pending: 0, approved: 1, total: 1 } },
      'GET /api/admin-notifications': { body: { notifications: [], unreadCount: 0 } },
      'GET /api/admin/outbox': {
        body: {
          delivery: 'outbox',
          mails: [
            mail({}),
            mail({ id: 'm2', to: 'bo@example.com', subject: 'Welcome', text: 'Hi <b>Bo</b>' }),
          ],
        },
      },
    });
    renderApp('/admin');
    await userEvent.click(await screen.findByRole('link', { name: 'Outbox' }));
    expect(await screen.findByRole('heading', { name: 'Outbox' })).toBeVisible();
    expect(await screen.findByText('No mail server is set up')).toBeVisible();
    const reset = screen.getByRole('article', {
      name: 'Mail to ana@example.com: Reset your Deck Portal password',
    });
    expect(within(reset).getByText('Held here')).toBeVisible();
    expect(within(reset).getByText(/To ana@example.com · Nov 2, 2026/)).toBeVisible();
    const link = within(reset).getByRole('link', {
      name: 'http://portal.test/auth/reset?token=abc123',
    });
    expect(link).toHaveAttribute('href', 'http://portal.test/auth/reset?token=abc123');
    expect(link).toHaveAttribute('target', '_blank');
    // Text, never markup.
    const welcome = screen.getByRole('article', { name: 'Mail to bo@example.com: Welcome' });
    expect(within(welcome).getByText('Hi <b>Bo</b>')).toBeVisible();
  });

  it('with SMTP, shows each mail’s status and withholds private links', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: adminUser } },
      'GET /api/admin/outbox': {
        body: {
          delivery: 'smtp',
          mails: [
            mail({ text: null, status: 'sent', sentAt: '2026-11-02T09:06:00.000Z' }),
            mail({
              id: 'm3',
              subject: 'Your account is approved',
              text: 'Welcome',
              status: 'failing',
              attempts: 2,
              lastError: 'connection refused',
            }),
          ],
        },
      },
    });
    renderApp('/admin/outbox');
    const sent = await screen.findByRole('article', {
      name: 'Mail to ana@example.com: Reset your Deck Portal password',
    });
    expect(within(sent).getByText('Sent')).toBeVisible();
    expect(within(sent).getByText(/Holds a private link/)).toBeVisible();
    expect(screen.getByText('Attempt 2 failed: connection refused')).toBeVisible();
    expect(screen.queryByText('No mail server is set up')).toBeNull();
  });
});

describe('a mail sent with files', () => {
  it('lists each file with its type and size, a link to download it, or that it is gone', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: adminUser } },
      'GET /api/admin/outbox': {
        body: {
          delivery: 'outbox',
          mails: [
            mail({
              to: 'jane@client.example',
              subject: 'You accepted the proposal',
              text: 'The proposal is attached.',
              attachments: [
                {
                  filename: 'Cold chain - accepted.pdf',
                  contentType: 'application/pdf',
                  size: 831_488,
                  url: '/api/admin/outbox/m1/attachments/1',
                },
                {
                  filename: 'Old.pdf',
                  contentType: 'application/pdf',
                  size: null,
                  url: '/api/admin/outbox/m1/attachments/2',
                },
              ],
            }),
          ],
        },
      },
    });
    renderApp('/admin/outbox');
    const files = await screen.findByRole('list', {
      name: 'Attachments of the mail to jane@client.example',
    });
    const [stored, gone] = within(files).getAllByRole('listitem');
    expect(stored).toHaveTextContent('Cold chain - accepted.pdf PDF, 812 KB');
    expect(
      within(stored!).getByRole('link', { name: 'Cold chain - accepted.pdf' }),
    ).toHaveAttribute('href', '/api/admin/outbox/m1/attachments/1');
    expect(gone).toHaveTextContent('Old.pdf (no longer stored)');
    expect(within(gone!).queryByRole('link')).toBeNull();
  });
});

describe('the Templates tab', () => {
  it('shows every template: when it is sent, its subject, the mail in a sandboxed frame and its text', async () => {
    const template = (overrides: object) => ({
      id: 'password-reset',
      title: 'Password reset',
      sentWhen: 'Someone asks to reset the password of an account that may sign in.',
      isSecret: true,
      subject: 'Reset your Pitch Room password',
      html: '<!DOCTYPE html><html><body><p>Hello Rita Rep,</p><script>parent.alert(1)</script></body></html>',
      text: 'Hello Rita Rep,\n\nSent by Pitch Room.',
      ...overrides,
    });
    mockApi({
      'GET /api/auth/session': { body: { user: adminUser } },
      'GET /api/admin/outbox': { body: { delivery: 'outbox', mails: [] } },
      'GET /api/admin/mail-templates': {
        body: {
          templates: [
            template({}),
            template({
              id: 'account-approved',
              title: 'Account approved',
              sentWhen: 'An administrator approves a sign-up.',
              isSecret: false,
              subject: 'Your Pitch Room account is approved',
            }),
          ],
        },
      },
    });
    renderApp('/admin/outbox');
    await userEvent.click(await screen.findByRole('tab', { name: 'Templates' }));
    const reset = await screen.findByRole('article', { name: 'Password reset' });
    expect(within(reset).getByText('Reset your Pitch Room password')).toBeVisible();
    expect(within(reset).getByText(/Someone asks to reset the password/)).toBeVisible();
    expect(within(reset).getByText('Private link')).toBeVisible();
    const frame = within(reset).getByTitle('Preview of Password reset');
    // Rendered by the browser apart from the page: no scripts, no access to the portal.
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Hello Rita Rep,</p>');

    const approved = screen.getByRole('article', { name: 'Account approved' });
    expect(within(approved).getByText('Your Pitch Room account is approved')).toBeVisible();
    expect(within(approved).queryByText('Private link')).toBeNull();

    await userEvent.click(within(approved).getByRole('tab', { name: 'Plain text' }));
    expect(within(approved).getByText(/Sent by Pitch Room\./)).toBeVisible();
    expect(within(approved).queryByTitle('Preview of Account approved')).toBeNull();
  });
});
