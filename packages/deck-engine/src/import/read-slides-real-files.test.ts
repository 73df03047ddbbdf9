import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openPptxPackage } from './pptx-package.ts';
import { readSlides } from './read-slides.ts';
import type { ReadSlide } from './slide-read.ts';
import { linesOf, type TextElement } from './test-slides.ts';

// The PowerPoint reader on real files kept in the repository (test-fixtures/pptx, see its
// SOURCES.md): what hand-written files could get wrong the way PowerPoint writes it.

const fixturesDir = fileURLToPath(new URL('../../test-fixtures/pptx/', import.meta.url));

async function readRealFile(name: string): Promise<ReadSlide[]> {
  const opened = openPptxPackage(readFileSync(`${fixturesDir}${name}`));
  if (!opened.ok) throw new Error(`${name}: ${opened.reason}`);
  return (await readSlides(opened.package)).slides;
}

const texts = (slide: ReadSlide) =>
  slide.elements.filter((e): e is TextElement => e.kind === 'text');

describe("a SmartArt diagram's drawing", () => {
  it('draws the words of shapes turned 180° upright, as their text boxes turn them back', async () => {
    // Slide 9: four arrows pointing left (a home plate turned 180°), each text box turned 180°
    // more (`dsp:txXfrm rot="10800000"`).
    const slides = await readRealFile('ae.ac.uaeu.faculty_nafaachbili_GeomLec1.pptx');
    const words = texts(slides[8]!).filter((t) => /^\d- /.test(linesOf(t)[0] ?? ''));
    expect(words.map((t) => linesOf(t)[0]!.slice(0, 2))).toEqual(['1-', '2-', '3-', '4-']);
    for (const text of words) expect(text.rotation ?? 0).toBe(0);
    // The arrows themselves stay turned.
    const arrows = slides[8]!.elements.filter((e) => e.kind === 'path' && e.rotation === 180);
    expect(arrows).toHaveLength(4);
  });
});

describe('a table of bulleted cells', () => {
  it("keeps each cell paragraph's bullet, level and margin", async () => {
    const slides = await readRealFile(
      'au.asn.aes.www_conferences_2011_presentations_Fri_20Room4Level4_20930_20Maloney.pptx',
    );
    // Slide 9: a cell of four sub-points under "Product" and four under "Promotion".
    const table = slides[8]!.elements.find((e) => e.kind === 'table');
    if (table?.kind !== 'table') throw new Error('slide 9 has no table');
    const all = [...(table.header ? [table.header] : []), ...table.rows];
    const r = all.findIndex((row) => row.some((cell) => cell.startsWith('Product\n')));
    const c = all[r]!.findIndex((cell) => cell.startsWith('Product\n'));
    const lines = all[r]![c]!.split('\n');
    const lists = table.cellParagraphs?.[r]?.[c];
    expect(lists).toHaveLength(lines.length);
    // marL 171450 and 628650 EMU, each hung 171450 EMU: 13.5 and 49.5 pt, hung 13.5 pt (the
    // 4:3 slide is placed on ours at its own scale, its height the same).
    expect(lines[0]).toBe('Product');
    expect(lists![0]).toEqual({ indent: 13.5, bullet: '•', hanging: 13.5 });
    expect(lines[1]).toMatch(/^How can we best/);
    expect(lists![1]).toEqual({ indent: 49.5, bullet: '•', hanging: 13.5 });
    // The heading cells beside them have no lists.
    expect(table.cellParagraphs?.[0]?.[0]).toBeNull();
  });
});
