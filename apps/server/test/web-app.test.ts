import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let webRoot: string;

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'deck-portal-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Deck Portal</title>');
  writeFileSync(path.join(webRoot, 'assets', 'index-aaaa1111.js'), 'console.log(1);');
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.app.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('answers a page address with index.html, not cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/deck/123/view' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>Deck Portal</title>');
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-aaaa1111.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses scripts for a browser that accepts it', async () => {
    const script = `export const sentence = ${JSON.stringify('Cold chain, kept in check. '.repeat(200))};`;
    writeFileSync(path.join(webRoot, 'assets', 'big-cccc3333.js'), script);
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/big-cccc3333.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the build’s own brotli copy of a script when there is one', async () => {
    const script = `export const words = ${JSON.stringify('Frostline keeps it cold. '.repeat(300))};`;
    const file = path.join(webRoot, 'assets', 'pre-dddd4444.js');
    const best = brotliCompressSync(script, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    });
    writeFileSync(file, script);
    writeFileSync(`${file}.br`, best);
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/pre-dddd4444.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(best)).toBe(true);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/pre-dddd4444.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('serves a chunk written after start-up (a rebuild under a running server)', async () => {
    writeFileSync(path.join(webRoot, 'assets', 'index-bbbb2222.js'), 'console.log(2);');
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-bbbb2222.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(2);');
  });

  it('answers a missing asset with 404, never with the page (the chunk-failed screen shows)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-gone0000.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
  });

  it('answers a browser navigation with the page even when the address has a dot', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/dashboard.',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Deck Portal</title>');
  });

  it('answers the root address and HEAD requests with the page', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<title>Deck Portal</title>');
    const head = await t.app.inject({ method: 'HEAD', url: '/auth' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/text\/html/);
  });

  it('keeps unknown /api addresses a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});
