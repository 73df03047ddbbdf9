import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureText } from '../src/layout/fonts.ts';
import type { Deck, StyledSpan, TextElement } from '../src/layout/model.ts';
import { layoutText } from '../src/layout/text-layout.ts';
import { renderDeck, type RenderedDeck } from '../src/render/render-deck.ts';
import { pdfToPngs, svgToPng } from './rasterize.ts';

// Words of a paragraph styled apart from the rest (an imported "**Caring** about students"): laid
// out with their own widths, and drawn in their own looks in the web view, the PDF and the PPTX.

const spans: StyledSpan[] = [
  { text: 'Caring', style: { weight: 'bold', italic: true } },
  { text: ' about students in the ', style: {} },
  { text: '21', style: { color: 'C00000' } },
  { text: 'st', style: { color: 'C00000', script: 'super' } },
  { text: ' century (', style: {} },
  { text: 'Encouragement', style: { underline: true } },
  { text: ')', style: {} },
];
const plain = spans.map((span) => span.text).join('');
const base = { x: 60, y: 60, h: 200, size: 24, color: '000000' };

describe('a paragraph with words styled apart', () => {
  it('is measured with each style’s own widths: a bold word takes more room', () => {
    const words = 'Caring about students';
    const w = measureText(words, 'regular', 24) + 2;
    expect(layoutText({ ...base, w, text: [words] }).lines).toHaveLength(1);
    const bold: StyledSpan[] = [
      { text: 'Caring', style: { weight: 'bold' } },
      { text: ' about students', style: {} },
    ];
    const styled = layoutText({ ...base, w, text: [bold] });
    expect(styled.lines.map((line) => line.text)).toEqual(['Caring about', 'students']);
  });

  it('lays each style out as a run with its look: colour, a raised smaller script, an underline', () => {
    const text = layoutText({ ...base, w: 900, text: [spans] });
    const [line] = text.lines;
    const runs = line!.runs!;
    expect(runs.map((run) => run.text).join('')).toBe(plain);
    const run = (words: string) => runs.find((r) => r.text === words)!;
    expect(run('Caring').face).not.toBe(run(' about students in the ').face);
    expect(run('21').look).toEqual({ color: 'C00000', size: 24, rise: 0, underline: false });
    expect(run('st').look!.size).toBeLessThan(20);
    expect(run('st').look!.rise).toBeGreaterThan(5);
    expect(run('Encouragement').look!.underline).toBe(true);
    // Runs follow one another along the line, left to right.
    for (let i = 1; i < runs.length; i += 1) expect(runs[i]!.x).toBeGreaterThan(runs[i - 1]!.x);
    expect(text.spans?.[0]?.map((span) => span.text).join('')).toBe(plain);
  });

  it('keeps the empty line a soft return at a paragraph’s end leaves', () => {
    const text = layoutText({ ...base, w: 900, text: ['First\u2028', 'Second'] });
    expect(text.lines.map((line) => line.text)).toEqual(['First', '', 'Second']);
  });
});

