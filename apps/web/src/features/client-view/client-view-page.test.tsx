import { clientLinkMessages, passcodeMinLength, type ClientView } from '@deck-portal/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, portalConfig } from '../../test/render-app.tsx';
import { renderClientView } from '../../test/render-client-view.tsx';

const api = '/api/client-view/tok';

const deck: ClientView = {
  title: 'Winter proposal',
  clientName: 'Polar Foods',
  recipientName: 'Casey Client',
  senderName: 'Robin Rep',
  slides: [1, 2, 3].map((index) => ({ index, url: `${api}/slides/${index}` })),
  pdfUrl: `${api}/download`,
  updatedAt: null,
  language: 'en',
  direction: 'ltr',
  locale: 'en-US',
  currency: 'USD',
};

const trackedVisit = {
  status: 201,
  body: { visitId: 'v1', isTracked: true, untrackedReason: null },
};

/** Longer than Preact waits for a frame before it runs effects anyway. */
const EFFECTS_WAIT_MS = 150;

/**
 * The page's clock (`performance.now`) and timers, moved by the test: `see(ms)` has the page
 * seen that long. Timers also run on with real time, so the library's waiting still works.
 * Effects wait for the next frame (Preact's fallback is a 100 ms timer), so `see` first lets
 * those pending run with the clock standing still: a tracker that starts late on a busy machine
 * would otherwise begin counting after the time it was to count.
 */
function usePageTime() {
  let time = 1_000;
  vi.spyOn(performance, 'now').mockImplementation(() => time);
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    shouldAdvanceTime: true,
  });
  return {
    advance(ms: number) {
      time += ms;
    },
    async see(ms: number) {
      await vi.advanceTimersByTimeAsync(EFFECTS_WAIT_MS);
      time += ms;
      await vi.advanceTimersByTimeAsync(ms);
    },
  };
}

const visitCalls = (calls: { path: string }[]) =>
  calls.filter((call) => call.path === `${api}/visits`);

