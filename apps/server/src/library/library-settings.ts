import { and, eq } from 'drizzle-orm';
import {
  libraryMessages,
  type AuditAction,
  type Brand,
  type TemplateCategory,
} from '@deck-portal/domain';
import {
  DEFAULT_BRAND,
  TEMPLATE_CATEGORIES,
  withClientLabels,
} from '@deck-portal/deck-engine/library';
import type { User } from '../auth/sessions.ts';
import { libraryDraft } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { recordAudit } from '../users/record-audit.ts';
import { draftDocuments, readDraftRows } from './library-draft.ts';

/** The library's settings kept as one draft row each, and what stands for them before a save. */
const settings = {
  brand: { builtIn: DEFAULT_BRAND as Brand, audit: 'library.brand_saved' },
  categories: {
    builtIn: [...TEMPLATE_CATEGORIES] as TemplateCategory[],
    audit: 'library.categories_saved',
  },
} satisfies Record<string, { builtIn: unknown; audit: AuditAction }>;

type Setting = keyof typeof settings;
type ValueOf<K extends Setting> = (typeof settings)[K]['builtIn'];

/** A setting of the draft and its revision (the built-in value, revision 0, before any save). */
export async function readDraftSetting<K extends Setting>(
  services: Pick<Services, 'db'>,
  kind: K,
): Promise<{ value: ValueOf<K>; revision: number }> {
  const rows = await readDraftRows(services.db);
  const row = rows.find((entry) => entry.row.kind === kind)?.row;
  return row
    ? { value: row.document as ValueOf<K>, revision: row.revision }
    : { value: settings[kind].builtIn, revision: 0 };
}

/**
 * The draft's categories as the editor sees them: each with the label a client reads, also
 * those saved before categories had one (the label their decks draw).
 */
export async function readDraftCategories(services: Pick<Services, 'db'>) {
  const { value, revision } = await readDraftSetting(services, 'categories');
  return { value: withClientLabels(value), revision };
}

/** Categories that still hold slides of the draft must stay. */
async function assertCategoriesKeepSlides(
  services: Pick<Services, 'db'>,
  next: TemplateCategory[],
) {
  const { slides } = draftDocuments(await readDraftRows(services.db));
  const kept = new Set(next.map((category) => category.id));
  const orphaned = slides.filter((slide) => !kept.has(slide.category));
  if (orphaned.length === 0) return;
  throw new AppError('validation_failed', 'Some fields are missing or invalid.', {
    fields: {
      categories: `“${orphaned[0]!.title}” is in the category “${orphaned[0]!.category}”: move its slides to another category before removing it.`,
    },
  });
}

/**
 * Saves a setting of the draft against the revision the editor loaded (409 when someone saved it
 * since); published with the rest of the library.
 */
export async function saveDraftSetting<K extends Setting>(
  services: Services,
  { actor, kind, revision, value }: { actor: User; kind: K; revision: number; value: ValueOf<K> },
) {
  const current = await readDraftSetting(services, kind);
  if (current.revision !== revision) throw new AppError('conflict', libraryMessages.conflict);
  if (kind === 'categories')
    await assertCategoriesKeepSlides(services, value as TemplateCategory[]);
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    const values = { document: value, revision: revision + 1, updatedBy: actor.id, updatedAt: now };
    const [saved] =
      revision === 0
        ? await tx
            .insert(libraryDraft)
            .values({ kind, documentId: kind, position: 0, ...values })
            .onConflictDoNothing()
            .returning({ revision: libraryDraft.revision })
        : await tx
            .update(libraryDraft)
            .set(values)
            .where(
              and(
                eq(libraryDraft.kind, kind),
                eq(libraryDraft.documentId, kind),
                eq(libraryDraft.revision, revision),
              ),
            )
            .returning({ revision: libraryDraft.revision });
    if (!saved) throw new AppError('conflict', libraryMessages.conflict);
    await recordAudit(tx, {
      actorId: actor.id,
      action: settings[kind].audit,
      oldValue: `revision ${revision}`,
      newValue: `revision ${saved.revision}`,
      at: now,
    });
    return { value, revision: saved.revision };
  });
}
