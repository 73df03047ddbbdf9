import { clientLinkMessages } from '@deck-portal/domain';
import { describe, expect, it, vi } from 'vitest';
import { sendViewEvents } from './send-view-events.ts';

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