beforeEach(() => {
  // happy-dom's own beacons would go to a server that is not there.
  vi.stubGlobal(
    'navigator',
    Object.assign(Object.create(navigator) as Navigator, {
      sendBeacon: () => true,
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the client view', () => {
  it('shows the deck with no portal around it, and starts a visit once it has been seen 2 s', async () => {
    const page = usePageTime();
    const calls = mockApi({ [`GET ${api}`]: { body: deck }, [`POST ${api}/visits`]: trackedVisit });
    renderClientView('tok');

    expect(await screen.findByRole('heading', { level: 1, name: 'Winter proposal' })).toBeVisible();
    expect(screen.getByText('Prepared for Polar Foods')).toBeVisible();
    expect(screen.getByText('Shared with Casey Client by Robin Rep')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Slide 1 of 3' })).toHaveAttribute(
      'src',
      `${api}/slides/1`,
    );
    expect(screen.getByText('Slide 1 of 3')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Present' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `${api}/download`,
    );
    expect(screen.queryByRole('link', { name: /Dashboard|Sign in/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Sign (in|out)/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Download PowerPoint|Open editor/ })).toBeNull();
    expect(document.title).toBe('Winter proposal');
    // A mail scanner that runs the page is gone before 2 s: no visit for it.
    await page.see(1_900);
    expect(visitCalls(calls)).toEqual([]);
    await page.see(100);
    await waitFor(() => expect(visitCalls(calls)).toHaveLength(1));
    await page.see(60_000);
    expect(visitCalls(calls)).toHaveLength(1);
    expect(screen.queryByText(/not counted/)).toBeNull();
  });

  it('offers no PDF when the sender did not allow it, and tells the rep a visit is not counted', async () => {
    const page = usePageTime();
    mockApi({
      [`GET ${api}`]: { body: { ...deck, pdfUrl: null } },
      [`POST ${api}/visits`]: {
        status: 201,
        body: { visitId: null, isTracked: false, untrackedReason: 'team' },
      },
      'GET /api/config': { body: portalConfig({ productName: 'Acme Decks' }) },
    });
    renderClientView('tok');
    await screen.findByRole('heading', { name: 'Winter proposal' });
    await page.see(2_000);
    expect(
      await screen.findByText(
        "You are signed in to Acme Decks: this visit is not counted in the link's analytics.",
      ),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Download PDF' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
  });

  it("lays a slide's linked words over its picture as links that open in a new tab, and counts a click", async () => {
    const links = [
      { href: 'https://example.com/case', text: 'the case study', x: 0.1, y: 0.8, w: 0.2, h: 0.05 },
      // An address a viewer must not open is never offered, whatever the server sent.
      { href: 'javascript:alert(1)', text: 'bad', x: 0.5, y: 0.5, w: 0.1, h: 0.1 },
    ];
    // The bad address first: the good link is the slide's second, as the server listed them.
    const calls = mockApi({
      [`GET ${api}`]: {
        body: {
          ...deck,
          slides: deck.slides.map((s, i) => (i === 1 ? { ...s, links: [...links].reverse() } : s)),
        },
      },
      [`POST ${api}/visits`]: trackedVisit,
      [`POST ${api}/visits/v1/link-clicks`]: { status: 204 },
    });
    renderClientView('tok');
    await screen.findByRole('heading', { name: 'Winter proposal' });
    expect(screen.queryByRole('link', { name: 'the case study' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    const link = screen.getByRole('link', { name: 'the case study' });
    expect(link).toHaveAttribute('href', 'https://example.com/case');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link.style.left).toBe('10%');
    expect(link.style.top).toBe('80%');
    expect(link.style.width).toBe('20%');
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    // Opening it tells the visit which link of which slide was opened (starting the visit, as
    // a click is a person's).
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    await waitFor(() =>
      expect(calls.filter((call) => call.path === `${api}/visits/v1/link-clicks`)).toEqual([
        expect.objectContaining({ method: 'POST', body: { slide: 2, link: 1 } }),
      ]),
    );
    // In present mode too.
    await userEvent.click(screen.getByRole('button', { name: 'Present' }));
    const presentation = screen.getByRole('dialog', { name: 'Presentation' });
    expect(presentation.querySelector('a[href="https://example.com/case"]')).not.toBeNull();
  });

  it('tells a client who saw an earlier version when the deck was updated', async () => {
    mockApi({
      [`GET ${api}`]: { body: { ...deck, updatedAt: '2031-03-07T10:00:00.000Z' } },
      [`POST ${api}/visits`]: trackedVisit,
    });
    renderClientView('tok');
    await screen.findByRole('heading', { name: 'Winter proposal' });
    expect(screen.getByRole('note')).toHaveTextContent(
      'Updated on Mar 7, 2031 since you last looked.',
    );
  });

  it('asks for the passcode, refuses a wrong one and opens the deck with the right one', async () => {
    let isUnlocked = false;
    const calls = mockApi({
      [`GET ${api}`]: () =>
        isUnlocked
          ? { body: deck }
          : apiError(401, 'passcode_required', clientLinkMessages.passcodeRequired),
      [`POST ${api}/unlock`]: ({ body }) => {
        if ((body as { passcode: string }).passcode !== 'open-sesame') {
          return apiError(400, 'wrong_passcode', clientLinkMessages.wrongPasscode, {
            passcode: clientLinkMessages.wrongPasscode,
          });
        }
        isUnlocked = true;
        return { status: 204 };
      },
      [`POST ${api}/visits`]: trackedVisit,
    });
    renderClientView('tok');

    expect(await screen.findByText(clientLinkMessages.passcodeRequired)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
    const passcode = screen.getByLabelText(/^Passcode/);
    await userEvent.type(passcode, 'guess');
    await userEvent.click(screen.getByRole('button', { name: 'Open deck' }));
    expect(await screen.findByText(clientLinkMessages.wrongPasscode)).toBeVisible();
    expect(passcode).toHaveAttribute('aria-invalid', 'true');
    expect(passcode).toHaveAccessibleDescription(clientLinkMessages.wrongPasscode);
    expect(screen.queryByRole('heading', { name: 'Winter proposal' })).toBeNull();

    await userEvent.clear(passcode);
    await userEvent.type(passcode, 'open-sesame');
    await userEvent.click(screen.getByRole('button', { name: 'Open deck' }));
    expect(await screen.findByRole('heading', { name: 'Winter proposal' })).toBeVisible();
    expect(calls.filter((call) => call.path === `${api}/unlock`).map((call) => call.body)).toEqual([
      { passcode: 'guess' },
      { passcode: 'open-sesame' },
    ]);
  });

  it('checks the passcode by the shared rules before asking the server', async () => {
    const calls = mockApi({
      [`GET ${api}`]: apiError(401, 'passcode_required', clientLinkMessages.passcodeRequired),
    });
    renderClientView('tok');
    const passcode = await screen.findByLabelText(/^Passcode/);
    await userEvent.click(screen.getByRole('button', { name: 'Open deck' }));
    expect(await screen.findByText('Passcode is required.')).toBeVisible();
    await userEvent.type(passcode, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Open deck' }));
    expect(
      await screen.findByText(`The passcode must be at least ${passcodeMinLength} characters.`),
    ).toBeVisible();
    expect(passcode).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.path === `${api}/unlock`)).toEqual([]);
  });

  it("shows the server's message when there were too many attempts", async () => {
    const message = 'Too many failed attempts. Please try again later.';
    mockApi({
      [`GET ${api}`]: apiError(401, 'passcode_required', clientLinkMessages.passcodeRequired),
      [`POST ${api}/unlock`]: apiError(429, 'too_many_requests', message),
    });
    renderClientView('tok');
    await userEvent.type(await screen.findByLabelText(/^Passcode/), 'guess');
    await userEvent.click(screen.getByRole('button', { name: 'Open deck' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('says the link is unavailable when the server no longer knows it', async () => {
    mockApi({
      [`GET ${api}`]: apiError(404, 'link_unavailable', clientLinkMessages.unavailable),
    });
    renderClientView('tok');
    expect(await screen.findByText(clientLinkMessages.unavailable)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Link unavailable' })).toBeVisible();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('says so too when the link is revoked after the deck loaded', async () => {
    const page = usePageTime();
    mockApi({
      [`GET ${api}`]: { body: deck },
      [`POST ${api}/visits`]: apiError(404, 'link_unavailable', clientLinkMessages.unavailable),
    });
    renderClientView('tok');
    await screen.findByRole('heading', { name: 'Winter proposal' });
    await page.see(2_000);
    expect(await screen.findByText(clientLinkMessages.unavailable)).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Winter proposal' })).toBeNull();
  });

  it('shows the unavailable text at an address with no token, without asking the server', async () => {
    const calls = mockApi({});
    renderClientView(null);
    expect(await screen.findByText(clientLinkMessages.unavailable)).toBeVisible();
    expect(calls).toEqual([]);
  });

  it('says nothing of counting to a client whose address opened the link too often this hour', async () => {
    const page = usePageTime();
    const calls = mockApi({
      [`GET ${api}`]: { body: deck },
      [`POST ${api}/visits`]: {
        status: 201,
        body: { visitId: null, isTracked: false, untrackedReason: 'limit' },
      },
    });
    renderClientView('tok');
    await screen.findByRole('heading', { name: 'Winter proposal' });
    await page.see(2_000);
    await waitFor(() => expect(visitCalls(calls)).toHaveLength(1));
    expect(screen.queryByText(/not counted/)).toBeNull();
    // The deck works as ever; nothing is reported.
    await userEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(screen.getByText('Slide 2 of 3')).toBeVisible();
    await page.see(60_000);
    expect(calls.filter((call) => call.path.endsWith('/events'))).toEqual([]);
  });

  it('reports the time on each slide, from the first moment, by beacon as the page goes away', async () => {
    const page = usePageTime();
    const sendBeacon = vi.fn((_url: string, _data: string) => true);
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { sendBeacon }),
    );
    const calls = mockApi({
      [`GET ${api}`]: { body: deck },
      [`POST ${api}/visits`]: {
        status: 201,
        body: { visitId: 'v2', isTracked: true, untrackedReason: null },
      },
      [`POST ${api}/visits/v2/events`]: { status: 204 },
    });
    renderClientView('tok');
    await screen.findByRole('heading', { name: 'Winter proposal' });

    // The time before the visit began is kept, and reported to it once it exists.
    await page.see(4_000);
    const reports = () => calls.filter((call) => call.path === `${api}/visits/v2/events`);
    // Generous: on a machine busy with other test files the visit's answer can take a while.
    await waitFor(() => expect(reports()).toHaveLength(1), { timeout: 15_000 });
    expect(reports()[0]!.body).toEqual({ sequence: 1, events: [{ slide: 1, ms: 4_000, view: 0 }] });
    await userEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    page.advance(2_500);
    fireEvent(window, new Event('pagehide'));

    // The last events, then the visit's end: the rep's tools hear of the visit at once.
    expect(sendBeacon.mock.calls.map(([url]) => url)).toEqual([
      `${api}/visits/v2/events`,
      `${api}/visits/v2/end`,
    ]);
    const [, data] = sendBeacon.mock.calls[0]!;
    expect(JSON.parse(data)).toEqual({ sequence: 2, events: [{ slide: 2, ms: 2_500, view: 1 }] });
  });

  it('counts the time after a slide change on the new slide, before the page is drawn again', async () => {
    const page = usePageTime();
    const sendBeacon = vi.fn((_url: string, _data: string) => true);
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { sendBeacon }),
    );
    const calls = mockApi({
      [`GET ${api}`]: { body: deck },
      [`POST ${api}/visits`]: {
        status: 201,
        body: { visitId: 'v3', isTracked: true, untrackedReason: null },
      },
      [`POST ${api}/visits/v3/events`]: { status: 204 },
    });
    renderClientView('tok');
    await screen.findByRole('heading', { name: 'Winter proposal' });
    await page.see(3_000);
    const reports = () => calls.filter((call) => call.path === `${api}/visits/v3/events`);
    await waitFor(() => expect(reports()).toHaveLength(1), { timeout: 15_000 });

    // A busy machine: the click is handled, and time passes before anything is drawn or any
    // effect runs (all of this is synchronous, so no timer or frame comes in between).
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    page.advance(5_000);
    fireEvent(window, new Event('pagehide'));

    const [, data] = sendBeacon.mock.calls.find(([url]) => url.endsWith('/events'))!;
    expect(JSON.parse(data)).toEqual({
      sequence: 2,
      events: [{ slide: 3, ms: 5_000, view: 1 }],
    });
  });

  it('starts no visit and reports nothing when the page goes within 2 s (a mail scanner)', async () => {
    const page = usePageTime();
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { sendBeacon }),
    );
    const calls = mockApi({ [`GET ${api}`]: { body: deck }, [`POST ${api}/visits`]: trackedVisit });
    const view = renderClientView('tok');
    await screen.findByRole('heading', { name: 'Winter proposal' });
    await page.see(1_500);
    fireEvent(window, new Event('pagehide'));
    view.unmount();
    await page.see(60_000);
    expect(visitCalls(calls)).toEqual([]);
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('asks for the passcode again when it ran out, and then reports the time it held back', async () => {
    const page = usePageTime();
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { sendBeacon }),
    );
    let isUnlocked = true;
    const passcodeRequired = apiError(
      401,
      'passcode_required',
      clientLinkMessages.passcodeRequired,
    );
    const calls = mockApi({
      [`GET ${api}`]: () => (isUnlocked ? { body: deck } : passcodeRequired),
      [`POST ${api}/unlock`]: () => {
        isUnlocked = true;
        return { status: 204 };
      },
      [`POST ${api}/visits`]: {
        status: 201,
        body: { visitId: 'v3', isTracked: true, untrackedReason: null },
      },
      [`POST ${api}/visits/v3/events`]: () => (isUnlocked ? { status: 204 } : passcodeRequired),
    });
    renderClientView('tok');
    await screen.findByRole('heading', { name: 'Winter proposal' });
    await page.see(2_000);
    await waitFor(() => expect(visitCalls(calls)).toHaveLength(1));

    // The passcode's cookie runs out while the deck is open.
    isUnlocked = false;
    await page.see(13_000);
    const passcode = await screen.findByLabelText(/^Passcode/);
    expect(screen.queryByRole('heading', { name: 'Winter proposal' })).toBeNull();

    await userEvent.type(passcode, 'open-sesame');
    await userEvent.click(screen.getByRole('button', { name: 'Open deck' }));
    // The deck again, with a new tracker for the same visit.
    await screen.findByRole('heading', { name: 'Winter proposal' });
    await page.see(15_000);

    const reported = () =>
      calls.filter((call) => call.path === `${api}/visits/v3/events`).map((call) => call.body);
    // What was seen before the visit began; then the batch refused for want of the passcode,
    // again with its own number once unlocked; then what was seen since.
    await waitFor(() => expect(reported()).toHaveLength(4));
    expect(reported()).toEqual([
      { sequence: 1, events: [{ slide: 1, ms: 2_000, view: 0 }] },
      { sequence: 2, events: [{ slide: 1, ms: 13_000, view: 0 }] },
      { sequence: 2, events: [{ slide: 1, ms: 13_000, view: 0 }] },
      { sequence: 3, events: [{ slide: 1, ms: 15_000, view: 1 }] },
    ]);
    // Refused without the cookie, a beacon would have lost them.
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(visitCalls(calls)).toHaveLength(1);
  });
});

describe('who the deck comes from', () => {
  const sender = {
    companyName: 'Frostline',
    companyColors: { primary: '0B2545', accent: '1FA9C0', highlight: 'F2A541' },
    name: 'Ana Ruiz',
    jobTitle: 'Account Executive',
    photoUrl: `${api}/sender/photo`,
  };

  it('names the company and the rep, with photo and title, on the passcode screen', async () => {
    mockApi({
      [`GET ${api}`]: apiError(401, 'passcode_required', clientLinkMessages.passcodeRequired),
      [`GET ${api}/sender`]: { body: sender },
    });
    renderClientView('tok');
    expect(await screen.findByRole('heading', { name: 'This deck is protected' })).toBeVisible();
    expect(await screen.findByText('Frostline')).toBeVisible();
    const from = screen.getByLabelText('Sent by Ana Ruiz');
    expect(from).toHaveTextContent('Ana Ruiz');
    expect(from).toHaveTextContent('Account Executive');
    expect(from.querySelector('img')).toHaveAttribute('src', `${api}/sender/photo`);
  });

  it('shows the published brand’s logo in place of the drawn mark, on the passcode screen and above the deck', async () => {
    const branded = { ...sender, logoUrl: `${api}/sender/logo` };
    mockApi({
      [`GET ${api}`]: apiError(401, 'passcode_required', clientLinkMessages.passcodeRequired),
      [`GET ${api}/sender`]: { body: branded },
    });
    const locked = renderClientView('tok');
    expect(await screen.findByRole('img', { name: 'Frostline logo' })).toHaveAttribute(
      'src',
      `${api}/sender/logo`,
    );
    locked.unmount();

    mockApi({
      [`GET ${api}`]: { body: deck },
      [`GET ${api}/sender`]: { body: branded },
      [`POST ${api}/visits`]: trackedVisit,
    });
    renderClientView('tok');
    await screen.findByRole('heading', { name: 'Winter proposal' });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('img', { name: 'Frostline logo' })).toHaveAttribute(
      'src',
      `${api}/sender/logo`,
    );
    // The drawn mark is gone.
    expect(banner.querySelector('svg rect')).toBeNull();
  });

  it('shows the rep’s initials when they have no photo, above the deck', async () => {
    mockApi({
      [`GET ${api}`]: { body: deck },
      [`GET ${api}/sender`]: { body: { ...sender, photoUrl: null, jobTitle: null } },
      [`POST ${api}/visits`]: trackedVisit,
    });
    renderClientView('tok');
    const from = await screen.findByLabelText('Sent by Ana Ruiz');
    expect(from).toHaveTextContent('AR');
    expect(from.querySelector('img')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Winter proposal' })).toBeVisible();
  });
});
