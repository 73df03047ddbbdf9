import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outsideRequest, registerRequestAddress, requestAddress } from './request-address.ts';

// The address a request came from is known to whatever its handler calls, however deep, and
// to nothing started outside a request.
const app = Fastify({ trustProxy: false, bodyLimit: 1024 * 1024 });

beforeAll(async () => {
  registerRequestAddress(app);
  // A handler that waits before asking, as a use case's transaction does.
  app.post('/change', async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { address: requestAddress(), ofJob: await outsideRequest(async () => requestAddress()) };
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('the request address', () => {
  it('is the caller’s inside the handler, after its body was read and after awaiting', async () => {
    // Over a real socket: a body that arrives in several reads is read outside the request's
    // first hooks.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/change`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'x'.repeat(200_000) }),
    });
    expect(await res.json()).toEqual({ address: '127.0.0.1', ofJob: null });
  });

  it('is none outside a request, and each request keeps its own', async () => {
    expect(requestAddress()).toBeNull();
    const answers = await Promise.all(
      ['192.0.2.1', '192.0.2.2', '192.0.2.3'].map((remoteAddress) =>
        app.inject({ method: 'POST', url: '/change', payload: {}, remoteAddress }),
      ),
    );
    expect(answers.map((res) => res.json().address)).toEqual([
      '192.0.2.1',
      '192.0.2.2',
      '192.0.2.3',
    ]);
  });
});
