import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// The process test (process.test.ts) sends a real SIGTERM; this one checks each kind of address
// while the app drains, in process.
describe('while shutting down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.app.lifecycle.isShuttingDown = true;
  });
  afterAll(() => t.app.close());

  it('refuses the API with 503, Retry-After and Connection: close', async () => {
    for (const url of ['/api/config', '/api/auth/session', '/api/docs']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toMatch(/^\d+$/);
      expect(res.headers.connection, url).toBe('close');
      expect(res.json(), url).toEqual({
        error: { code: 'service_unavailable', message: expect.any(String) },
      });
    }
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'a@example.com', password: 'whatever it is' },
    });
    expect(post.statusCode).toBe(503);
  });

  it('shows a client link an HTML page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v/some-token?x=1' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers.connection).toBe('close');
    expect(res.body).toContain('Temporarily unavailable');
  });

  it('stays alive but not ready', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.headers.connection).toBe('close');
    const readiness = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(readiness.statusCode).toBe(503);
    expect(readiness.json()).toEqual({ status: 'shutting_down' });
  });
});
