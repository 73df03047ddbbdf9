import { bindingPaths, type BindingPath, type TemplateElement } from '@deck-portal/domain';

/**
 * Text in an imported slide that looks like a field someone fills in per deck — `{{Client
 * Name}}`, `[Client]`, `<<date>>` — and the binding it most likely means. The editor confirms
 * or changes each before the slide goes into the library.
 */
export interface FieldSuggestion {
  /** The text as written in the slide, markers included. */
  text: string;
  /** The words inside the markers. */
  label: string;
  /** The binding it most likely means; undefined when nothing fits. */
  suggestion?: BindingPath;
}

const fieldPattern =
  /\{\{\s*([^{}]{1,60}?)\s*\}\}|\[\s*([A-Za-z][A-Za-z0-9 ._'-]{0,40}?)\s*\]|<<\s*([^<>]{1,60}?)\s*>>|«\s*([^«»]{1,60}?)\s*»/g;

/** Words a field's label may use, and the binding they mean (the first that matches wins). */
const meanings: [RegExp, BindingPath][] = [
  [/\b(contact|attention|attn|recipient)\b/i, 'contact.name'],
  [/\b(client|customer|company|account|prospect|organi[sz]ation)\b/i, 'client.name'],
  [/\b(year)\b/i, 'deck.year'],
  [/\b(date|today)\b/i, 'deck.date'],
  [/\b(e-?mail)\b/i, 'rep.email'],
  [/\b(phone|mobile|tel)\b/i, 'rep.phone'],
  [/\b(job title|position|role)\b/i, 'rep.title'],
  [/\b(rep|presenter|sales ?person|your name|my name|author|sender|presented by)\b/i, 'rep.name'],
  [/\b(headline|proposal|deck title|subject)\b/i, 'deck.headline'],
];

/** A binding the importer wrote itself (`{{slide.number}}` for a slide-number field). */
const isBinding = (text: string) =>
  (bindingPaths as readonly string[]).some((path) => text === `{{${path}}}`);

export function suggestBinding(label: string): BindingPath | undefined {
  return meanings.find(([pattern]) => pattern.test(label))?.[1];
}

/** Every field-like text of the elements, once each, in the order they appear. */
export function findFields(elements: readonly TemplateElement[]): FieldSuggestion[] {
  const found = new Map<string, FieldSuggestion>();
  for (const text of textsOf(elements)) {
    for (const match of text.matchAll(fieldPattern)) {
      const label = (match[1] ?? match[2] ?? match[3] ?? match[4] ?? '').trim();
      if (label === '' || found.has(match[0]) || isBinding(match[0])) continue;
      const suggestion = suggestBinding(label);
      found.set(match[0], { text: match[0], label, ...(suggestion ? { suggestion } : {}) });
    }
  }
  return [...found.values()];
}

/** Every text of the elements: their paragraphs, table cells and chart titles. */
export function textsOf(elements: readonly TemplateElement[]): string[] {
  return elements.flatMap((element) => {
    if (element.kind === 'text') {
      // A field is found within one run: the importer joins runs of one look.
      return (Array.isArray(element.text) ? element.text : [element.text]).flatMap((p) =>
        typeof p === 'string' ? [p] : 'runs' in p ? p.runs.map((run) => run.text) : [p.text],
      );
    }
    if (element.kind === 'table') return [...(element.header ?? []), ...element.rows.flat()];
    if (element.kind === 'chart') return element.title ? [element.title] : [];
    return [];
  });
}

/**
 * The elements with each field replaced as the editor chose: a binding (`{{client.name}}`), or
 * kept as written (null). A `{{…}}` kept as written loses one pair of braces, since the template
 * format reads double braces as a binding.
 */
export function applyFieldChoices(
  elements: readonly TemplateElement[],
  choices: Readonly<Record<string, BindingPath | null>>,
): TemplateElement[] {
  const replace = (text: string) =>
    text.replace(fieldPattern, (whole: string) => {
      if (isBinding(whole)) return whole;
      const choice = choices[whole];
      if (choice) return `{{${choice}}}`;
      return whole.startsWith('{{') ? whole.slice(1, -1) : whole;
    });
  return elements.map((element) => {
    if (element.kind === 'text') {
      const text = Array.isArray(element.text)
        ? element.text.map((p) =>
            typeof p === 'string'
              ? replace(p)
              : 'runs' in p
                ? { ...p, runs: p.runs.map((run) => ({ ...run, text: replace(run.text) })) }
                : { ...p, text: replace(p.text) },
          )
        : replace(element.text);
      return { ...element, text };
    }
    if (element.kind === 'table') {
      return {
        ...element,
        ...(element.header ? { header: element.header.map(replace) } : {}),
        rows: element.rows.map((row) => row.map(replace)),
      };
    }
    if (element.kind === 'chart' && element.title)
      return { ...element, title: replace(element.title) };
    return element;
  });
}
