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
