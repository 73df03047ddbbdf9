const maxNameLength = 120;

/** What the portal's downloads are: deck files, and engagement exports (issue 51). */
export type DownloadExtension = 'pdf' | 'pptx' | 'csv';

/**
 * A safe ASCII file name for a download, from the deck's client headline: letters, digits,
 * spaces, dots, dashes and underscores only, so no header injection or path tricks get
 * through. It is the fallback for clients that do not read `filename*`.
 */
export function downloadFileName(name: string, extension: DownloadExtension) {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/\s{2,}/g, ' ')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .slice(0, maxNameLength)
    .trim();
  return `${base || 'deck'}.${extension}`;
}

/**
 * The same name in any script (`Café Größe 日本`), for RFC 6266's `filename*`: only what a
 * file system or a header cannot take is replaced (controls, quotes, slashes and the
 * characters Windows forbids), and it is cut by whole characters, never inside an emoji.
 */
export function unicodeDownloadFileName(name: string, extension: DownloadExtension) {
  const cleaned = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what is taken out
    .replace(/[\u0000-\u001f\u007f-\u009f"\\/:*?<>|]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.-]+|[\s.-]+$/g, '');
  const base = Array.from(cleaned).slice(0, maxNameLength).join('').trim();
  return `${base || 'deck'}.${extension}`;
}

/** RFC 5987's encoding of a header parameter value: UTF-8, percent-encoded beyond attr-chars. */
function encodeRfc5987(value: string) {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `Content-Disposition` for a deck file, named for what the client reads (the headline, never
 * the internal deck title: a downloaded file is forwarded): the ASCII name, and the full name
 * beside it.
 */
export function deckFileDisposition(headline: string, extension: DownloadExtension) {
  const ascii = downloadFileName(headline, extension);
  const unicode = unicodeDownloadFileName(headline, extension);
  const header = `attachment; filename="${ascii}"`;
  return unicode === ascii ? header : `${header}; filename*=UTF-8''${encodeRfc5987(unicode)}`;
}
