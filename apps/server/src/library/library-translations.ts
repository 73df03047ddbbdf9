import { and, eq } from 'drizzle-orm';
import {
  DECK_LANGUAGES,
  LIBRARY_LANGUAGE,
  deckLanguageOf,
  deckLanguageSchema,
  documentTexts,
  findTextProblem,
  libraryMessages,
  textProblemMessage,
  type DeckLanguage,
  type LanguageTranslations,
  type LibraryTranslationDocument,
  type LibraryTranslationImportResponse,
  type LibraryTranslationLanguage,
  type LibraryTranslationLanguagesResponse,
  type LibraryTranslationTextsResponse,
  type TemplateLibraryDocuments,
} from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { libraryDraft } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { recordAudit } from '../users/record-audit.ts';
import {
  draftDocuments,
  readDraftRows,
  storedTranslations,
  translationsOf,
  type DraftRow,
} from './library-draft.ts';
import {
  readTranslationFile,
  translationTextId,
  writeTranslationsCsv,
  writeXliff,
  type TranslationFileEntry,
} from './library-translation-files.ts';

/**
 * The library's translations as the studio edits them (issue 50): one table per language in
 * the draft (a row of kind `translations` named by the language's tag), saved against its
 * revision like the draft's other rows and published with the rest of the library.
 */

type ClockedServices = Pick<Services, 'db' | 'clock'>;

/** A document of the draft with the texts it draws, in order. */
type TextHolder = Omit<LibraryTranslationDocument, 'total' | 'missing'> & { texts: string[] };

/** The draft's documents whose texts a deck draws (retired slides are no longer offered). */
function textHolders(documents: TemplateLibraryDocuments): TextHolder[] {
  return [
    ...documents.slides
      .filter((slide) => !slide.retired)
      .map((slide) => ({
        kind: 'slide' as const,
        id: slide.id,
        title: slide.title,
        texts: documentTexts(slide),
      })),
    ...documents.layouts.map((layout) => ({
      kind: 'layout' as const,
      id: layout.id,
      title: layout.name,
      texts: documentTexts(layout),
    })),
    ...documents.parts.map((part) => ({
      kind: 'part' as const,
      id: part.id,
      title: part.id,
      texts: documentTexts(part),
    })),
  ].filter((holder) => holder.texts.length > 0);
}

/** Every text of the draft once, in the order the documents hold them. */
const allTexts = (holders: readonly TextHolder[]) => [
  ...new Set(holders.flatMap((holder) => holder.texts)),
];

const isTranslated = (table: LanguageTranslations, source: string) =>
  (table[source] ?? '').trim() !== '';

/** A language the library may be translated into: a deck language other than its own. */
export function translationLanguage(tag: string): DeckLanguage {
  const parsed = deckLanguageSchema.safeParse(tag);
  if (!parsed.success) {
    throw new AppError('validation_failed', parsed.error.issues[0]?.message ?? 'Unknown language');
  }
  if (parsed.data === LIBRARY_LANGUAGE) {
    throw new AppError(
      'validation_failed',
      `The library is written in ${deckLanguageOf(LIBRARY_LANGUAGE).name}: choose a language to translate it into.`,
    );
  }
  return parsed.data;
}

/** The draft, its texts by document, and each language's table and revision. */
async function readTranslationDraft(services: Pick<Services, 'db'>) {
  const rows = await readDraftRows(services.db);
  const holders = textHolders(draftDocuments(rows));
  const tables = new Map(
    rows
      .filter(({ row }) => row.kind === 'translations')
      .map(({ row }): [string, DraftRow] => [row.documentId, row]),
  );
  const languageOf = (language: DeckLanguage) => {
    const row = tables.get(language);
    return {
      table: row ? translationsOf(row) : {},
      revision: row?.revision ?? 0,
    };
  };
  return { holders, texts: allTexts(holders), languageOf };
}

function summarise(
  language: DeckLanguage,
  { table, revision }: { table: LanguageTranslations; revision: number },
  texts: readonly string[],
): LibraryTranslationLanguage {
  const { name, nativeName, direction } = deckLanguageOf(language);
  const translated = texts.filter((source) => isTranslated(table, source)).length;
  return {
    language,
    name,
    nativeName,
    direction,
    translated,
    missing: texts.length - translated,
    revision,
  };
}

/** Every language but the library's own, with how much of the draft it has. */
export async function listTranslationLanguages(
  services: Pick<Services, 'db'>,
): Promise<LibraryTranslationLanguagesResponse> {
  const { texts, languageOf } = await readTranslationDraft(services);
  return {
    sourceLanguage: LIBRARY_LANGUAGE,
    textCount: texts.length,
    languages: DECK_LANGUAGES.filter(({ tag }) => tag !== LIBRARY_LANGUAGE).map(({ tag }) =>
      summarise(tag, languageOf(tag), texts),
    ),
  };
}

