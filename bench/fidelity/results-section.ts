const START = '<!-- pptx-fidelity:start -->';
const END = '<!-- pptx-fidelity:end -->';

/**
 * The document with the fidelity section (between its marker comments) replaced by `body`, or
 * appended when it has none yet; nothing else in the document changes.
 */
export function replaceFidelitySection(document: string, body: string): string {
  const section = `${START}\n${body.trim()}\n${END}`;
  const start = document.indexOf(START);
  const end = document.indexOf(END, start);
  if (start !== -1 && end !== -1) {
    return document.slice(0, start) + section + document.slice(end + END.length);
  }
  const separator = document === '' ? '' : document.endsWith('\n') ? '\n' : '\n\n';
  return `${document}${separator}${section}\n`;
}

/** The fidelity section of a document, markers included, or `null` when it has none. */
export function fidelitySectionOf(document: string): string | null {
  const start = document.indexOf(START);
  const end = document.indexOf(END, start);
  return start !== -1 && end !== -1 ? document.slice(start, end + END.length) : null;
}
