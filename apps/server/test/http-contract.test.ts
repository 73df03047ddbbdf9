import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

describe('the error contract', () => {
  it('answers unknown /api routes with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      error: { code: 'not_found', message: 'No such endpoint: GET /api/no-such-thing' },
    });
  });

  it('answers unreadable JSON with a 400 in the same shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/no-such-thing',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request');
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/no-such-thing',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: {
        code: 'payload_too_large',
        message: 'The request body is larger than the 1 MiB limit.',
      },
    });
  });
});

describe('an unexpected failure', () => {
  it('answers 500 without a stack trace or the internal message', async () => {
    const { app } = await createTestApp({
      extraRoutes: (server) =>
        server.get('/api/explode', async () => {
          throw new Error('relation "users" does not exist at SELECT * FROM users');
        }),
    });
    const res = await app.inject({ method: 'GET', url: '/api/explode' });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: {
        code: 'internal_error',
        message: 'Something went wrong on our side. Please try again.',
      },
    });
    expect(res.body).not.toMatch(/users|SELECT|at /);
  });
});

describe('headers', () => {
  it('sets the security headers on every response', async () => {
    for (const url of ['/healthz', '/api/no-such-thing']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('marks API answers as not cacheable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('health', () => {
  it('answers /healthz and /readyz while running', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('turns /readyz to 503 when shutting down', async () => {
    const { app } = await createTestApp();
    app.lifecycle.isShuttingDown = true;
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    await app.close();
    expect(res.statusCode).toBe(503);
  });

  it('turns /readyz to 503 when the database does not answer', async () => {
    const { app, database } = await createTestApp();
    await database.close();
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    await app.close();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'database_unavailable' });
  });
});

describe('the API description', () => {
  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().info.title).toBe('Deck Portal API');
  });
});

describe('the portal configuration', () => {
  it("tells the browser the tutorial address, whether Google sign-in is set up and the portal's name", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({
      tutorialUrl: '/help',
      isGoogleSignInEnabled: false,
      productName: 'Deck Portal',
    });
    const { app } = await createTestApp({
      env: {
        TUTORIAL_URL: 'https://videos.example.com/deck-portal',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        PRODUCT_NAME: 'Acme Decks',
      },
    });
    const configured = await app.inject({ method: 'GET', url: '/api/config' });
    await app.close();
    expect(configured.json()).toEqual({
      tutorialUrl: 'https://videos.example.com/deck-portal',
      isGoogleSignInEnabled: true,
      productName: 'Acme Decks',
    });
  });
});
