import { desc, eq } from 'drizzle-orm';
import {
  describeLibraryChanges,
  type LibraryDraftResponse,
  type LibraryVersion,
  type TemplateLayout,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
import { DEFAULT_BRAND, TEMPLATE_CATEGORIES } from '@deck-portal/deck-engine/library';
import type { Db } from '../db/database.ts';
import { libraryVersions, users } from '../db/schema.ts';
import { describeProblem, readStoredDocument } from './document-problems.ts';
import { draftDocuments, libraryLook, readDraftRows } from './library-draft.ts';
import { newestLibraryVersion } from './library-versions.ts';

const person = (name: string | null, email: string | null) =>
  name !== null && email !== null ? { name, email } : null;

/** The draft as the library page lists it, with what it changes against the published version. */
export async function listLibraryDraft(db: Db): Promise<LibraryDraftResponse> {
  const rows = await readDraftRows(db);
  const newest = await newestLibraryVersion(db);
  const documents = draftDocuments(rows);
  const brand = documents.brand ?? DEFAULT_BRAND;
  const look = libraryLook(documents);
  const published = new Set(newest.documents.slides.map((slide) => slide.id));
  const thumbnail = (kind: string, id: string, revision: number) =>
    `/api/library/${kind}s/${encodeURIComponent(id)}/thumbnail?revision=${revision}&look=${look}`;
  const common = ({ row, updatedByName, updatedByEmail }: (typeof rows)[number]) => ({
    id: row.documentId,
    revision: row.revision,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: person(updatedByName, updatedByEmail),
    thumbnail: thumbnail(row.kind, row.documentId, row.revision),
  });
  return {
    publishedVersion: newest.number,
    changes: describeLibraryChanges(newest.documents, documents),
    categories: [...(documents.categories ?? TEMPLATE_CATEGORIES)],
    // The draft brand's colours: what the editor's swatches show.
    palette: Object.entries(brand.colors).map(([name, hex]) => ({
      value: `brand.${name}`,
      hex: `#${hex}`,
    })),
    slides: rows
      .filter(({ row }) => row.kind === 'slide')
      .map((entry) => {
        const document = entry.row.document as TemplateSlideDocument;
        const [problem] = readStoredDocument('slide', document).problems;
        return {
          ...common(entry),
          title: document.title,
          description: document.description,
          category: document.category,
          inDefaultSelection: document.inDefaultSelection ?? false,
          forProducts: document.forProducts ?? [],
          retired: document.retired ?? false,
          isNew: !published.has(document.id),
          ...(document.drawn ? { drawn: document.drawn } : {}),
          ...(problem ? { problem: describeProblem(problem) } : {}),
        };
      }),
    layouts: rows
      .filter(({ row }) => row.kind === 'layout')
      .map((entry) => {
        const document = entry.row.document as TemplateLayout;
        return {
          ...common(entry),
          name: document.name,
          description: document.description,
          placeholderCount: document.placeholders.length,
        };
      }),
  };
}

/** Every published version, newest first. */
export async function listLibraryVersions(db: Db): Promise<LibraryVersion[]> {
  const rows = await db
    .select({
      number: libraryVersions.number,
      note: libraryVersions.note,
      changes: libraryVersions.changes,
      restoredFrom: libraryVersions.restoredFrom,
      createdAt: libraryVersions.createdAt,
      name: users.name,
      email: users.email,
    })
    .from(libraryVersions)
    .leftJoin(users, eq(users.id, libraryVersions.createdBy))
    .orderBy(desc(libraryVersions.number))
    .limit(200);
  return rows.map((row) => ({
    number: row.number,
    note: row.note,
    changes: row.changes,
    restoredFrom: row.restoredFrom,
    createdAt: row.createdAt.toISOString(),
    createdBy: person(row.name, row.email),
  }));
}
