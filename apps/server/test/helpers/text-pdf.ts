/**
 * A small real PDF of plain text lines in Helvetica (Latin-1 only), wrapped to the page and
 * flowing onto as many A4 pages as they need: a deck PDF for tests that read PDFs back.
 */
export function textPdf(lines: readonly string[]): Buffer {
  const pageLines = 58;
  const wrapped = lines.flatMap((line) => wrap(line, 95));
  const pages: string[][] = [];
  for (let i = 0; i < wrapped.length; i += pageLines) pages.push(wrapped.slice(i, i + pageLines));
  if (pages.length === 0) pages.push([]);

  const objects: string[] = [];
  // An object's number is its place in the list, from 1.
  const add = (body: string) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // the page tree, filled in once the pages have numbers
  const font = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  );
  const kids: number[] = [];
  for (const page of pages) {
    const text = page
      .map((line, i) => `${i === 0 ? '' : '0 -13 Td '}(${escape(line)}) Tj`)
      .join('\n');
    const stream = `BT /F1 10 Tf 50 800 Td\n${text}\nET`;
    const content = add(
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    );
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`;

  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const typographic: Record<string, string> = {
  '’': "'",
  '‘': "'",
  '“': '"',
  '”': '"',
  '—': '-',
  '–': '-',
  '…': '...',
};

function escape(line: string) {
  return [...line]
    .map((c) => typographic[c] ?? (c.charCodeAt(0) <= 0xff ? c : '?'))
    .join('')
    .replace(/[\\()]/g, (c) => `\\${c}`);
}

function wrap(line: string, width: number): string[] {
  if (line.length <= width) return [line];
  const out: string[] = [];
  let rest = line;
  while (rest.length > width) {
    const cut = rest.lastIndexOf(' ', width);
    const at = cut > 0 ? cut : width;
    out.push(rest.slice(0, at));
    rest = rest.slice(at).trimStart();
  }
  out.push(rest);
  return out;
}
