import { clientLinkMessages } from '@deck-portal/domain';
import { describe, expect, it, vi } from 'vitest';
import { sendLinkClick, sendViewEvents } from './send-view-events.ts';

const batch = { sequence: 1, events: [{ slide: 2, ms: 1_500, view: 0 }] };

function stubFetch(reply: () => Response) {
  const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) => reply());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('sendViewEvents', () => {
  it('posts the batch with keepalive, and takes the empty 204 answer', async () => {
    const fetchMock = stubFetch(() => new Response(null, { status: 204 }));
    await expect(sendViewEvents('tok', 'v 1', batch)).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/client-view/tok/visits/v%201/events',
      expect.objectContaining({
        method: 'POST',
        credentials: 'same-origin',
        keepalive: true,
        body: JSON.stringify(batch),
      }),
    );
  });

  it("throws the server's refusal with its status and code", async () => {
    stubFetch(() =>
      Response.json(
        { error: { code: 'too_many_events', message: clientLinkMessages.tooManyEvents } },
        { status: 400 },
      ),
    );
    await expect(sendViewEvents('tok', 'v1', batch)).rejects.toMatchObject({
      status: 400,
      code: 'too_many_events',
    });
  });
});

describe('sendLinkClick', () => {
  const clicks = '/api/client-view/tok/visits/v1/link-clicks';

  it('tries a click again while the server is busy or away, until it is stored', async () => {
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Response.json({ error: { code: 'unavailable', message: 'Busy' } }, { status: 503 }),
      () => new Response(null, { status: 204 }),
    ];
    const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) => answers.shift()!());
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      sendLinkClick('tok', 'v1', { slide: 2, link: 0 }, { delaysMs: [1, 1, 1] }),
    ).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock).toHaveBeenLastCalledWith(
      clicks,
      expect.objectContaining({ method: 'POST', keepalive: true, body: '{"slide":2,"link":0}' }),
    );
  });

  it('does not try again a click the server refused for good', async () => {
    const fetchMock = stubFetch(() =>
      Response.json({ error: { code: 'bad_request', message: 'No such link' } }, { status: 400 }),
    );
    await expect(
      sendLinkClick('tok', 'v1', { slide: 2, link: 9 }, { delaysMs: [1, 1, 1] }),
    ).rejects.toMatchObject({ status: 400 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
