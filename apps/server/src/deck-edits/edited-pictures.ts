import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import {
  DECK_PICTURE_PREFIX,
  uploadIdOf,
  type EditedDeck,
  type TemplateElement,
} from '@deck-portal/domain';
import type { Services } from '../services.ts';
import { ownUploads, readUpload } from '../uploads/store-upload.ts';
import { brandFiles, loadLibraryPictures } from '../library/library-pictures.ts';
import type { LibraryVersionDocuments } from '../decks/version-sources.ts';

/**
 * The pictures of edited decks: a picture read from a deck's PowerPoint file (the version's own,
 * or an edited one brought back) is kept once per deck, by its SHA-256, under
 * `deck-edits/{deckId}/pictures/`, and slides name it `deck-picture:{sha256}`. Everything under
 * `deck-edits/{deckId}/` goes with the deck (the orphan sweep).
 */
export const deckEditsPrefix = (deckId: string) => `deck-edits/${deckId}/`;
export const deckPictureKey = (deckId: string, sha256: string) =>
  `${deckEditsPrefix(deckId)}pictures/${sha256}`;

const shaOf = (src: string) =>
  src.startsWith(DECK_PICTURE_PREFIX) ? src.slice(DECK_PICTURE_PREFIX.length) : undefined;

/** Keeps the pictures a file was read with (each once); checks each address is its bytes' hash. */
export async function storeDeckPictures(
  services: Pick<Services, 'objects'>,
  deckId: string,
  pictures: Readonly<Record<string, Uint8Array>>,
) {
  for (const [src, bytes] of Object.entries(pictures)) {
    const sha = shaOf(src);
    const actual = createHash('sha256').update(bytes).digest('hex');
    if (sha !== actual) throw new Error(`picture ${src} is not named by its bytes' hash`);
    await services.objects.put(deckPictureKey(deckId, sha), Buffer.from(bytes), 'image/*');
  }
}

/** Copies a deck's pictures to another deck (a duplicate of an edited version). */
export async function copyDeckPictures(
  services: Pick<Services, 'objects'>,
  fromDeckId: string,
  toDeckId: string,
) {
  const from = `${deckEditsPrefix(fromDeckId)}pictures/`;
  for (const object of await services.objects.list(from)) {
    await services.objects.copy(
      object.key,
      `${deckEditsPrefix(toDeckId)}pictures/${object.key.slice(from.length)}`,
    );
  }
}

/** The picture addresses of documents' picture elements (repeats included). */
function pictureSources(edited: EditedDeck) {
  const sources = new Set<string>();
  const visit = (elements: readonly TemplateElement[]) => {
    for (const element of elements) {
      if (element.kind === 'picture') sources.add(element.src.trim());
      if (element.kind === 'repeat') visit(element.elements as readonly TemplateElement[]);
    }
  };
  for (const slide of edited.slides) visit(slide.document.elements);
  return sources;
}

/**
 * The bytes of every picture an edited deck shows, by the address its slides name: the deck's
 * own (read from its files), library pictures and the brand's files, and pictures the owner or
 * the editor uploaded. A picture that is gone is left out (the slide draws a marked frame and
 * the version's warnings say so).
 */
export async function loadEditedPictures(
  services: Pick<Services, 'db' | 'objects'>,
  {
    deckId,
    edited,
    library,
    uploaderIds,
  }: {
    deckId: string;
    edited: EditedDeck;
    library: LibraryVersionDocuments;
    uploaderIds: readonly string[];
  },
): Promise<Record<string, Uint8Array>> {
  const sources = pictureSources(edited);
  const pictures: Record<string, Uint8Array> = {};
  for (const src of sources) {
    const sha = shaOf(src);
    if (!sha || !/^[0-9a-f]{64}$/.test(sha)) continue;
    const object = await services.objects.get(deckPictureKey(deckId, sha));
    if (object) pictures[src] = new Uint8Array(await buffer(object.body));
  }
  Object.assign(
    pictures,
    await loadLibraryPictures(
      services,
      [...edited.slides.map((slide) => slide.document), ...library.documents.parts],
      brandFiles(library.documents.brand),
    ),
  );
  // Pictures the owner or the editor uploaded for a slide of theirs.
  const byId = new Map<string, string>();
  for (const src of sources) {
    const id = uploadIdOf(src);
    if (id && !(src in pictures)) byId.set(id, src);
  }
  if (byId.size > 0) {
    for (const row of await ownUploads(services, uploaderIds, [...byId.keys()])) {
      pictures[byId.get(row.id)!] = new Uint8Array(await readUpload(services, row));
    }
  }
  return pictures;
}