/**
 * A language's texts side by side with their translations: those of one slide, layout or part
 * when `document` names one, else every text of the draft; with each document's counts.
 */
export async function readTranslationTexts(
  services: Pick<Services, 'db'>,
  {
    language,
    document,
  }: { language: DeckLanguage; document?: { kind: TextHolder['kind']; id: string } | undefined },
): Promise<LibraryTranslationTextsResponse> {
  const { holders, texts, languageOf } = await readTranslationDraft(services);
  const current = languageOf(language);
  let shown = texts;
  if (document) {
    const holder = holders.find(
      (entry) => entry.kind === document.kind && entry.id === document.id,
    );
    if (!holder) {
      throw new AppError(
        'not_found',
        `The library has no ${document.kind} “${document.id}” with texts to translate.`,
      );
    }
    shown = holder.texts;
  }
  return {
    language: summarise(language, current, texts),
    documents: holders.map(({ texts: own, ...holder }) => ({
      ...holder,
      total: own.length,
      missing: own.filter((source) => !isTranslated(current.table, source)).length,
    })),
    texts: shown.map((source) => ({
      id: translationTextId(source),
      source,
      target: current.table[source] ?? '',
      missing: !isTranslated(current.table, source),
    })),
  };
}

const BINDING = /\{\{[^}]*\}\}/g;
const bindingsOf = (text: string) =>
  (text.match(BINDING) ?? []).map((binding) => binding.replace(/\s+/g, '')).sort();

/** A text as a message quotes it: short enough to read. */
const quoted = (text: string) => `“${text.length > 60 ? `${text.slice(0, 57)}…` : text}”`;

/**
 * Why a translation may not be kept, or undefined when it may: it is plain text of a sensible
 * length, and it keeps the source's bindings (in any order), as a deck fills them in.
 */
function translationProblem(source: string, target: string): string | undefined {
  const problem = findTextProblem(target, { isMultiline: true });
  if (problem) return textProblemMessage(`The translation of ${quoted(source)}`, problem);
  if (target.length > 5_000) {
    return `The translation of ${quoted(source)} must be at most 5,000 characters.`;
  }
  const wanted = bindingsOf(source);
  const given = bindingsOf(target);
  if (wanted.join('\n') !== given.join('\n')) {
    const list = (bindings: string[]) => (bindings.length > 0 ? bindings.join(' ') : 'none');
    return `The translation of ${quoted(source)} must keep its bindings ${list(wanted)} (it has ${list(given)}).`;
  }
  return undefined;
}

/** Writes a language's table against the revision it was read at (409 when someone saved since). */
async function writeLanguageTable(
  services: ClockedServices,
  {
    actor,
    language,
    revision,
    table,
    how,
  }: {
    actor: User;
    language: DeckLanguage;
    revision: number;
    table: LanguageTranslations;
    how: string;
  },
): Promise<number> {
  const now = services.clock.now();
  return services.db.transaction(async (tx) => {
    const values = {
      document: storedTranslations(table),
      revision: revision + 1,
      updatedBy: actor.id,
      updatedAt: now,
    };
    const [saved] =
      revision === 0
        ? await tx
            .insert(libraryDraft)
            .values({
              kind: 'translations',
              documentId: language,
              position: DECK_LANGUAGES.findIndex(({ tag }) => tag === language),
              ...values,
            })
            .onConflictDoNothing()
            .returning({ revision: libraryDraft.revision })
        : await tx
            .update(libraryDraft)
            .set(values)
            .where(
              and(
                eq(libraryDraft.kind, 'translations'),
                eq(libraryDraft.documentId, language),
                eq(libraryDraft.revision, revision),
              ),
            )
            .returning({ revision: libraryDraft.revision });
    if (!saved) throw new AppError('conflict', libraryMessages.conflict);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'library.translations_saved',
      oldValue: `${language} revision ${revision}`,
      newValue: `${language} revision ${saved.revision}: ${how}`,
      at: now,
    });
    return saved.revision;
  });
}

/**
 * Saves an editor's changed translations of one language (an empty one removes it), against the
 * revision they loaded. A text that is not the library's, or a translation that loses a binding,
 * refuses the whole save with the text named.
 */
