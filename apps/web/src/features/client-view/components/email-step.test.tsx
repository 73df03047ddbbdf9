import { viewerEmailMessages, type ClientLinkSender, type ClientView } from '@deck-portal/domain';
import { clientPageTexts } from '@deck-portal/domain/client-page-texts';
import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '../../../test/render-app.tsx';
import { renderClientView } from '../../../test/render-client-view.tsx';

const api = '/api/client-view/tok';

const deck: ClientView = {
  title: 'Winterangebot',
  clientName: 'Polar Foods',
  recipientName: 'Casey Client',
  senderName: 'Robin Rep',
  slides: [1, 2].map((index) => ({ index, url: `${api}/slides/${index}` })),
  pdfUrl: null,
  updatedAt: null,
  language: 'de',
  direction: 'ltr',
  locale: 'de-DE',
  currency: 'EUR',
};

const sender: ClientLinkSender = {
  companyName: 'Acme Cold Chain',
  companyColors: { primary: '1F4E79', accent: '2E75B6', highlight: 'F4B183' },
  logoUrl: null,
  name: 'Robin Rep',
  jobTitle: null,
  photoUrl: null,
  language: 'de',
  direction: 'ltr',
};

const emailRequired = apiError(401, 'email_required', viewerEmailMessages.emailRequired);

/** The server of a link that asks for an address at polar.example, code 123456. */
function verifiedLinkApi() {
  let isVerified = false;
  const calls = mockApi({
    [`GET ${api}`]: () => (isVerified ? { body: deck } : emailRequired),
    [`GET ${api}/sender`]: () => (isVerified ? { body: sender } : emailRequired),
    [`GET ${api}/viewer`]: {
      body: { emailRequired: true, verifiedEmail: null, language: 'de', direction: 'ltr' },
    },
    [`POST ${api}/viewer/code`]: ({ body }) => {
      const { email } = body as { email: string };
      if (!email.endsWith('@polar.example')) {
        return apiError(400, 'domain_not_allowed', viewerEmailMessages.domainNotAllowed, {
          email: viewerEmailMessages.domainNotAllowed,
        });
      }
      return { status: 202, body: { email, expiresAt: '2026-11-23T09:10:00.000Z' } };
    },
    [`POST ${api}/viewer/verify`]: ({ body }) => {
      if ((body as { code: string }).code !== '123456') {
        return apiError(400, 'wrong_code', viewerEmailMessages.wrongCode, {
          code: viewerEmailMessages.wrongCode,
        });
      }
      isVerified = true;
      return { status: 204 };
    },
    [`POST ${api}/visits`]: {
      status: 201,
      body: { visitId: null, isTracked: false, untrackedReason: 'limit' },
    },
  });
  return calls;
}

beforeEach(() => {
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator) as Navigator, { sendBeacon: () => true }),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the e-mail step', () => {
  const de = clientPageTexts('de');

  it('asks for the address in the deck’s language, refuses another company’s, and opens the deck with the mailed code', async () => {
    const calls = verifiedLinkApi();
    renderClientView('tok');

    expect(await screen.findByRole('heading', { level: 1, name: de.emailTitle })).toBeVisible();
    expect(screen.getByText(de.emailPrompt)).toBeVisible();
    // Nothing of the deck or its rep before the address is proved.
    expect(screen.queryByText(/Robin Rep|Winterangebot/)).toBeNull();

    const email = screen.getByLabelText(new RegExp(`^${de.emailAddress}`));
    await userEvent.type(email, 'not an address');
    await userEvent.click(screen.getByRole('button', { name: de.sendCode }));
    expect(await screen.findByText(de.emailInvalid)).toBeVisible();
    expect(calls.filter((call) => call.path === `${api}/viewer/code`)).toEqual([]);

    await userEvent.clear(email);
    await userEvent.type(email, 'casey@rival.example');
    await userEvent.click(screen.getByRole('button', { name: de.sendCode }));
    expect(await screen.findByText(de.domainNotAllowed)).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(de.domainNotAllowed);

    await userEvent.clear(email);
    await userEvent.type(email, 'casey@polar.example');
    await userEvent.click(screen.getByRole('button', { name: de.sendCode }));
    expect(await screen.findByText(de.codeSentTo('casey@polar.example'))).toBeVisible();

    const code = screen.getByLabelText(new RegExp(`^${de.code}`));
    await userEvent.type(code, '12345');
    await userEvent.click(screen.getByRole('button', { name: de.confirmCode }));
    expect(await screen.findByText(de.codeShape)).toBeVisible();

    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: de.confirmCode }));
    expect(await screen.findByText(de.wrongCode)).toBeVisible();
    expect(code).toHaveAccessibleDescription(de.wrongCode);

    await userEvent.clear(code);
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: de.confirmCode }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Winterangebot' })).toBeVisible();
    // The rep shows once the address is proved.
    await waitFor(() => expect(screen.getByText('Robin Rep')).toBeVisible());
    expect(calls.filter((call) => call.path === `${api}/viewer/verify`).map((c) => c.body)).toEqual(
      [
        { email: 'casey@polar.example', code: '654321' },
        { email: 'casey@polar.example', code: '123456' },
      ],
    );
  });

  it('sends a new code, and goes back for another address', async () => {
    const calls = verifiedLinkApi();
    renderClientView('tok');
    const email = await screen.findByLabelText(new RegExp(`^${de.emailAddress}`));
    await userEvent.type(email, 'casey@polar.example');
    await userEvent.click(screen.getByRole('button', { name: de.sendCode }));
    await userEvent.click(await screen.findByRole('button', { name: de.sendNewCode }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === `${api}/viewer/code`)).toHaveLength(2),
    );
    await userEvent.click(screen.getByRole('button', { name: de.otherAddress }));
    expect(await screen.findByLabelText(new RegExp(`^${de.emailAddress}`))).toBeVisible();
  });
});
