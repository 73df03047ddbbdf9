import { describe, expect, it } from 'vitest';
import { faceOf, measureText } from '../layout/fonts.ts';
import { layoutText } from '../layout/text-layout.ts';
import { paragraph, shape, solid, textBox } from './test-fixtures.ts';
import {
  readFixture,
  linesOf,
  textStarting,
  CARLITO_LINE,
  kept,
  type TextElement,
} from './test-slides.ts';

// The PowerPoint reader on small presentations written by hand: bullets' looks, spacing between
// paragraphs, indents, numbering and the stacking of levels.

describe('bullets and numbering', () => {
  it('draws a bullet in the colour and size its paragraph gives it, apart from its words', async () => {
    const bulleted = (text: string, look: string) =>
      paragraph(text, {
        pPr: `<a:pPr marL="285750" indent="-285750">${look}<a:buFont typeface="Arial"/><a:buChar char="•"/></a:pPr>`,
        rPr: 'sz="2000"',
      });
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 400, 300],
          bulleted('Teal', '<a:buClr><a:srgbClr val="1CADE4"/></a:buClr><a:buSzPct val="68000"/>') +
            bulleted('Points', '<a:buSzPts val="1000"/>') +
            bulleted('Plain', '<a:buClrTx/><a:buSzTx/>'),
        ),
      ],
    });
    expect(textStarting(slide!, 'Teal').style).toMatchObject({
      bulletColor: '#1CADE4',
      bulletSize: 0.68,
    });
    expect(textStarting(slide!, 'Points').style.bulletSize).toBe(0.5);
    expect(textStarting(slide!, 'Points').style).not.toHaveProperty('bulletColor');
    expect(textStarting(slide!, 'Plain').style).not.toHaveProperty('bulletColor');
    expect(textStarting(slide!, 'Plain').style).not.toHaveProperty('bulletSize');
  });

  it("draws a bullet that says nothing of its look as its paragraph's first words", async () => {
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 600, 300],
          '<a:p><a:pPr marL="285750" indent="-285750"><a:buChar char="•"/></a:pPr>' +
            `<a:r><a:rPr lang="en-US" sz="3200" b="1">${solid('000000')}</a:rPr><a:t>Level 1</a:t></a:r>` +
            `<a:r><a:rPr lang="en-US" sz="2800">${solid('B9252E')}</a:rPr><a:t>: a longer explanation in red</a:t></a:r></a:p>`,
        ),
      ],
    });
    // Most of the words are red and 28 points: the text's look; the bullet is the first words'.
    expect(textStarting(slide!, 'Level 1: a longer explanation in red').style).toMatchObject({
      size: 28,
      color: '#B9252E',
      bulletColor: '#000000',
      bulletSize: 1.14,
    });
  });

  it('spaces paragraphs as an office suite does: space before in a share of the size, an empty line with its own', async () => {
    const pPr =
      '<a:pPr><a:lnSpc><a:spcPct val="90000"/></a:lnSpc><a:spcBef><a:spcPct val="20000"/></a:spcBef></a:pPr>';
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 600, 300],
          paragraph('First point', {
            pPr,
            rPr: `<a:rPr lang="en-US" sz="2000">${solid('C00000')}</a:rPr>`,
          }) +
            `<a:p>${pPr}<a:endParaRPr lang="en-US" sz="2000"/></a:p>` +
            paragraph('Second point', {
              pPr,
              rPr: `<a:rPr lang="en-US" sz="2000">${solid('0000C0')}</a:rPr>`,
            }),
        ),
      ],
    });
    const first = textStarting(slide!, 'First point');
    const second = textStarting(slide!, 'Second point');
    // A line of 0.9 × 20 pt × Carlito's line (1.22 of its size), then the empty one with its
    // 4 pt before, then 4 pt before.
    const line = kept(0.9 * CARLITO_LINE) * 20;
    expect(second.y - first.y).toBeCloseTo(line + 4 + line + 4, 1);
  });

  it('draws the shrink PowerPoint recorded: type at its scale, lines and the space between paragraphs closer by its reduction', async () => {
    const pPr = (before: string) =>
      `<a:pPr><a:lnSpc><a:spcPct val="90000"/></a:lnSpc><a:spcBef>${before}</a:spcBef></a:pPr>`;
    const [slide] = await readFixture({
      slides: [
        shape({
          id: 5,
          name: 'Content',
          box: [60, 60, 600, 300],
          properties: '<a:prstGeom prst="rect"/>',
          bodyProperties:
            '<a:bodyPr><a:normAutofit fontScale="50000" lnSpcReduction="20000"/></a:bodyPr>',
          paragraphs:
            paragraph('First point', { pPr: pPr('<a:spcPct val="20000"/>'), rPr: 'sz="4000"' }) +
            paragraph('Second point', { pPr: pPr('<a:spcPts val="1000"/>'), rPr: 'sz="4000"' }) +
            paragraph('Third point', { pPr: pPr('<a:spcPct val="20000"/>'), rPr: 'sz="4000"' }),
        }),
      ],
    });
    const first = textStarting(slide!, 'First point');
    const second = textStarting(slide!, 'Second point');
    const third = textStarting(slide!, 'Third point');
    // 40 pt at half: 20 pt; lines at 90 % less a fifth; the space before a fifth less too (as
    // PowerPoint and LibreOffice's fit scale it): 10 pt → 8 pt, 20 % of 20 pt → 3.2 pt.
    expect(first.style.size).toBe(20);
    const line = kept(0.9 * 0.8 * CARLITO_LINE) * 20;
    expect(second.y - first.y).toBeCloseTo(line + 8, 1);
    expect(third.y - second.y).toBeCloseTo(line + 3.2, 1);
  });

  it('says where a paragraph without a bullet hangs its later lines past its first', async () => {
    const hanging = '<a:pPr marL="342900" indent="-342900"><a:buNone/></a:pPr>';
    const reference =
      'Littlejohn, S.W. and Foss, K.A., Theories of human communication (tenth edition), Waveland Press';
    const [long, short] = await readFixture({
      slides: [
        textBox(5, [60, 60, 300, 300], paragraph(reference, { pPr: hanging, rPr: 'sz="2000"' })),
        textBox(5, [60, 60, 300, 300], paragraph('Kotler, Marketing', { pPr: hanging })),
      ],
    });
    const why =
      "a paragraph's later lines hanging past its first without a bullet are set under its first";
    expect(long!.report.notImported).toContainEqual({ kind: 'text', why });
    // One line has no later lines to hang.
    expect(short!.report.notImported).toEqual([]);
  });

  it('gives an empty paragraph that names no size the size the text before it ended in', async () => {
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 600, 400],
          paragraph('Any questions?', { rPr: 'sz="2800"' }) +
            '<a:p><a:endParaRPr/></a:p><a:p><a:endParaRPr/></a:p>' +
            paragraph('Thank you', { rPr: 'sz="2800"' }),
        ),
      ],
    });
    const first = textStarting(slide!, 'Any questions?');
    const last = textStarting(slide!, 'Thank you');
    // Three lines of 28 pt Carlito: the first text's and two empty ones in its size (not 18 pt).
    expect(last.y - first.y).toBeCloseTo(3 * 28 * kept(CARLITO_LINE), 1);
  });

  it('gives an empty paragraph of line breaks a line for each break and one more', async () => {
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 600, 400],
          paragraph('Figure 1', { rPr: 'sz="2000"' }) +
            '<a:p><a:r><a:rPr lang="en-US" sz="2000"/><a:t/></a:r><a:br><a:rPr lang="en-US" sz="2000"/></a:br><a:endParaRPr lang="en-US" sz="2000"/></a:p>' +
            paragraph('Row 1', { rPr: 'sz="2000"' }),
        ),
      ],
    });
    const first = textStarting(slide!, 'Figure 1');
    const last = textStarting(slide!, 'Row 1');
    // The caption's line, then two empty lines, all 20 pt Carlito.
    expect(last.y - first.y).toBeCloseTo(3 * 20 * kept(CARLITO_LINE), 1);
  });

  it('centres unwrapped text in a shape that grows to fit it, each paragraph aligned in it', async () => {
    const unwrapped = (id: number, y: number, fit: string, paragraphs: string) =>
      shape({
        id,
        name: `TextBox ${id}`,
        box: [0, y, 960, 40],
        properties: '<a:prstGeom prst="rect"/><a:noFill/>',
        bodyProperties: `<a:bodyPr wrap="none">${fit}</a:bodyPr>`,
        paragraphs,
      });
    const [slide] = await readFixture({
      slides: [
        // Saved wider than its words (as a converter leaves it): drawn at its words' width,
        // centred, the shorter paragraph flush left with the longer one.
        unwrapped(
          5,
          40,
          '<a:spAutoFit/>',
          paragraph('A longer first line', { rPr: 'sz="2000"' }) +
            paragraph('Short', { rPr: `sz="2000">${solid('C00000')}</a:rPr` }),
        ) +
          // Not grown to fit: the words start at the shape's left inset.
          unwrapped(6, 300, '<a:noAutofit/>', paragraph('Stays left', { rPr: 'sz="2000"' })),
      ],
    });
    const longer = textStarting(slide!, 'A longer first line');
    const short = textStarting(slide!, 'Short');
    const width = measureText('A longer first line', faceOf('Carlito', 'regular'), 20);
    expect(longer.x).toBeCloseTo(480 - width / 2, 0);
    expect(short.x).toBeCloseTo(longer.x, 1);
    expect(short.style.color).toBe('#C00000');
    expect(textStarting(slide!, 'Stays left').x).toBeCloseTo(7.2, 1);
  });

  it('indents a paragraph by the spaces it opens with, and a bulleted one from its bullet', async () => {
    const bulleted = (text: string) =>
      paragraph(text, {
        pPr: '<a:pPr><a:buFont typeface="Arial"/><a:buChar char="•"/></a:pPr>',
        rPr: 'sz="2000"',
      });
    const arial = '<a:rPr lang="en-US" sz="2000"><a:latin typeface="Arial"/></a:rPr>';
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 600, 300],
          paragraph('Flush', { rPr: arial }) +
            paragraph('     Five spaces in', { rPr: arial }) +
            bulleted('Bulleted') +
            bulleted('   Further from its bullet'),
        ),
      ],
    });
    const flush = textStarting(slide!, 'Flush');
    const indented = textStarting(slide!, 'Five spaces in');
    // Five spaces of Arimo (0.278 em each) at 20 pt.
    expect(indented.x - flush.x).toBeCloseTo(5 * 0.278 * 20, 0);
    const near = textStarting(slide!, 'Bulleted');
    const far = textStarting(slide!, 'Further from its bullet');
    expect(far.x).toBeCloseTo(near.x, 1);
    // Three spaces of the theme's body font (Carlito, 0.227 em) after the usual gap.
    expect((far.style.bulletIndent! - near.style.bulletIndent!) * 20).toBeCloseTo(
      3 * 0.227 * 20,
      0,
    );
  });

  it('measures opening spaces in their own size, and keeps words spaced apart with spaces', async () => {
    const run = (size: number, text: string) =>
      `<a:r><a:rPr lang="en-US" sz="${size}"><a:latin typeface="Arial"/></a:rPr><a:t>${text}</a:t></a:r>`;
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 600, 300],
          `<a:p>${run(3200, 'Flush')}</a:p>` +
            `<a:p>${run(1000, '     ')}${run(3200, 'Title')}</a:p>` +
            `<a:p>${run(1400, 'Pedagogic Skill          Relationship Skills')}</a:p>`,
        ),
      ],
    });
    const flush = textStarting(slide!, 'Flush');
    // Five spaces of Arimo (0.278 em each) at 10 pt, not at the title's 32.
    expect(textStarting(slide!, 'Title').x - flush.x).toBeCloseTo(5 * 0.278 * 10, 0);
    const spaced = textStarting(slide!, 'Pedagogic Skill          Relationship Skills');
    expect(spaced.style.keepSpaces).toBe(true);
    expect(flush.style.keepSpaces).toBeUndefined();
  });

  it('keeps a soft return as a line break inside its paragraph, under one bullet', async () => {
    const pPr = '<a:pPr marL="285750" indent="-285750"><a:buChar char="•"/></a:pPr>';
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 400, 200],
          `<a:p>${pPr}<a:r><a:rPr lang="en-US" sz="1800"/><a:t>Passwords</a:t></a:r><a:br/>` +
            '<a:r><a:rPr lang="en-US" sz="1800"/><a:t>—but users forget them</a:t></a:r></a:p>',
        ),
      ],
    });
    const list = textStarting(slide!, 'Passwords\u2028—but users forget them');
    expect(list.text).toEqual(['Passwords\u2028—but users forget them']);
    expect(list.style.bullets).toBe(true);
  });

  it('numbers auto-numbered paragraphs, each label hanging before its text', async () => {
    const numbered = (text: string) =>
      paragraph(text, {
        pPr: '<a:pPr marL="342900" indent="-342900"><a:buAutoNum type="arabicPeriod"/></a:pPr>',
      });
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 400, 200],
          ['Sign the order', 'Schedule the kickoff', 'Go live'].map(numbered).join(''),
        ),
      ],
    });
    const list = textStarting(slide!, 'Sign the order');
    expect(linesOf(list)).toEqual(['Sign the order', 'Schedule the kickoff', 'Go live']);
    expect(list.style).toMatchObject({
      bullets: true,
      numbering: { scheme: 'arabicPeriod' },
      // 342,900 EMU: 27 pt, at 18 pt.
      bulletIndent: 1.5,
    });
    // The engine draws the labels where PowerPoint does: at the margin, the text 27 pt on.
    const laid = layoutText({
      ...list,
      ...list.style,
      color: '000000',
      text: list.text as string[],
      family: list.style.font,
    });
    expect(laid.lines.map((line) => line.label)).toEqual(['1.', '2.', '3.']);
    expect(laid.lines[0]!.x - laid.lines[0]!.bulletX!).toBeCloseTo(27, 1);
  });

  it('numbers on from where a list split by an empty line left off', async () => {
    const numbered = (text: string) =>
      paragraph(text, {
        pPr: '<a:pPr marL="342900" indent="-342900"><a:buAutoNum type="arabicParenR"/></a:pPr>',
      });
    const empty =
      '<a:p><a:pPr marL="342900" indent="-342900"><a:buAutoNum type="arabicParenR"/></a:pPr></a:p>';
    const [slide] = await readFixture({
      slides: [textBox(5, [60, 60, 400, 200], numbered('First') + empty + numbered('Second'))],
    });
    expect(textStarting(slide!, 'First').style.numbering).toEqual({ scheme: 'arabicParenR' });
    expect(textStarting(slide!, 'Second').style.numbering).toEqual({
      scheme: 'arabicParenR',
      startAt: 2,
    });
  });

  it('restarts the numbering of a deeper level after a paragraph above it', async () => {
    const numbered = (text: string, level: number, scheme: string) =>
      paragraph(text, {
        pPr: `<a:pPr lvl="${level}" marL="${342900 * (level + 1)}" indent="-342900"><a:buAutoNum type="${scheme}"/></a:pPr>`,
      });
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 500, 300],
          numbered('One', 0, 'arabicPeriod') +
            numbered('sub x', 1, 'alphaLcPeriod') +
            numbered('Two', 0, 'arabicPeriod') +
            numbered('sub y', 1, 'alphaLcPeriod'),
        ),
      ],
    });
    const texts = slide!.elements.filter((e): e is TextElement => e.kind === 'text');
    expect(texts.map((text) => [linesOf(text), text.style.numbering])).toEqual([
      [['One'], { scheme: 'arabicPeriod' }],
      [['sub x'], { scheme: 'alphaLcPeriod' }],
      [['Two'], { scheme: 'arabicPeriod', startAt: 2 }],
      [['sub y'], { scheme: 'alphaLcPeriod' }],
    ]);
  });

  it('keeps a deeper level in one text when its spacing differs from the level above', async () => {
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 500, 300],
          paragraph('Overview', {
            pPr: '<a:pPr><a:spcBef><a:spcPts val="1000"/></a:spcBef></a:pPr>',
          }) +
            ['First detail', 'Second detail']
              .map((text) =>
                paragraph(text, {
                  pPr: '<a:pPr lvl="1" marL="457200"><a:spcBef><a:spcPts val="500"/></a:spcBef></a:pPr>',
                }),
              )
              .join(''),
        ),
      ],
    });
    const texts = slide!.elements.filter((e): e is TextElement => e.kind === 'text');
    expect(texts.map(linesOf)).toEqual([['Overview'], ['First detail', 'Second detail']]);
  });

  it('stacks levels of different sizes as separate texts, top to bottom', async () => {
    const [slide] = await readFixture({
      slides: [
        shape({
          id: 3,
          placeholder: { idx: 1 },
          paragraphs:
            paragraph('Revenue grew') +
            paragraph('Costs fell') +
            paragraph('In every region', { pPr: '<a:pPr lvl="1"/>' }) +
            paragraph('Mostly in freight', { pPr: '<a:pPr lvl="1"/>' }),
        }),
      ],
    });
    const texts = slide!.elements.filter((e): e is TextElement => e.kind === 'text');
    expect(texts.flatMap(linesOf)).toEqual([
      'Revenue grew',
      'Costs fell',
      'In every region',
      'Mostly in freight',
    ]);
    const first = textStarting(slide!, 'Revenue grew');
    const second = textStarting(slide!, 'In every region');
    expect(linesOf(first)).toEqual(['Revenue grew', 'Costs fell']);
    // The master's body style: 28 pt at the first level, 20 pt at the second, indented 36 pt.
    expect([first.style.size, second.style.size]).toEqual([28, 20]);
    expect(second.x - first.x).toBeCloseTo(36, 1);
    // Each text starts below the one before it ends.
    texts.slice(1).forEach((text, i) => {
      expect(text.y).toBeGreaterThanOrEqual(texts[i]!.y + texts[i]!.h);
    });
  });
});
