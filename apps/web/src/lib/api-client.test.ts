import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client.ts';

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('apiRequest', () => {
  it('sends JSON with the same-origin cookie and returns the parsed answer', async () => {
    const fetchMock = stubFetch(json(200, { ok: true, extra: 1 }));
    const answer = await apiRequest('/api/x', {
      method: 'POST',
      body: { a: 1 },
      schema: z.object({ ok: z.boolean() }),
    });
    expect(answer).toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/x',
      expect.objectContaining({
        method: 'POST',
        credentials: 'same-origin',
        body: '{"a":1}',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });

  it('accepts an answer without a body (204) as undefined', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(
      apiRequest('/api/x', { method: 'POST', schema: z.undefined() }),
    ).resolves.toBeUndefined();
  });

  it('asks the browser to finish the request when the page closes, if told to', async () => {
    const fetchMock = vi.fn(
      async (_path: string, _init?: RequestInit) => new Response(null, { status: 204 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/x', {
      method: 'POST',
      body: {},
      schema: z.undefined(),
      keepalive: true,
    });
    await apiRequest('/api/y', { method: 'POST', body: {}, schema: z.undefined() });
    expect(fetchMock.mock.calls.map(([, init]) => init?.keepalive)).toEqual([true, undefined]);
  });

  it("throws the server's error code, message and field messages", async () => {
    stubFetch(
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'Invalid input',
          fields: { password: 'Too short' },
        },
      }),
    );
    const error = await apiRequest('/api/x', { schema: z.unknown() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Invalid input',
      fields: { password: 'Too short' },
    });
  });

  it('reports an answer without an error body by its status', async () => {
    stubFetch(new Response('<html>', { status: 502 }));
    await expect(apiRequest('/api/x', { schema: z.unknown() })).rejects.toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'HTTP error! status: 502',
    });
  });

  it('reports a network failure as status 0', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(apiRequest('/api/x', { schema: z.unknown() })).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
    });
  });

  it('refuses a successful answer of the wrong shape', async () => {
    stubFetch(json(200, { user: 'nope' }));
    await expect(
      apiRequest('/api/x', { schema: z.object({ user: z.null() }) }),
    ).rejects.toMatchObject({ code: 'invalid_response' });
  });
});
