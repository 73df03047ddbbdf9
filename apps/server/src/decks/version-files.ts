// A deck version's files as bytes in the object store: their names, and writing them. Nothing
// here opens the database, so the render process (render-host.ts) writes a deck's files itself
// (ADRs 084, 085), the web process only recording their rows.
import { createHash } from 'node:crypto';
import type { DeckDraft, EditedDeck } from '@deck-portal/domain';
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

/**
 * Where a new version's files are written before its number is known (a deck's next version,
 * numbered in the transaction that records it): a folder of their own for each rendering, moved
 * under `v{number}/` by that transaction (`FileStore.moveIn`). What a rendering whose version
 * never commits leaves there has no row, and the orphan sweep removes it.
 */
export const stagingPrefix = (rendering: string) => `staging/${rendering}/`;

/** A rendering's files, by their names in its folder. */
const namesIn = {
  pptx: (prefix: string) => `${prefix}deck.pptx`,
  pdf: (prefix: string) => `${prefix}deck.pdf`,
  slide: (prefix: string, index: number) => `${prefix}slide-${index}.svg`,
};

export const deckFileNames = {
  pptx: (version: number) => namesIn.pptx(versionPrefix(version)),
  pdf: (version: number) => namesIn.pdf(versionPrefix(version)),
  slide: (version: number, index: number) => namesIn.slide(versionPrefix(version), index),
};

const pptxType = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** The files one rendering of a deck stores under `prefix` (a version's, or a staging folder). */
export function filesUnder(
  prefix: string,
  rendered: { pptx: Buffer; pdf: Buffer; svgs: string[] },
): NewFile[] {
  return [
    { name: namesIn.pptx(prefix), contentType: pptxType, content: rendered.pptx },
    { name: namesIn.pdf(prefix), contentType: 'application/pdf', content: rendered.pdf },
    ...rendered.svgs.map((svg, index) => ({
      name: namesIn.slide(prefix, index + 1),
      contentType: 'image/svg+xml',
      content: Buffer.from(svg, 'utf8'),
    })),
  ];
}

/** The files one rendering of a deck stores for version `number`. */
export const versionFiles = (number: number, rendered: Parameters<typeof filesUnder>[1]) =>
  filesUnder(versionPrefix(number), rendered);

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

/**
 * Where a rendering's files are written: the deck, and the folder of its files they go under
 * (`v1/` for a new deck's first version, a {@link stagingPrefix} for a next version).
 */
export type FilesTarget = { deckId: string; prefix: string };

/**
 * A rendered deck whose files are in the store already: what it says of its slides, without
 * their bytes, and the rows of its files.
 */
export type StoredDeck = Omit<RenderedDeck, 'pptx' | 'pdf' | 'svgs'> & {
  slideCount: number;
  files: UploadedFiles;
};

/** Writes `deck`'s files where `target` says, and answers the deck without its bytes. */
async function storeRenderedDeck(
  objects: ObjectStore,
  deck: RenderedDeck,
  target: FilesTarget,
): Promise<StoredDeck> {
  const { pptx: _pptx, pdf: _pdf, svgs, ...told } = deck;
  const files = await uploadFiles(objects, target.deckId, filesUnder(target.prefix, deck));
  return { ...told, slideCount: svgs.length, files };
}

/**
 * Writes a deck's files where `target` says once it is drawn, unless `assertWanted` (called
 * between the two) throws: a deck given up while it was drawn writes nothing.
 */
export async function storeDrawn(
  objects: () => ObjectStore | Promise<ObjectStore>,
  drawn: Promise<RenderedDeck>,
  target: FilesTarget,
  assertWanted: () => void,
): Promise<StoredDeck> {
  const deck = await drawn;
  assertWanted();
  return storeRenderedDeck(await objects(), deck, target);
}

/**
 * Draws a deck as `generate` does and writes its files to the store where `target` says, in the
 * process that drew it, answering it without its bytes. When `signal` is aborted before the files are written
 * (a job whose claim was lost), none are, and the call fails.
 */
export type GenerateStored = (
  target: FilesTarget,
  draft: DeckDraft,
  options?: Parameters<DeckRenderer['generate']>[1],
  signal?: AbortSignal,
) => Promise<StoredDeck>;

/** The same for an edited deck's slides, drawn as `generateEdited` draws them. */
export type GenerateEditedStored = (
  target: FilesTarget,
  edited: EditedDeck,
  options: Parameters<DeckRenderer['generateEdited']>[1],
  signal?: AbortSignal,
) => Promise<StoredDeck>;
