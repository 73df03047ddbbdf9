// A deck version's files as bytes in the object store: their names, and writing them. Nothing
// here opens the database, so the render process (render-host.ts) writes a new deck's files
// itself (ADR 084), the web process only recording their rows.
import { createHash } from 'node:crypto';
import type { DeckDraft } from '@deck-portal/domain';
import type { DeckRenderer, RenderedDeck } from '@deck-portal/deck-engine/library';
import type { ObjectStore } from '../storage/object-store.ts';

export type NewFile = { name: string; contentType: string; content: Buffer };

/** Files whose bytes are in the store, as their rows will say. */
export type UploadedFiles = {
  deckId: string;
  name: string;
  contentType: string;
  byteSize: number | null;
  sha256: string | null;
}[];

/** Where a deck file's bytes live in the object store. */
export const deckObjectKey = (deckId: string, name: string) => `decks/${deckId}/${name}`;
export const deckObjectPrefix = (deckId: string) => `decks/${deckId}/`;

export const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Each version's files live under `v{number}/`. */
export const versionPrefix = (version: number) => `v${version}/`;

export const deckFileNames = {
  pptx: (version: number) => `${versionPrefix(version)}deck.pptx`,
  pdf: (version: number) => `${versionPrefix(version)}deck.pdf`,
  slide: (version: number, index: number) => `${versionPrefix(version)}slide-${index}.svg`,
};

const pptxType = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** The files one rendering of a deck stores for version `number`. */
export function versionFiles(
  number: number,
  rendered: { pptx: Buffer; pdf: Buffer; svgs: string[] },
): NewFile[] {
  return [
    { name: deckFileNames.pptx(number), contentType: pptxType, content: rendered.pptx },
    { name: deckFileNames.pdf(number), contentType: 'application/pdf', content: rendered.pdf },
    ...rendered.svgs.map((svg, index) => ({
      name: deckFileNames.slide(number, index + 1),
      contentType: 'image/svg+xml',
      content: Buffer.from(svg, 'utf8'),
    })),
  ];
}

/** Writes the files' bytes to the store (all at once) and answers the rows that will name them. */
export async function uploadFiles(
  objects: ObjectStore,
  deckId: string,
  files: NewFile[],
): Promise<UploadedFiles> {
  await Promise.all(
    files.map((file) =>
      objects.put(deckObjectKey(deckId, file.name), file.content, file.contentType),
    ),
  );
  return files.map((file) => ({
    deckId,
    name: file.name,
    contentType: file.contentType,
    byteSize: file.content.length,
    sha256: sha256Hex(file.content),
  }));
}

/** The deck and version whose files a rendering is written as. */
export type VersionTarget = { deckId: string; version: number };

/**
 * A rendered deck whose files are in the store already: what it says of its slides, without
 * their bytes, and the rows of its files.
 */
export type StoredDeck = Omit<RenderedDeck, 'pptx' | 'pdf' | 'svgs'> & {
  slideCount: number;
  files: UploadedFiles;
};

/** Writes `deck`'s files as `target`'s, and answers the deck without its bytes. */
export async function storeRenderedDeck(
  objects: ObjectStore,
  deck: RenderedDeck,
  target: VersionTarget,
): Promise<StoredDeck> {
  const { pptx: _pptx, pdf: _pdf, svgs, ...told } = deck;
  const files = await uploadFiles(objects, target.deckId, versionFiles(target.version, deck));
  return { ...told, slideCount: svgs.length, files };
}

/**
 * Draws a deck as `generate` does and writes its files to the store as `target`'s where it was
 * drawn, answering it without its bytes. When `signal` is aborted before the files are written
 * (a job whose claim was lost), none are, and the call fails.
 */
export type GenerateStored = (
  target: VersionTarget,
  draft: DeckDraft,
  options?: Parameters<DeckRenderer['generate']>[1],
  signal?: AbortSignal,
) => Promise<StoredDeck>;
