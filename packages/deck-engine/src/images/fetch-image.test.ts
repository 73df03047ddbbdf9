import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedAddress } from './address-policy.ts';
import { fetchImage } from './fetch-image.ts';
import { sniffImage } from './sniff-image.ts';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108020000009077' +
    '53de0000000c4944415478da63f8cfc0000003010100c9fe92ef0000000049454e44ae426082',
  'hex',
);
const allow = { allowLoopbackForTests: true } as const;

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    switch (req.url) {
      case '/ok.png':
        res.writeHead(200, { 'content-type': 'text/plain' }); // the content decides, not the header
        res.end(PNG);
        return;
      case '/page.html':
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end('<!doctype html><p>not a picture</p>');
        return;
      case '/huge.png':
        res.writeHead(200, {
          'content-type': 'image/png',
          'content-length': String(11 * 1024 * 1024),
        });
        res.end();
        return;
      case '/stream.png': {
        // No content length: the cap must hold while streaming.
        res.writeHead(200, { 'content-type': 'image/png' });
        const chunk = Buffer.alloc(1024 * 1024, 1);
        let sent = 0;
        const pump = () => {
          while (sent < 12 && res.write(chunk)) sent += 1;
          if (sent >= 12) res.end();
          else res.once('drain', pump);
        };
        res.write(PNG);
        pump();
        return;
      }
      case '/slow.png':
        setTimeout(() => res.end(PNG), 2000).unref();
        return;
      case '/to-ok':
        res.writeHead(302, { location: '/ok.png' });
        res.end();
        return;
      case '/to-private':
        res.writeHead(302, { location: 'http://10.20.30.40/secret.png' });
        res.end();
        return;
      case '/to-metadata':
        res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' });
        res.end();
        return;
      case '/loop':
        res.writeHead(302, { location: '/loop' });
        res.end();
        return;
      default:
        res.writeHead(404);
        res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('isAllowedAddress', () => {
  it('allows public unicast and refuses private, loopback, link-local and reserved', () => {
    expect(isAllowedAddress('93.184.216.34')).toBe(true);
    expect(isAllowedAddress('2606:4700::1111')).toBe(true);
    for (const a of [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      'fe80::1',
      'fc00::1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
      '255.255.255.255',
    ]) {
      expect(isAllowedAddress(a), a).toBe(false);
    }
  });

  it('allows loopback only with the explicit test allowance, and never private ranges', () => {
    expect(isAllowedAddress('127.0.0.1', allow)).toBe(true);
    expect(isAllowedAddress('::1', allow)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', allow)).toBe(false);
    expect(isAllowedAddress('169.254.169.254', allow)).toBe(false);
  });
});

describe('fetchImage', () => {
  it('fetches a picture from the loopback server with the test allowance, judged by content', async () => {
    const result = await fetchImage(`${base}/ok.png`, allow);
    expect(result).toMatchObject({ ok: true, kind: 'png' });
  });

  it('refuses loopback without the allowance, also by host name', async () => {
    expect(await fetchImage(`${base}/ok.png`)).toMatchObject({ ok: false });
    const byName = await fetchImage(`${base.replace('127.0.0.1', 'localhost')}/ok.png`);
    expect(byName).toEqual({
      ok: false,
      reason: 'localhost resolves to a private or reserved address',
    });
  });

  it('refuses private and link-local addresses before connecting', async () => {
    for (const url of [
      'http://10.0.0.5/a.png',
      'http://192.168.0.10/a.png',
      'http://169.254.169.254/latest',
      'http://[fe80::1]/a.png',
      'http://[::ffff:192.168.1.1]/a.png',
    ]) {
      const result = await fetchImage(url, allow);
      expect(result.ok, url).toBe(false);
      expect(result.ok ? '' : result.reason).toMatch(/private or reserved/);
    }
  });

  it('follows redirects but checks every hop', async () => {
    expect(await fetchImage(`${base}/to-ok`, allow)).toMatchObject({ ok: true });
    expect(await fetchImage(`${base}/to-private`, allow)).toEqual({
      ok: false,
      reason: '10.20.30.40 resolves to a private or reserved address',
    });
    expect(await fetchImage(`${base}/to-metadata`, allow)).toMatchObject({ ok: false });
    expect(await fetchImage(`${base}/loop`, allow)).toEqual({
      ok: false,
      reason: 'too many redirects',
    });
  });

  it('refuses responses over the size cap, declared or streamed', async () => {
    expect(await fetchImage(`${base}/huge.png`, allow)).toEqual({
      ok: false,
      reason: 'larger than 10485760 bytes',
    });
    expect(await fetchImage(`${base}/stream.png`, allow)).toEqual({
      ok: false,
      reason: 'larger than 10485760 bytes',
    });
  });

  it('refuses content that is not a picture, whatever its content type', async () => {
    expect(await fetchImage(`${base}/page.html`, allow)).toEqual({
      ok: false,
      reason: 'not a PNG, JPEG, WebP, GIF or SVG picture',
    });
    expect(await fetchImage(`${base}/missing.png`, allow)).toEqual({
      ok: false,
      reason: 'HTTP 404',
    });
  });

  it('gives up after the timeout', async () => {
    const started = Date.now();
    expect(await fetchImage(`${base}/slow.png`, { ...allow, timeoutMs: 200 })).toEqual({
      ok: false,
      reason: 'timed out after 200 ms',
    });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('refuses other protocols and malformed URLs', async () => {
    expect(await fetchImage('file:///etc/passwd')).toEqual({
      ok: false,
      reason: 'file URLs are not allowed',
    });
    expect(await fetchImage('ftp://example.com/a.png')).toEqual({
      ok: false,
      reason: 'ftp URLs are not allowed',
    });
    expect(await fetchImage('not a url')).toEqual({ ok: false, reason: 'not a valid URL' });
  });
});

describe('sniffImage', () => {
  it('recognises the five formats by their bytes', () => {
    expect(sniffImage(PNG)).toBe('png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpeg');
    expect(sniffImage(Buffer.from('GIF89a......'))).toBe('gif');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(
      sniffImage(
        Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- logo --><svg viewBox="0 0 1 1"></svg>'),
      ),
    ).toBe('svg');
    expect(sniffImage(Buffer.from('<html><svg></svg></html>'))).toBeUndefined();
    expect(sniffImage(Buffer.from('%PDF-1.7'))).toBeUndefined();
  });
});
