// The import's browser test's file: a real presentation from the shared corpus, edited to hold
// a field and a link (library.spec.ts imports it).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { expect } from '../fixtures.ts';

/** The shared corpus of real PowerPoint files, beside the project (or where PPTX_CORPUS says). */
export const corpus =
  process.env.PPTX_CORPUS ?? resolve(import.meta.dirname, '../../../shared/pptx-corpus');

/** Where the words "2012-13 — Transitional review" on the edited aptia's slide 2 link to. */
export const reviewAddress = 'https://www.fwc.gov.au/transitional-review';

/**
 * A copy of the corpus's aptia.pptx whose title slide reads `{{Client Name}}`, and whose second
 * slide links one line to a web page (zip edits).
 */
export function aptiaWithField(): Buffer {
  const parts = unzipSync(new Uint8Array(readFileSync(join(corpus, 'aptia.pptx'))));
  const slide = strFromU8(parts['ppt/slides/slide1.xml']!);
  expect(slide).toContain('Senior Deputy President Acton');
  parts['ppt/slides/slide1.xml'] = strToU8(
    slide.replace('Senior Deputy President Acton', '{{Client Name}}'),
  );
  const overview = strFromU8(parts['ppt/slides/slide2.xml']!);
  const linked = overview.replace(
    /(<a:rPr [^>]*>(?:(?!<\/a:rPr>).)*)(<\/a:rPr><a:t>2012-13 — Transitional review<\/a:t>)/,
    '$1<a:hlinkClick r:id="rIdReview"/>$2',
  );
  expect(linked).not.toBe(overview);
  parts['ppt/slides/slide2.xml'] = strToU8(linked);
  parts['ppt/slides/_rels/slide2.xml.rels'] = strToU8(
    strFromU8(parts['ppt/slides/_rels/slide2.xml.rels']!).replace(
      '</Relationships>',
      `<Relationship Id="rIdReview" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${reviewAddress}" TargetMode="External"/></Relationships>`,
    ),
  );
  return Buffer.from(zipSync(parts));
}
