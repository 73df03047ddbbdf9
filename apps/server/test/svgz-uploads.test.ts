import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svgzTooLargeMessage, unsafeSvgMessage } from '../src/uploads/svg-safety.ts';
import { approvedCookie } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

// A compressed drawing (.svgz) is checked like a plain one: what is checked is what is drawn.

let t: TestApp;
const cookies = { editor: '', rep: '' };

beforeAll(async () => {
  t = await createTestApp();
  cookies.editor = await approvedCookie(t.app, 'Cora Content', 'content_editor');
  cookies.rep = await approvedCookie(t.app, 'Reese Rep', 'sales_rep');
}, 60_000);

afterAll(async () => {
  await t.app.close();
});

const upload = (who: keyof typeof cookies, url: string, bytes: Buffer, type: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: cookies[who], origin: 'http://portal.test', 'content-type': type },
    payload: bytes,
  });
const libraryPicture = (bytes: Buffer, type = 'image/svg+xml') =>
  upload('editor', '/api/library/pictures', bytes, type);

const svg = (body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect width="120" height="80" fill="#0B2545"/>${body}</svg>`,
  );

describe('a compressed SVG (.svgz) as a library picture', () => {
  it('is refused when the drawing inside has a script', async () => {
    const hostile = gzipSync(svg('<script>alert(document.cookie)</script>'));
    for (const type of ['image/svg+xml', 'application/octet-stream']) {
      const refused = await libraryPicture(hostile, type);
      expect(refused.statusCode, type).toBe(400);
      expect(refused.json().error.message, type).toBe(unsafeSvgMessage);
    }
  });

  it('is refused when the drawing inside links to another file', async () => {
    const hostile = gzipSync(
      svg('<image href="https://tracker.example/p.png" width="10" height="10"/>'),
    );
    const refused = await libraryPicture(hostile);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(unsafeSvgMessage);
  });

  it('is taken, and drawn as PNG, when the drawing inside is clean', async () => {
    const stored = await libraryPicture(gzipSync(svg('<circle cx="60" cy="40" r="20"/>')));
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.json()).toMatchObject({ width: 240, height: 160 });
    const served = await t.app.inject({
      method: 'GET',
      url: stored.json().url,
      headers: { cookie: cookies.rep },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('is refused with a clear message when it unpacks to more than a picture may be', async () => {
    // 12 MB of drawing in about 12 KB.
    const bomb = gzipSync(svg(`<desc>${' '.repeat(12 * 1024 * 1024)}</desc>`));
    expect(bomb.length).toBeLessThan(100_000);
    const refused = await libraryPicture(bomb);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(svgzTooLargeMessage);
  });

  it('is refused when packed twice, or when what is packed is not a drawing', async () => {
    const twice = gzipSync(gzipSync(svg('<script>alert(1)</script>')));
    const notADrawing = gzipSync(Buffer.from('just some text'));
    for (const bytes of [twice, notADrawing]) {
      const refused = await libraryPicture(bytes);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(
        'This file is not a picture we can use. Upload a PNG, JPEG, WebP, GIF or SVG.',
      );
    }
  });

  it('is not a picture where drawings are not taken (a rep’s slide picture)', async () => {
    const refused = await upload(
      'rep',
      '/api/uploads',
      gzipSync(svg('<circle cx="60" cy="40" r="20"/>')),
      'image/png',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'This file is not a picture we can use. Upload a PNG, JPEG, WebP or GIF.',
    );
  });
});
