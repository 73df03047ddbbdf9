export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'svg';

/** The picture format by content (magic bytes), whatever the server's Content-Type says. */
export function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  const b = bytes;
  if (
    b.length >= 8 &&
    b[0] === 0x89 &&
    b[1] === 0x50 &&
    b[2] === 0x4e &&
    b[3] === 0x47 &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a
  ) {
    return 'png';
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  // SVG is text: skip a BOM, whitespace, an XML declaration, comments and a doctype.
  const head = Buffer.from(b.subarray(0, 4096))
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const stripped = head
    .replace(/^\s*<\?xml[\s\S]*?\?>/, '')
    .replace(/^(\s*<!--[\s\S]*?-->)+/, '')
    .replace(/^\s*<!DOCTYPE[^>]*>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)+/, '');
  if (/^\s*<svg[\s>]/i.test(stripped)) return 'svg';
  return undefined;
}

/**
 * The resolution a PNG (its `pHYs` chunk) or a JPEG (its JFIF header) says it has, in dots per
 * inch; undefined when it says none (an aspect ratio alone, or no such header).
 */
export function declaredResolution(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kind = sniffImage(bytes);
  if (kind === 'png') {
    // Chunks: length, type, data, CRC; pHYs comes before the image data when present.
    for (let at = 8; at + 8 <= bytes.length;) {
      const length = view.getUint32(at);
      const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
      if (type === 'IDAT' || type === 'IEND') return undefined;
      if (type === 'pHYs' && length >= 9 && at + 17 <= bytes.length) {
        const perMetre = view.getUint32(at + 8);
        return bytes[at + 16] === 1 && perMetre > 0 ? perMetre * 0.0254 : undefined;
      }
      at += 12 + length;
    }
    return undefined;
  }
  if (kind === 'jpeg') {
    // APP0 "JFIF\0": version (2 bytes), units (1: per inch, 2: per cm), X density.
    if (bytes.length < 18 || bytes[2] !== 0xff || bytes[3] !== 0xe0) return undefined;
    if (String.fromCharCode(...bytes.subarray(6, 11)) !== 'JFIF\0') return undefined;
    const units = bytes[13];
    const density = view.getUint16(14);
    if (density === 0) return undefined;
    return units === 1 ? density : units === 2 ? density * 2.54 : undefined;
  }
  return undefined;
}

/**
 * Whether a picture covers every point of its box: a JPEG, or a PNG with neither an alpha
 * channel nor a transparent colour (`tRNS`). Any other is taken to have see-through parts.
 */
export function isOpaqueImage(bytes: Uint8Array): boolean {
  const kind = sniffImage(bytes);
  if (kind === 'jpeg') return true;
  if (kind !== 'png' || bytes.length < 33) return false;
  // IHDR's colour type: 4 (grey and alpha) and 6 (colour and alpha) see through.
  const colorType = bytes[25];
  if (colorType === 4 || colorType === 6) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 8; at + 8 <= bytes.length;) {
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (type === 'tRNS') return false;
    if (type === 'IDAT' || type === 'IEND') return true;
    at += 12 + view.getUint32(at);
  }
  return true;
}
