import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { withoutResolution } from '../import/test-fixtures.ts';
import { declaredResolution, isOpaqueImage, sniffImage } from './sniff-image.ts';

const square = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } });

describe('the resolution a picture says it has', () => {
  it('reads a PNG’s physical size chunk, and nothing when it has none', async () => {
    const stated = new Uint8Array(await square().png().withMetadata({ density: 150 }).toBuffer());
    expect(sniffImage(stated)).toBe('png');
    expect(declaredResolution(stated)).toBeCloseTo(150, 0);
    const unstated = withoutResolution(stated);
    expect(declaredResolution(unstated)).toBeUndefined();
    // Still a whole picture.
    expect(await sharp(unstated).metadata()).toMatchObject({ width: 8, height: 8 });
  });

  it('reads a JPEG’s JFIF density in dots per inch or per centimetre, not an aspect ratio', () => {
    const jfif = (units: number, density: number) =>
      new Uint8Array([
        0xff,
        0xd8,
        0xff,
        0xe0,
        0x00,
        0x10,
        0x4a,
        0x46,
        0x49,
        0x46,
        0x00,
        0x01,
        0x01,
        units,
        density >> 8,
        density & 0xff,
        density >> 8,
        density & 0xff,
        0x00,
        0x00,
      ]);
    expect(declaredResolution(jfif(1, 75))).toBe(75);
    expect(declaredResolution(jfif(2, 100))).toBeCloseTo(254, 6);
    expect(declaredResolution(jfif(0, 1))).toBeUndefined();
  });

  it('says nothing for a picture too short to have a header', () => {
    expect(declaredResolution(new Uint8Array([0xff, 0xd8, 0xff]))).toBeUndefined();
    expect(declaredResolution(new Uint8Array([]))).toBeUndefined();
  });
});

describe('whether a picture covers its whole box', () => {
  it('says so for a JPEG and a PNG without transparency, not for one with an alpha channel or a see-through colour', async () => {
    const bytes = async (image: ReturnType<typeof square>) =>
      new Uint8Array(await image.toBuffer());
    expect(isOpaqueImage(await bytes(square().jpeg()))).toBe(true);
    expect(isOpaqueImage(await bytes(square().png()))).toBe(true);
    expect(isOpaqueImage(await bytes(square().ensureAlpha(0.5).png()))).toBe(false);
    // A palette PNG with a see-through entry (tRNS).
    const palette = await bytes(square().ensureAlpha(0).png({ palette: true }));
    expect(isOpaqueImage(palette)).toBe(false);
    expect(isOpaqueImage(await bytes(square().webp()))).toBe(false);
    expect(isOpaqueImage(new Uint8Array([0x89, 0x50]))).toBe(false);
  });
});
