import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { assertSafeSvg, isGzip, svgzTooLargeMessage, unpackSvgz } from './svg-safety.ts';

const svg = (body: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${body}</svg>`);
const isSafe = (body: string) => {
  try {
    assertSafeSvg(svg(body));
    return true;
  } catch {
    return false;
  }
};

describe('assertSafeSvg', () => {
  it.each([
    '<rect width="10" height="10" fill="url(#g)"/>',
    `<rect style="fill: url( '#g' )"/>`,
    '<use href=" #shape "/>',
    '<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>',
    '<rect style="fill:url(DATA:image/webp;base64,UklGR)"/>',
  ])('keeps what stays inside the file: %s', (body) => {
    expect(isSafe(body)).toBe(true);
  });

  it.each([
    '<script>alert(1)</script>',
    '<rect onload="alert(1)"/>',
    '<foreignObject><div/></foreignObject>',
    '<image href="https://tracker.example/p.png"/>',
    '<image xlink:href="  file:///etc/passwd"/>',
    '<use href=""/>',
    '<rect style="fill:url(https://tracker.example/p.png)"/>',
    `<rect style="fill:url( ' https://tracker.example/p.png')"/>`,
    `<rect style="fill:url('')"/>`,
    '<image href="data:text/html;base64,PHNjcmlwdD4="/>',
    '<style>@import "https://x.example/a.css";</style>',
  ])('refuses %s', (body) => {
    expect(isSafe(body)).toBe(false);
  });
});

describe('unpackSvgz', () => {
  it('unpacks a compressed drawing', async () => {
    const drawing = svg('<rect width="10" height="10"/>');
    const packed = gzipSync(drawing);
    expect(isGzip(packed)).toBe(true);
    expect(isGzip(drawing)).toBe(false);
    expect(await unpackSvgz(packed)).toEqual(drawing);
  });

  it('stops at 10 MB unpacked, with a message saying so', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    await expect(unpackSvgz(bomb)).rejects.toThrow(svgzTooLargeMessage);
  });

  it('answers undefined for bytes that are not gzip that unpacks', async () => {
    expect(await unpackSvgz(Buffer.from([0x1f, 0x8b, 1, 2, 3]))).toBeUndefined();
  });
});
