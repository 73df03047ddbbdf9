import { deckLanguageOf, isDeckLanguage } from './markets/languages.ts';
import type { TemplateLibraryDocuments } from './template-format/index.ts';

type Named = { id: string; title?: string; name?: string; retired?: boolean };

const label = (document: Named) => `“${document.title ?? document.name ?? document.id}”`;

/** Two documents are the same when their JSON is, whatever the order of their keys. */
function sameDocument(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : inner,
  );
}

function describeKind<T extends Named>(
  noun: string,
  before: readonly T[],
  after: readonly T[],
): string[] {
  const old = new Map(before.map((document) => [document.id, document]));
  const now = new Set(after.map((document) => document.id));
  const lines: string[] = [];
  for (const document of after) {
    const previous = old.get(document.id);
    if (!previous) lines.push(`Added ${noun} ${label(document)}`);
    else if (!previous.retired && document.retired)
      lines.push(`Retired ${noun} ${label(document)}`);
    else if (previous.retired && !document.retired) {
      lines.push(`Brought back ${noun} ${label(document)}`);
    } else if (!sameDocument(previous, document)) lines.push(`Edited ${noun} ${label(document)}`);
  }
  for (const document of before) {
    if (!now.has(document.id)) lines.push(`Removed ${noun} ${label(document)}`);
  }
  const order = (list: readonly T[]) =>
    list.filter((document) => old.has(document.id) && now.has(document.id)).map((d) => d.id);
  if (order(before).join() !== order(after).join()) lines.push(`Reordered the ${noun}s`);
  return lines;
}

/** What a library version changes against another, a line each, as the history lists it. */
export function describeLibraryChanges(
  before: TemplateLibraryDocuments,
  after: TemplateLibraryDocuments,
): string[] {
  return [
    ...(sameDocument(before.brand ?? null, after.brand ?? null) ? [] : ['Changed the brand']),
    ...(sameDocument(before.categories ?? null, after.categories ?? null)
      ? []
      : ['Changed the categories']),
    ...describeKind('slide', before.slides, after.slides),
    ...describeKind('layout', before.layouts, after.layouts),
    ...describeKind('part', before.parts, after.parts),
    ...describeTranslations(before.translations ?? {}, after.translations ?? {}),
  ];
}

/** A line per language whose translations changed (an empty table is as none). */
function describeTranslations(
  before: NonNullable<TemplateLibraryDocuments['translations']>,
  after: NonNullable<TemplateLibraryDocuments['translations']>,
): string[] {
  const languages = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return languages
    .filter((tag) => !sameDocument(before[tag] ?? {}, after[tag] ?? {}))
    .map(
      (tag) => `Changed the ${isDeckLanguage(tag) ? deckLanguageOf(tag).name : tag} translations`,
    );
}
