import { ApiError } from '../api-error.ts';

/** What a failed library call says to an editor: the server's message, and its fields' messages. */
export function errorText(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  const fields = Object.entries(error.fields);
  if (fields.length === 0) return error.message;
  return fields.map(([field, message]) => `${readableField(field)}: ${message}`).join(' ');
}

/** `document.elements.3.text` → `element 4, text`; `document.category` → `category`. */
export function readableField(field: string): string {
  const parts = field.replace(/^(document|product)\./, '').split('.');
  const words: string[] = [];
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i]!;
    const next = parts[i + 1];
    if (part === 'elements' && next !== undefined && /^\d+$/.test(next)) {
      words.push(`element ${Number(next) + 1}`);
      i += 1;
    } else words.push(part);
  }
  return words.join(', ');
}
