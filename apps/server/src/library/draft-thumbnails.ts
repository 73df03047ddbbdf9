import { createHash } from 'node:crypto';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { readStoredDocument } from './document-problems.ts';
import { draftDocuments, libraryLook, readDraftRows } from './library-draft.ts';
import { checkLibraryDocument, type EditedDocument } from './preview-library-document.ts';

/** One document of the draft, with every row (its neighbours are what it is drawn among). */
export async function readDraftDocument(
  services: Pick<Services, 'db'>,
  kind: 'slide' | 'layout',
  id: string,
) {
  const rows = await readDraftRows(services.db);
  const entry = rows.find(({ row }) => row.kind === kind && row.documentId === id);
  if (!entry) throw new AppError('not_found', `The library has no ${kind} “${id}”.`);
  return { rows, row: entry.row };
}

/**
 * Draws the thumbnails of the draft's slides and layouts as the library page shows them, each
 * once per content and look (brand, categories, parts): a few hundred are kept per process.
 */
export function draftThumbnails(services: Services) {
  const drawn = new Map<string, string>();
  return async function thumbnail(kind: 'slide' | 'layout', id: string) {
    const { rows, row } = await readDraftDocument(services, kind, id);
    // A broken slide is drawn as the editor opens it: its bad texts as plain words.
    const { document } = readStoredDocument(kind, row.document);
    if (!document) {
      throw new AppError('library_invalid', `The ${kind} “${id}” cannot be drawn.`, {
        status: 409,
      });
    }
    const edited = { kind, document } as EditedDocument;
    const documents = draftDocuments(rows);
    const look = libraryLook(documents);
    const key = `${look}:${createHash('sha256').update(JSON.stringify(edited)).digest('base64url')}`;
    let svg = drawn.get(key);
    if (!svg) {
      svg = (await checkLibraryDocument(services, documents, edited, { refuseOverflow: false }))
        .svg;
      if (drawn.size >= 500) drawn.clear();
      drawn.set(key, svg);
    }
    return { svg, revision: row.revision, look };
  };
}
