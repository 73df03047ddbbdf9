import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import {
  templateFormatVersion,
  type Brand,
  type LanguageTranslations,
  type TemplateCategory,
  type TemplateLayout,
  type TemplateLibraryDocuments,
  type TemplatePart,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
import { withPricingSlides } from '@deck-portal/deck-engine/library';
import type { Db } from '../db/database.ts';
import { libraryDraft, users, type LibraryDraftKind } from '../db/schema.ts';
import { newestLibraryVersion } from './library-versions.ts';

export type DraftRow = typeof libraryDraft.$inferSelect;

/**
 * A language's translations as the draft stores them: the column's type lists the documents
 * and settings, which code reads as such; a translation table is read back by its kind.
 */
export const storedTranslations = (table: LanguageTranslations) =>
  table as unknown as DraftRow['document'];

/** A `translations` row's table. */
export const translationsOf = (row: DraftRow) => row.document as unknown as LanguageTranslations;

/** The draft's rows in order, each with the name of who saved it last. */
export async function readDraftRows(db: Db) {
  const read = () =>
    db
      .select({
        row: libraryDraft,
        updatedByName: users.name,
        updatedByEmail: users.email,
      })
      .from(libraryDraft)
      .leftJoin(users, eq(users.id, libraryDraft.updatedBy))
      .orderBy(asc(libraryDraft.kind), asc(libraryDraft.position));
  const rows = await read();
  if (rows.length > 0) return (await addPricingSlides(db, rows)) ? read() : rows;
  // The first time anyone opens the draft, it starts as the newest published version.
  const newest = await newestLibraryVersion(db);
  await writeDraft(db, newest.documents, { by: null, at: new Date(), revisions: new Map() });
  return read();
}

/**
 * The draft's brand, read without the rest of the draft. A draft nobody has opened yet is the
 * newest published version, so its brand is that version's.
 */
export async function readDraftBrand(db: Db): Promise<Brand | undefined> {
  const [row] = await db
    .select({ kind: libraryDraft.kind, document: libraryDraft.document })
    .from(libraryDraft)
    // 'brand' sorts before every other kind: any other row first means a draft without one.
    .orderBy(asc(libraryDraft.kind))
    .limit(1);
  if (row) return row.kind === 'brand' ? (row.document as Brand) : undefined;
  return (await newestLibraryVersion(db)).documents.brand;
}

/**
 * A draft written before the pricing slides and the quote summary were documents has none drawn
 * with pricing: the built-in ones are added after its slides (as `createTemplateLibrary` draws
 * them for a version stored then). True when rows were added.
 */
async function addPricingSlides(db: Db, rows: readonly { row: DraftRow }[]) {
  const slides = rows.filter(({ row }) => row.kind === 'slide');
  const documents = slides.map(({ row }) => row.document as TemplateSlideDocument);
  const upgraded = withPricingSlides({
    format: templateFormatVersion,
    slides: documents,
    layouts: [],
    parts: [],
  }).slides.slice(documents.length);
  if (upgraded.length === 0) return false;
  const after = Math.max(-1, ...slides.map(({ row }) => row.position));
  await db
    .insert(libraryDraft)
    .values(
      upgraded.map((document, i) => ({
        kind: 'slide' as const,
        documentId: document.id,
        position: after + 1 + i,
        document,
        revision: 1,
        updatedBy: null,
        updatedAt: new Date(),
      })),
    )
    .onConflictDoNothing();
  return true;
}

const key = (kind: LibraryDraftKind, id: string) => `${kind}:${id}`;

/** A library setting stored as one row: the brand, the categories, a language's translations. */
type SettingRow = { id: string; value: Brand | TemplateCategory[] | LanguageTranslations };

/**
 * Puts a whole library into the draft. Rows that existed get a higher revision than they had, so
 * an editor who had one of them open is told of the change rather than overwriting it.
 */
async function writeDraft(
  db: Db,
  documents: TemplateLibraryDocuments,
  { by, at, revisions }: { by: string | null; at: Date; revisions: ReadonlyMap<string, number> },
) {
  const rows = (
    [
      ['slide', documents.slides],
      ['layout', documents.layouts],
      ['part', documents.parts],
      // The brand and the categories are a row each, edited like a document.
      ['brand', documents.brand ? [{ id: 'brand', value: documents.brand }] : []],
      [
        'categories',
        documents.categories ? [{ id: 'categories', value: documents.categories }] : [],
      ],
      // A row per language, named by its tag.
      [
        'translations',
        Object.entries(documents.translations ?? {}).map(([id, value]) => ({ id, value })),
      ],
    ] as const
  ).flatMap(([kind, list]) =>
    (list as readonly (TemplateSlideDocument | TemplateLayout | TemplatePart | SettingRow)[]).map(
      (document, position) => ({
        kind,
        documentId: document.id,
        position,
        document:
          kind === 'translations'
            ? storedTranslations((document as SettingRow).value as LanguageTranslations)
            : 'value' in document
              ? (document.value as Brand | TemplateCategory[])
              : document,
        revision: (revisions.get(key(kind, document.id)) ?? 0) + 1,
        updatedBy: by,
        updatedAt: at,
      }),
    ),
  );
  await db.insert(libraryDraft).values(rows).onConflictDoNothing();
}

/** Replaces the whole draft with a library (a restore, or discarding the draft's changes). */
export async function replaceDraft(
  tx: Db,
  documents: TemplateLibraryDocuments,
  { by, at }: { by: string; at: Date },
) {
  const old = await tx
    .select({
      kind: libraryDraft.kind,
      documentId: libraryDraft.documentId,
      revision: libraryDraft.revision,
    })
    .from(libraryDraft);
  const revisions = new Map(old.map((row) => [key(row.kind, row.documentId), row.revision]));
  await tx.delete(libraryDraft);
  await writeDraft(tx, documents, { by, at, revisions });
}

/** The draft as one bundle of documents, in order: what publishing stores. */
export function draftDocuments(rows: readonly { row: DraftRow }[]): TemplateLibraryDocuments {
  const of = <T>(kind: LibraryDraftKind) =>
    rows.filter(({ row }) => row.kind === kind).map(({ row }) => row.document as T);
  const [brand] = of<Brand>('brand');
  const [categories] = of<TemplateCategory[]>('categories');
  const translations = Object.fromEntries(
    rows
      .filter(({ row }) => row.kind === 'translations')
      .map(({ row }) => [row.documentId, translationsOf(row)] as const)
      .filter(([, table]) => Object.keys(table).length > 0),
  );
  return {
    format: templateFormatVersion,
    ...(brand ? { brand } : {}),
    ...(categories ? { categories } : {}),
    slides: of<TemplateSlideDocument>('slide'),
    layouts: of<TemplateLayout>('layout'),
    parts: of<TemplatePart>('part'),
    ...(Object.keys(translations).length > 0 ? { translations } : {}),
  };
}

/**
 * What every document of the library is drawn with besides itself (the brand, the categories,
 * the shared parts), as a short token: a thumbnail's address carries it, so a browser fetches
 * thumbnails again when any of these changes.
 */
export function libraryLook(documents: TemplateLibraryDocuments): string {
  return createHash('sha256')
    .update(
      JSON.stringify([documents.brand ?? null, documents.categories ?? null, documents.parts]),
    )
    .digest('base64url')
    .slice(0, 12);
}