describe('styled words in each output', () => {
  const dir = mkdtempSync(join(tmpdir(), 'deck-portal-styled-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let text: TextElement;
  let rendered: RenderedDeck;

  beforeAll(async () => {
    text = layoutText({ ...base, w: 900, text: [spans, 'A plain second paragraph'] });
    const deck: Deck = {
      title: 'Styled words',
      clientName: 'Alpha Foods',
      date: '2026-05-01',
      author: 'Dana Reyes',
      company: 'Deck Portal',
      slides: [
        { id: 'styled', kind: 'custom', title: 'Styled', background: 'FFFFFF', elements: [text] },
      ],
      warnings: [],
    };
    rendered = await renderDeck(deck);
  });

  /** Whether some pixel in the run's box is red, in a page drawn 960 pixels wide. */
  function hasRedIn(png: PNG, words: string): boolean {
    const line = text.lines[0]!;
    const run = line.runs!.find((r) => r.text === words)!;
    for (let x = Math.ceil(run.x); x < run.x + 20; x += 1) {
      for (let y = Math.round(line.baseline - 16); y < line.baseline; y += 1) {
        const i = (y * png.width + x) * 4;
        if (png.data[i]! > 150 && png.data[i + 1]! < 90 && png.data[i + 2]! < 90) return true;
      }
    }
    return false;
  }

  it('draws the red words red and the rest black, in the web view and the PDF', async () => {
    const pages = [
      PNG.sync.read(await svgToPng(rendered.svgs[0]!, 960)),
      PNG.sync.read((await pdfToPngs(rendered.pdf, 960, [1]))[0]!),
    ];
    for (const [i, page] of pages.entries()) {
      const output = i === 0 ? 'SVG' : 'PDF';
      expect(hasRedIn(page, '21'), `${output}: red figure`).toBe(true);
      expect(hasRedIn(page, 'Caring'), `${output}: black word`).toBe(false);
    }
  });

  it('keeps every word readable in the PDF, in order', () => {
    const file = join(dir, 'styled.pdf');
    writeFileSync(file, rendered.pdf);
    const words = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(words.replace(/\s+/g, ' ')).toContain('Caring about students in the');
    expect(words).toContain('(Encouragement)');
    expect(words).toContain('A plain second paragraph');
  });

  it('writes each run with its look in the PPTX, one paragraph as one', () => {
    const xml = strFromU8(unzipSync(new Uint8Array(rendered.pptx))['ppt/slides/slide1.xml']!);
    const paragraphs = xml.match(/<a:p>[\s\S]*?<\/a:p>/g)!;
    expect(paragraphs).toHaveLength(2);
    const [first, second] = paragraphs;
    const runOf = (words: string) =>
      new RegExp(`<a:r><a:rPr[^>]*>(?:(?!</a:rPr>).)*</a:rPr><a:t>${words}</a:t></a:r>`).exec(
        first!,
      )?.[0] ?? '';
    expect(runOf('Caring')).toMatch(/ b="1"/);
    expect(runOf('Caring')).toMatch(/ i="1"/);
    expect(runOf(' about students in the ')).not.toMatch(/ b="1"| i="1"/);
    expect(runOf('21')).toContain('<a:srgbClr val="C00000"');
    expect(runOf('st')).toMatch(/ baseline="30000"/);
    expect(runOf('Encouragement')).toMatch(/ u="sng"/);
    expect(runOf('\\)')).not.toMatch(/ u="sng"/);
    expect(second).toContain('<a:t>A plain second paragraph</a:t>');
  });
});

describe('numbered paragraphs in each output', () => {
  it('draws the labels in the PDF and writes PowerPoint numbering, each from its number', async () => {
    const list = layoutText({
      ...base,
      w: 600,
      text: ['Sign the order', '', 'Go live'],
      bullets: true,
      bulletIndent: 1.5,
      numbering: { scheme: 'arabicPeriod', startAt: 4 },
    });
    const deck: Deck = {
      title: 'Numbers',
      clientName: 'Alpha Foods',
      date: '2026-05-01',
      author: 'Dana Reyes',
      company: 'Deck Portal',
      slides: [
        { id: 'n', kind: 'custom', title: 'Numbers', background: 'FFFFFF', elements: [list] },
      ],
      warnings: [],
    };
    const { pdf, pptx, svgs } = await renderDeck(deck);
    const dir = mkdtempSync(join(tmpdir(), 'deck-portal-numbers-'));
    try {
      writeFileSync(join(dir, 'n.pdf'), pdf);
      const words = execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'n.pdf'), '-'], {
        encoding: 'utf8',
      });
      expect(words).toMatch(/4\.\s+Sign the order/);
      expect(words).toMatch(/5\.\s+Go live/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(svgs[0]).toContain('aria-label="Sign the order');
    const xml = strFromU8(unzipSync(new Uint8Array(pptx))['ppt/slides/slide1.xml']!);
    expect(xml).toContain('<a:buAutoNum type="arabicPeriod" startAt="4"/>');
    expect(xml).toContain('<a:buAutoNum type="arabicPeriod" startAt="5"/>');
  });
});
