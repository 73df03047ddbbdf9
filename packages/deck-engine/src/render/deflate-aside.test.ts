import { randomBytes } from 'node:crypto';
import { deflateRawSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflateAside, deflatesWaiting } from './deflate-aside.ts';

describe('deflating on the thread pool', () => {
  it('gives the bytes the synchronous deflate gives, raw or as a zlib stream, at a level', async () => {
    const text = Buffer.from('<a:p><a:r><a:t>Northwind Cold Storage</a:t></a:r></a:p>'.repeat(400));
    expect(await deflateAside(text)).toEqual(deflateSync(text));
    expect(await deflateAside(text, { level: 6, raw: true })).toEqual(
      deflateRawSync(text, { level: 6 }),
    );
    expect(await deflateAside(text, { level: 0, raw: true })).toEqual(
      deflateRawSync(text, { level: 0 }),
    );
  });

  it('keeps four on the pool at once and the rest waiting, and answers every one', async () => {
    const parts = Array.from({ length: 30 }, () => randomBytes(64 * 1024));
    const deflating = parts.map((part) => deflateAside(part, { raw: true }));
    expect(deflatesWaiting()).toBe(26);
    const deflated = await Promise.all(deflating);
    expect(deflatesWaiting()).toBe(0);
    // Compared as bytes: a deep comparison of 30 buffers takes seconds.
    expect(deflated.every((bytes, i) => bytes.equals(deflateRawSync(parts[i]!)))).toBe(true);
  });

  it('fails a deflate of something that is not bytes, and goes on with the others', async () => {
    const failing = deflateAside(42 as unknown as Uint8Array);
    await expect(failing).rejects.toThrow();
    expect(await deflateAside(Buffer.from('after'))).toEqual(deflateSync(Buffer.from('after')));
  });
});
