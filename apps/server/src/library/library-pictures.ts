import { and, inArray } from 'drizzle-orm';
import {
  brandFontWeights,
  uploadIdOf,
  type Brand,
  type TemplateElement,
} from '@deck-portal/domain';
import { uploads } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { readUpload } from '../uploads/store-upload.ts';

/** The picture addresses documents' picture elements name (repeats included). */
function pictureSources(documents: readonly { elements: readonly TemplateElement[] }[]) {
  const sources = new Set<string>();
  const visit = (elements: readonly TemplateElement[]) => {
    for (const element of elements) {
      if (element.kind === 'picture') sources.add(element.src.trim());
      if (element.kind === 'repeat') visit(element.elements as readonly TemplateElement[]);
    }
  };
  for (const document of documents) visit(document.elements);
  return sources;
}

/** The files a brand names beside the documents: its logo and its font files. */
export function brandFiles(brand: Brand | undefined): (string | undefined)[] {
  return [brand?.logo, ...brandFontWeights.map((weight) => brand?.font?.[weight])];
}

/**
 * The bytes of the library pictures that documents show, by the address they name them with
 * (`/api/uploads/{id}`), and of the brand's files ({@link brandFiles}): what a deck drawn from
 * them, or their preview, draws. Only uploads made as library pictures or fonts count.
 */
export async function loadLibraryPictures(
  services: Pick<Services, 'db' | 'objects'>,
  documents: readonly { elements: readonly TemplateElement[] }[],
  /** Addresses named elsewhere (the brand's logo and fonts). */
  also: readonly (string | undefined)[] = [],
): Promise<Record<string, Uint8Array>> {
  const byId = new Map<string, string>();
  const named = [...pictureSources(documents), ...also.filter((src) => src !== undefined)];
  for (const source of named) {
    const id = uploadIdOf(source);
    if (id) byId.set(id, source);
  }
  if (byId.size === 0) return {};
  const rows = await services.db
    .select({ id: uploads.id, content: uploads.content, contentType: uploads.contentType })
    .from(uploads)
    .where(
      and(
        inArray(uploads.id, [...byId.keys()]),
        inArray(uploads.kind, ['library_picture', 'library_font']),
      ),
    );
  return Object.fromEntries(
    await Promise.all(
      rows.map(async (row) => [byId.get(row.id)!, new Uint8Array(await readUpload(services, row))]),
    ),
  );
}