export async function saveLibraryTranslations(
  services: ClockedServices,
  {
    actor,
    language,
    revision,
    entries,
  }: {
    actor: User;
    language: DeckLanguage;
    revision: number;
    entries: Readonly<Record<string, string>>;
  },
): Promise<LibraryTranslationLanguage> {
  const { texts, languageOf } = await readTranslationDraft(services);
  const current = languageOf(language);
  if (current.revision !== revision) throw new AppError('conflict', libraryMessages.conflict);
  const known = new Set([...texts, ...Object.keys(current.table)]);
  const table = { ...current.table };
  for (const [source, target] of Object.entries(entries)) {
    if (!known.has(source)) {
      throw new AppError(
        'validation_failed',
        `${quoted(source)} is not a text of the library (it may have changed since you opened it): reload to see its texts.`,
      );
    }
    if (target.trim() === '') {
      delete table[source];
      continue;
    }
    const problem = translationProblem(source, target);
    if (problem) throw new AppError('validation_failed', problem);
    table[source] = target;
  }
  const saved = await writeLanguageTable(services, {
    actor,
    language,
    revision,
    table,
    how: `${Object.keys(entries).length} saved in the studio`,
  });
  return summarise(language, { table, revision: saved }, texts);
}

/** A language's texts as a file for a translator: XLIFF (1.2 or 2.0) or CSV. */
export async function exportLibraryTranslations(
  services: Pick<Services, 'db'>,
  {
    language,
    format,
    version = '1.2',
  }: { language: DeckLanguage; format: 'xliff' | 'csv'; version?: '1.2' | '2.0' | undefined },
): Promise<{ fileName: string; contentType: string; body: string }> {
  const { holders, texts, languageOf } = await readTranslationDraft(services);
  const { table } = languageOf(language);
  const where = new Map<string, string[]>();
  for (const holder of holders) {
    for (const source of holder.texts)
      where.set(source, [...(where.get(source) ?? []), holder.title]);
  }
  const entries: TranslationFileEntry[] = texts.map((source) => ({
    id: translationTextId(source),
    source,
    target: isTranslated(table, source) ? table[source]! : '',
    note: (where.get(source) ?? []).join('; '),
  }));
  if (format === 'csv') {
    return {
      fileName: `library-${language}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: writeTranslationsCsv(entries),
    };
  }
  return {
    fileName: `library-${language}.xlf`,
    contentType: 'application/xliff+xml; charset=utf-8',
    body: writeXliff({
      sourceLanguage: LIBRARY_LANGUAGE,
      targetLanguage: language,
      version,
      entries,
    }),
  };
}

/**
 * Takes a translator's file (XLIFF or CSV) into a language's draft translations. An entry is
 * found by its id (or, failing that, by its source text): one the library no longer has is
 * skipped, one whose translation loses a binding is refused, and both are reported; an empty
 * translation leaves the text as it was. A file that cannot be read changes nothing (400).
 */
export async function importLibraryTranslations(
  services: ClockedServices,
  { actor, language, text }: { actor: User; language: DeckLanguage; text: string },
): Promise<LibraryTranslationImportResponse> {
  const file = readTranslationFile(text, language);
  const { texts, languageOf } = await readTranslationDraft(services);
  const current = languageOf(language);
  const known = [...new Set([...texts, ...Object.keys(current.table)])];
  const byId = new Map(known.map((source) => [translationTextId(source), source]));
  const knownSources = new Set(known);
  const skipped: LibraryTranslationImportResponse['skipped'] = [];
  const refused: LibraryTranslationImportResponse['refused'] = [...file.unreadable];
  const changes: Record<string, string> = {};
  let unchanged = 0;
  for (const entry of file.entries) {
    const source =
      byId.get(entry.id) ?? (knownSources.has(entry.source) ? entry.source : undefined);
    if (source === undefined) {
      skipped.push({
        id: entry.id,
        source: entry.source,
        message:
          entry.id === translationTextId(entry.source) || entry.id === ''
            ? 'The library no longer has this text.'
            : `The library has no text with the id “${entry.id}”.`,
      });
      continue;
    }
    if (entry.target.trim() === '') {
      unchanged += 1;
      continue;
    }
    const problem = translationProblem(source, entry.target);
    if (problem) {
      refused.push({ id: entry.id, source, message: problem });
      continue;
    }
    if (current.table[source] === entry.target) unchanged += 1;
    else changes[source] = entry.target;
  }
  const applied = Object.keys(changes).length;
  const table = { ...current.table, ...changes };
  const revision =
    applied > 0
      ? await writeLanguageTable(services, {
          actor,
          language,
          revision: current.revision,
          table,
          how: `${applied} imported from ${file.format === 'csv' ? 'a CSV file' : 'an XLIFF file'}`,
        })
      : current.revision;
  return {
    language: summarise(language, { table, revision }, texts),
    applied,
    unchanged,
    skipped,
    refused,
  };
}
