import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadMaxBytes } from '@deck-portal/domain';
import { spoolFolder } from '../src/http/raw-body.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { approvedCookie } from './helpers/accounts.ts';

// A file sent as the raw request body (a photo, a font, a PowerPoint file) is bytes: nothing on
// the request thread may walk them one by one, or every other request waits behind the upload.

let t: TestApp;
let rep = '';

beforeAll(async () => {
  t = await createTestApp();
  rep = await approvedCookie(t.app, 'Reese Rep', 'sales_rep');
}, 60_000);

afterAll(async () => {
  await t.app.close();
});

/** A photo-like PNG just under the upload limit: noise does not compress. */
async function tenMegabytePhoto() {
  const side = 1800;
  const photo = await sharp(randomBytes(side * side * 3), {
    raw: { width: side, height: side, channels: 3 },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(photo.length).toBeGreaterThan(9_000_000);
  expect(photo.length).toBeLessThanOrEqual(uploadMaxBytes);
  return photo;
}

describe('a large upload', () => {
  it('leaves the server answering other requests while it is taken in', async () => {
    const photo = await tenMegabytePhoto();
    let isUploading = true;
    const upload = t.app
      .inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { cookie: rep, origin: 'http://portal.test', 'content-type': 'image/png' },
        payload: photo,
      })
      .finally(() => {
        isUploading = false;
      });

    // The load balancer's probe, again and again for as long as the upload is in flight. Each
    // probe waits for a turn of the event loop first, as a request arriving on a socket does,
    // so its wait counts whatever work held the loop up at that moment.
    const waits: number[] = [];
    while (isUploading) {
      const started = performance.now();
      await new Promise((resolve) => setImmediate(resolve));
      const probe = await t.app.inject({ method: 'GET', url: '/healthz' });
      waits.push(performance.now() - started);
      expect(probe.statusCode).toBe(200);
    }

    const uploaded = await upload;
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({ width: 1800, height: 1800 });
    expect(waits.length).toBeGreaterThan(0);
    // Generous against a busy machine: the walk this guards against held every request for
    // about 19 seconds per 10 MB.
    expect(Math.max(...waits)).toBeLessThan(1_000);
  }, 120_000);

  it('is taken when sent without a declared length, and refused past the limit all the same', async () => {
    const send = (chunks: Buffer[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { cookie: rep, origin: 'http://portal.test', 'content-type': 'image/png' },
        // A stream: sent in chunks, with no Content-Length.
        payload: Readable.from(chunks),
      });
    const small = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#fa0' },
    })
      .png()
      .toBuffer();
    const taken = await send([small.subarray(0, 100), small.subarray(100)]);
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json()).toMatchObject({ width: 40, height: 30 });

    const megabyte = Buffer.alloc(1024 * 1024);
    const refused = await send(Array.from({ length: 11 }, () => megabyte));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.message).toBe('Pictures can be at most 10 MB.');
  });

  it('is kept on disk only while it is answered: nothing is left after a stored, a refused or a cut-off body', async () => {
    const left = async () => (await readdir(spoolFolder).catch(() => [])).length;
    const send = (payload: Buffer | Readable, contentType = 'image/png') =>
      t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { cookie: rep, origin: 'http://portal.test', 'content-type': contentType },
        payload,
      });
    const picture = await sharp({
      create: { width: 20, height: 20, channels: 3, background: '#0af' },
    })
      .png()
      .toBuffer();
    expect((await send(picture)).statusCode).toBe(201);
    await expect.poll(left).toBe(0);
    // Not a picture: refused once read from disk.
    const refused = await send(Buffer.from('%PDF-1.7 not a picture'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/not a picture we can use/);
    await expect.poll(left).toBe(0);
    // Past the limit as it comes in (no declared length): the part written is removed too.
    const tooLarge = await send(
      Readable.from(Array.from({ length: 11 }, () => Buffer.alloc(1 << 20))),
    );
    expect(tooLarge.statusCode).toBe(413);
    await expect.poll(left).toBe(0);
  });
});
