import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { pngPlanes } from './png-planes.ts';

/** A picture with every kind of neighbourhood the filters see: gradients, noise, see-through. */
function pixels(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  let seed = 7;
  for (let i = 0; i < width * height; i += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const x = i % width;
    const y = Math.floor(i / width);
    data[i * 4] = (x * 7 + y) & 0xff;
    data[i * 4 + 1] = x < width / 2 ? (seed >> 16) & 0xff : (y * 3) & 0xff;
    data[i * 4 + 2] = (x ^ y) & 0xff;
    data[i * 4 + 3] = y % 3 === 0 ? 255 : (seed >> 8) & 0xff;
  }
  return data;
}

function encode(colorType: 4 | 6, filterType: number, width = 37, height = 23) {
  const png = new PNG({ width, height, colorType: 6, inputColorType: 6, filterType });
  pixels(width, height).copy(png.data);
  const bytes = PNG.sync.write(png, { colorType, inputColorType: 6, filterType });
  return bytes;
}

/** The planes as pdfkit makes them: the decoded samples split, each deflated with zlib's defaults. */
function expected(bytes: Buffer, colours: number) {
  const { data, width, height } = PNG.sync.read(bytes);
  const colour = new Uint8Array(width * height * colours);
  const alpha = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i += 1) {
    for (let k = 0; k < colours; k += 1) colour[i * colours + k] = data[i * 4 + k]!;
    alpha[i] = data[i * 4 + 3]!;
  }
  return { imgData: deflateSync(colour), alphaChannel: deflateSync(alpha) };
}

describe('pngPlanes', () => {
  it.each([0, 1, 2, 3, 4, -1])(
    'splits an RGBA picture whose rows are filtered with %i as a decoder reads it',
    async (filterType) => {
      const bytes = encode(6, filterType);
      const planes = await pngPlanes(bytes);
      const want = expected(bytes, 3);
      expect(Buffer.from(planes!.imgData).equals(want.imgData)).toBe(true);
      expect(Buffer.from(planes!.alphaChannel).equals(want.alphaChannel)).toBe(true);
    },
  );

  it('splits a grey picture with alpha', async () => {
    const bytes = encode(4, -1, 64, 9);
    const planes = await pngPlanes(bytes);
    const want = expected(bytes, 1);
    expect(Buffer.from(planes!.imgData).equals(want.imgData)).toBe(true);
    expect(Buffer.from(planes!.alphaChannel).equals(want.alphaChannel)).toBe(true);
  });

  it('splits a larger picture whose rows mix every filter, colour and grey alike', async () => {
    for (const [colorType, colours] of [
      [6, 3],
      [4, 1],
    ] as const) {
      const bytes = encode(colorType, -1, 301, 97);
      const planes = await pngPlanes(bytes);
      const want = expected(bytes, colours);
      expect(Buffer.from(planes!.imgData).equals(want.imgData)).toBe(true);
      expect(Buffer.from(planes!.alphaChannel).equals(want.alphaChannel)).toBe(true);
    }
  });

  it('leaves a picture with an unknown row filter to pdfkit', async () => {
    const width = 5;
    const height = 3;
    const rows = Buffer.alloc((width * 4 + 1) * height, 9);
    for (let row = 0; row < height; row += 1) rows[(width * 4 + 1) * row] = row === 2 ? 7 : 0;
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(height, 4);
    ihdr.set([8, 6, 0, 0, 0], 8);
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
    };
    const bytes = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(await pngPlanes(bytes)).toBeUndefined();
    rows[(width * 4 + 1) * 2] = 4;
    const fixed = Buffer.concat([
      bytes.subarray(0, 33),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(await pngPlanes(fixed)).toBeDefined();
  });

  it('gives a palette picture with transparent entries its indices as they are and an alpha plane', async () => {
    const bytes = readFileSync(
      new URL('../library/seed/pictures/battery-bms.png', import.meta.url),
    );
    const planes = await pngPlanes(bytes);
    const idat: Buffer[] = [];
    for (let at = 8; at < bytes.length; at += 12 + bytes.readUInt32BE(at)) {
      if (bytes.toString('latin1', at + 4, at + 8) === 'IDAT') {
        idat.push(bytes.subarray(at + 8, at + 8 + bytes.readUInt32BE(at)));
      }
    }
    const { data, width, height } = PNG.sync.read(bytes);
    const alpha = new Uint8Array(width * height).map((_, i) => data[i * 4 + 3]!);
    expect(alpha.some((a) => a < 255)).toBe(true);
    expect(Buffer.from(planes!.imgData).equals(Buffer.concat(idat))).toBe(true);
    expect(Buffer.from(planes!.alphaChannel).equals(deflateSync(alpha))).toBe(true);
  });

  it('leaves every other picture to pdfkit: no alpha, 16 bits, an opaque palette, not a PNG, cut short', async () => {
    const opaque = new PNG({ width: 4, height: 4 });
    expect(await pngPlanes(PNG.sync.write(opaque, { colorType: 2 }))).toBeUndefined();
    const deep = new PNG({ width: 4, height: 4, bitDepth: 16 });
    expect(await pngPlanes(PNG.sync.write(deep, { bitDepth: 16 }))).toBeUndefined();
    const scene = readFileSync(
      new URL('../library/seed/pictures/scene-company.png', import.meta.url),
    );
    expect(await pngPlanes(scene)).toBeUndefined();
    expect(await pngPlanes(Buffer.from('not a picture at all, not even close'))).toBeUndefined();
    const whole = encode(6, 0);
    const idat = whole.indexOf('IDAT');
    const short = Buffer.concat([whole.subarray(0, idat + 40), whole.subarray(whole.length - 12)]);
    short.writeUInt32BE(36, idat - 4);
    await expect(pngPlanes(short)).resolves.toBeUndefined();
  });
});
