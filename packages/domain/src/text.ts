import { z } from 'zod';

/**
 * What text the portal accepts, decided once for every form and route: any character a person
 * can type in any script, emoji included, but no control characters (the C0 and C1 ranges and
 * DEL; tab and line breaks only where the field takes several lines), no unpaired UTF-16
 * surrogates (half an emoji, which no database encoding can hold) and no noncharacters.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/;
const lineBreakOrTab = /[\t\n\r]/;
const unpairedSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type TextProblem = 'control_character' | 'line_break' | 'broken_character';

/** Why a text may not be stored, or undefined when it may. */
export function findTextProblem(
  value: string,
  { isMultiline = false }: { isMultiline?: boolean } = {},
): TextProblem | undefined {
  if (unpairedSurrogate.test(value)) return 'broken_character';
  if (controlCharacter.test(value)) return 'control_character';
  if (!isMultiline && lineBreakOrTab.test(value)) return 'line_break';
  return undefined;
}

export function textProblemMessage(label: string, problem: TextProblem): string {
  switch (problem) {
    case 'broken_character':
      return `${label} contains a damaged character (half of an emoji or symbol). Retype it and try again.`;
    case 'line_break':
      return `${label} must be on one line.`;
    case 'control_character':
      return `${label} contains an invisible control character. Remove it and try again.`;
  }
}

/**
 * A string schema that refuses what `findTextProblem` refuses, with a message naming the
 * field. Checks run before any trimming, so a stray control character at either end is
 * reported rather than silently kept or dropped.
 */
export function plainText(
  label: string,
  options: { isMultiline?: boolean; requiredMessage?: string } = {},
) {
  const notText = options.requiredMessage ?? `${label} must be text.`;
  return z
    .string({ error: (issue) => (issue.input === undefined ? notText : `${label} must be text.`) })
    .superRefine((value, ctx) => {
      const problem = findTextProblem(value, options);
      if (problem) ctx.addIssue({ code: 'custom', message: textProblemMessage(label, problem) });
    });
}

type Step = { key: string; parent: Step | undefined };

function pathOf(step: Step | undefined): string {
  const keys: string[] = [];
  for (let at = step; at !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.') || '_';
}

/**
 * Whether a value is bytes or a stream of them (the Buffer of a file sent as the raw request
 * body, any typed array, an ArrayBuffer, a Node or web stream), not parsed text. Walking its
 * entries would make one pair per byte, on the request thread: a 10 MB upload held every other
 * request up for 19 seconds and grew the process by a gigabyte.
 */
function isBytes(value: object): boolean {
  return (
    ArrayBuffer.isView(value) ||
    value instanceof ArrayBuffer ||
    value instanceof SharedArrayBuffer ||
    Symbol.asyncIterator in value
  );
}

/**
 * Finds the first string anywhere in a parsed JSON value that may not be stored, with its path.
 * Walks with its own stack (each entry points at its parent, so no path is copied), so a body
 * nested thousands of levels deep neither overflows nor slows it.
 */
export function findTextProblemIn(
  value: unknown,
): { path: string; problem: TextProblem } | undefined {
  const pending: { value: unknown; step: Step | undefined }[] = [{ value, step: undefined }];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    if (typeof item.value === 'string') {
      // Any field may hold line breaks as far as this net is concerned; the field's own
      // schema says whether it is one line.
      const problem = findTextProblem(item.value, { isMultiline: true });
      if (problem) return { path: pathOf(item.step), problem };
      continue;
    }
    if (item.value === null || typeof item.value !== 'object' || isBytes(item.value)) continue;
    const entries = Object.entries(item.value);
    // Pushed in reverse, so the first field is looked at first.
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, child] = entries[index]!;
      const step = { key, parent: item.step };
      const keyProblem = findTextProblem(key, { isMultiline: true });
      if (keyProblem) return { path: pathOf(step), problem: keyProblem };
      pending.push({ value: child, step });
    }
  }
  return undefined;
}
