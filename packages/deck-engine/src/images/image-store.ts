/** A picture fetched, checked and normalised for embedding (PNG or JPEG only). */
export interface ResolvedImage {
  data: Buffer;
  mime: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  /** SHA-256 of `data`, so renderers embed each distinct picture once per file. */
  hash: string;
}

/** Resolved pictures by the URL the deck names them with; a URL missing here failed. */
export type ImageStore = ReadonlyMap<string, ResolvedImage>;
