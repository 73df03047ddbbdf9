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
