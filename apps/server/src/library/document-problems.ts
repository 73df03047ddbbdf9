import {
  templateLayoutSchema,
  templateSlideDocumentSchema,
  type LibraryDocumentProblem,
  type TemplateLayout,
  type TemplateLibraryDocuments,
  type TemplateSlideDocument,
} from '@deck-portal/domain';

type Stored<Kind extends 'slide' | 'layout'> = Kind extends 'slide'
  ? TemplateSlideDocument
  : TemplateLayout;

/** `{{nope}}` → `{nope}`: the same words, no longer read as a binding. */
function plainWords(text: string) {
  let words = text;
  while (words.includes('{{') || words.includes('}}')) {
    words = words.replaceAll('{{', '{').replaceAll('}}', '}');
  }
  return words;
}

/**
 * A stored draft document as the editor may open it. A row written before a check existed (a
 * slide titled `Plan {{nope}}` was once stored as it was) fails its schema; one bad text must
 * not lock the slide, nor the rest of the library, so each text the schema refuses is given back
 * as plain words with the problem named. `document` is undefined when that does not mend it.
 */
export function readStoredDocument<Kind extends 'slide' | 'layout'>(
  kind: Kind,
  stored: unknown,
): { document: Stored<Kind> | undefined; problems: LibraryDocumentProblem[] } {
  const schema = kind === 'slide' ? templateSlideDocumentSchema : templateLayoutSchema;
  const checked = schema.safeParse(stored);
  if (checked.success) return { document: stored as Stored<Kind>, problems: [] };
  const problems = checked.error.issues.map((issue) => ({
    field: issue.path.join('.'),
    message: issue.message,
  }));
  const mended = structuredClone(stored) as Record<PropertyKey, unknown>;
  for (const { path } of checked.error.issues) {
    const parent = path
      .slice(0, -1)
      .reduce<unknown>(
        (at, key) => (at as Record<PropertyKey, unknown> | undefined)?.[key],
        mended,
      );
    const key = path.at(-1);
    if (key === undefined || typeof parent !== 'object' || parent === null) continue;
    const value = (parent as Record<PropertyKey, unknown>)[key];
    if (typeof value === 'string')
      (parent as Record<PropertyKey, unknown>)[key] = plainWords(value);
  }
  const again = schema.safeParse(mended);
  return { document: again.success ? (mended as Stored<Kind>) : undefined, problems };
}

/** A problem in a line: `heading: {{nope}} is not a binding this format knows`. */
export const describeProblem = ({ field, message }: LibraryDocumentProblem) =>
  field ? `${field}: ${message}` : message;

/**
 * The library with every other broken document mended (or left out when it cannot be): what one
 * document is checked and drawn among, so a broken neighbour never refuses someone else's save.
 */
export function usableDocuments(
  documents: TemplateLibraryDocuments,
  except?: { kind: 'slide' | 'layout'; id: string },
): TemplateLibraryDocuments {
  const usable = <Kind extends 'slide' | 'layout'>(kind: Kind, list: readonly Stored<Kind>[]) =>
    list.flatMap((document) =>
      except?.kind === kind && except.id === document.id
        ? [document]
        : (readStoredDocument(kind, document).document ?? []),
    );
  return {
    ...documents,
    slides: usable('slide', documents.slides),
    layouts: usable('layout', documents.layouts),
  };
}
