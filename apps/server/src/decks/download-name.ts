/**
 * A safe file name for a download, from the deck title and client: letters, digits, spaces,
 * dots, dashes and underscores only, so no header injection or path tricks get through.
 */
export function downloadFileName(title: string, clientName: string, extension: 'pdf' | 'pptx') {
  const base = `${title} - ${clientName}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/\s{2,}/g, ' ')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .slice(0, 120)
    .trim();
  return `${base || 'deck'}.${extension}`;
}

export function attachmentHeader(fileName: string) {
  return `attachment; filename="${fileName}"`;
}
