import { and, eq, gt, sql } from 'drizzle-orm';
import {
  libraryMessages,
  templateFormatVersion,
  templateSlideDocumentSchema,
  type CreateLibrarySlideRequest,
  type TemplateSlideDocument,
} from '@deck-portal/domain';
import { TEMPLATE_CATEGORIES } from '@deck-portal/deck-engine/library';
import type { User } from '../auth/sessions.ts';
import { libraryDraft } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { recordAudit } from '../users/record-audit.ts';
import { draftDocuments, readDraftRows } from './library-draft.ts';

/** A new slide with the title bar and the footer, for an editor to fill. */
function emptySlide(id: string, title: string, category: string): TemplateSlideDocument {
  return {
    format: templateFormatVersion,
    id,
    title,
    description: '',
    background: '#FFFFFF',
    category,
    heading: title,
    // The title bar brings the footer with it.
    elements: [
      { kind: 'part', part: 'title-bar' },
      {
        kind: 'text',
        x: 48,
        y: 130,
        w: 864,
        h: 300,
        text: 'Write the slide’s text here.',
        style: { weight: 'regular', size: 20, minSize: 12, lineHeight: 1.4, color: 'brand.ink' },
      },
    ],
  };
}

/** An id from the title, unused by the library's slides (`case-study-2`). */
export function newSlideId(title: string, taken: ReadonlySet<string>) {
  const base =
    title
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'slide';
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  return id;
}

/**
 * Adds a slide to the draft: a copy of another (placed right after it) or an empty one in a
 * category (placed at the end). New slides are not in the default selection.
 */
export async function createLibrarySlide(
  services: Services,
  { actor, request }: { actor: User; request: CreateLibrarySlideRequest & { title: string } },
) {
  const all = await readDraftRows(services.db);
  const categories = draftDocuments(all).categories ?? TEMPLATE_CATEGORIES;
  if (!categories.some((category) => category.id === request.category)) {
    throw new AppError('validation_failed', 'Some fields are missing or invalid.', {
      fields: { category: libraryMessages.unknownCategory },
    });
  }
  const rows = all.filter(({ row }) => row.kind === 'slide');
  const source = request.duplicateOf
    ? rows.find(({ row }) => row.documentId === request.duplicateOf)?.row
    : undefined;
  if (request.duplicateOf && !source) {
    throw new AppError('not_found', `The library has no slide “${request.duplicateOf}”.`);
  }
  const id = newSlideId(request.title, new Set(rows.map(({ row }) => row.documentId)));
  // A copy is the editor's own slide: a newer PowerPoint replaces the slide it was imported as,
  // never the copy (so the copy does not keep where that came from).
  const { source: _imported, ...copied } = (source?.document ?? {}) as TemplateSlideDocument;
  const document: TemplateSlideDocument = source
    ? {
        ...copied,
        id,
        title: request.title,
        category: request.category,
        inDefaultSelection: false,
        retired: false,
      }
    : emptySlide(id, request.title, request.category);
  // The title is the new slide's heading too, where `{{…}}` is a binding: one the format does
  // not know is refused here, before it is stored, as every save is.
  const checked = templateSlideDocumentSchema.safeParse(document);
  if (!checked.success) {
    const fields: Record<string, string> = {};
    for (const issue of checked.error.issues) {
      const [field] = issue.path;
      const name = field === 'heading' || field === 'title' ? 'title' : issue.path.join('.');
      fields[name] ??=
        name === 'title' ? `The title cannot hold this: ${issue.message}.` : issue.message;
    }
    throw new AppError('validation_failed', 'Some fields are missing or invalid.', {
      status: 422,
      fields,
    });
  }
  const position = source ? source.position + 1 : rows.length;
  const now = services.clock.now();

  await services.db.transaction(async (tx) => {
    await tx
      .update(libraryDraft)
      .set({ position: sql`${libraryDraft.position} + 1` })
      .where(and(eq(libraryDraft.kind, 'slide'), gt(libraryDraft.position, position - 1)));
    await tx.insert(libraryDraft).values({
      kind: 'slide',
      documentId: id,
      position,
      document,
      revision: 1,
      updatedBy: actor.id,
      updatedAt: now,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'library.slide_created',
      subject: { kind: 'library', id, label: checked.data.title },
      oldValue: source?.documentId ?? null,
      newValue: id,
      at: now,
    });
  });
  return { document, revision: 1 };
}
