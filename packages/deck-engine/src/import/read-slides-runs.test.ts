import { describe, expect, it } from 'vitest';
import { templateElementSchema } from '@deck-portal/domain';
import { faceOf, measureText } from '../layout/fonts.ts';
import { layoutText } from '../layout/text-layout.ts';
import { fixtureColors, paragraph, shape, solid, textBox } from './test-fixtures.ts';
import { readFixture, linesOf, textStarting, type TextElement } from './test-slides.ts';

// The PowerPoint reader on small presentations written by hand: bullets, tabs, and words styled
// apart within a paragraph (slant, rise, font, weight, links).

describe('bullets and numbering', () => {
  it('shows bullet-character paragraphs as a bulleted text', async () => {
    const bulleted = (text: string) =>
      paragraph(text, {
        pPr: '<a:pPr marL="285750" indent="-285750"><a:buFont typeface="Arial"/><a:buChar char="•"/></a:pPr>',
        rPr: 'sz="1800"',
      });
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 400, 200],
          ['Fast setup', 'Clear pricing', 'Local support'].map(bulleted).join(''),
        ),
      ],
    });
    expect(slide!.elements).toHaveLength(1);
    const list = textStarting(slide!, 'Fast setup');
    expect(linesOf(list)).toEqual(['Fast setup', 'Clear pricing', 'Local support']);
    expect(list.style).toMatchObject({ size: 18, bullets: true });
  });

  it('indents the levels of a file that sets no margins as LibreOffice, which wrote it, shows them', async () => {
    const bulleted = (text: string, level: number) =>
      paragraph(text, {
        pPr: `<a:pPr lvl="${level}"><a:buFont typeface="Arial"/><a:buChar char="•"/></a:pPr>`,
        rPr: 'sz="2800"',
      });
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 600, 300],
          bulleted('First level', 0) + bulleted('Second level', 1) + bulleted('Back out', 0),
        ),
      ],
    });
    const first = textStarting(slide!, 'First level');
    const second = textStarting(slide!, 'Second level');
    // 0.6 cm a level, and the words 0.6 cm past their bullet, at any size.
    const step = (0.6 / 2.54) * 72;
    expect(second.x - first.x).toBeCloseTo(step, 1);
    expect(first.style.bulletIndent! * 28).toBeCloseTo(step, 0);
    expect(second.style.bulletIndent! * 28).toBeCloseTo(step, 0);
    expect(textStarting(slide!, 'Back out').x).toBeCloseTo(first.x, 1);
  });

  it('sets a bullet without a hanging indent just before its words, its later lines under it', async () => {
    const bulleted = (text: string, indent: string) =>
      paragraph(text, {
        pPr: `<a:pPr ${indent}><a:buFont typeface="Arial"/><a:buChar char="•"/></a:pPr>`,
        rPr: 'sz="2000"',
      });
    const [slide] = await readFixture({
      slides: [
        textBox(5, [60, 60, 400, 100], bulleted('No hanging indent', 'marL="0" indent="0"')) +
          textBox(
            6,
            [60, 200, 400, 100],
            bulleted('Hanging indent', 'marL="285750" indent="-285750"'),
          ),
      ],
    });
    const flush = textStarting(slide!, 'No hanging indent');
    expect(flush.style).toMatchObject({ bullets: true, wrapUnderBullet: true });
    // The words follow the bullet by its own width, not by an indent.
    expect(flush.style.font).toBe('Carlito');
    const bullet = measureText('•', faceOf('Carlito', 'regular'), 20) / 20;
    expect(flush.style.bulletIndent).toBeCloseTo(bullet, 2);
    const hanging = textStarting(slide!, 'Hanging indent');
    expect(hanging.style.wrapUnderBullet).toBeUndefined();
    expect(hanging.style.bulletIndent).toBeCloseTo(22.5 / 20, 2);
  });

  it("keeps a paragraph's direction where the file sets it apart from its words", async () => {
    const bulleted = (text: string, rtl: string) =>
      paragraph(text, {
        pPr: `<a:pPr marL="285750" indent="-285750"${rtl}><a:buChar char="•"/></a:pPr>`,
        rPr: 'sz="2000"',
      });
    const [slide] = await readFixture({
      slides: [
        textBox(5, [60, 40, 500, 60], bulleted('PowerPoint عرض تقديمي', ' rtl="1"')) +
          textBox(6, [60, 120, 500, 60], bulleted('عرض تقديمي', ' rtl="0"')) +
          textBox(7, [60, 200, 500, 60], bulleted('حلول متكاملة', ' rtl="1"')) +
          textBox(8, [60, 280, 500, 60], bulleted('Plain words', '')),
      ],
    });
    const style = (start: string) => textStarting(slide!, start).style;
    // A right-to-left paragraph that opens with a Latin word, and an Arabic one set left to right.
    expect(style('PowerPoint عرض تقديمي').rightToLeft).toBe(true);
    expect(style('عرض تقديمي').rightToLeft).toBe(false);
    // Where the file and the words agree, nothing is written.
    expect(style('حلول متكاملة')).not.toHaveProperty('rightToLeft');
    expect(style('Plain words')).not.toHaveProperty('rightToLeft');
  });

  it('sets words after a tab at the stop PowerPoint moves them to', async () => {
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 500, 100],
          paragraph('Price:\t500', { rPr: 'sz="1800"' }) +
            paragraph('Total\t1,250', {
              pPr: '<a:pPr><a:tabLst><a:tab pos="3810000" algn="r"/></a:tabLst></a:pPr>',
              rPr: 'sz="1800"',
            }),
        ),
      ],
    });
    // The tabs stay in the text, the stops in its style, for the PPTX and for editing.
    const price = textStarting(slide!, 'Price:\t500');
    const total = textStarting(slide!, 'Total\t1,250');
    expect(price.style.tabStops).toBeUndefined();
    expect(price.style.tabSize).toBe(72);
    expect(total.style.tabStops).toEqual([{ at: 300, align: 'right' }]);
    for (const element of [price, total]) {
      expect(templateElementSchema.safeParse(element).error).toBeUndefined();
    }
    // The engine sets them where PowerPoint does: drawn with spaces and hair spaces, within a point.
    const face = faceOf('Carlito', 'regular');
    const lineOf = (element: TextElement) =>
      layoutText({
        ...element,
        ...element.style,
        color: '000000',
        text: element.text as string[],
        family: element.style.font,
      }).lines[0]!.text;
    // The next default stop, an inch (72 points) from the box's inset.
    expect(lineOf(price)).toMatch(/^Price:[ \u200a]{2,}500$/);
    const priceGap = measureText(lineOf(price).replace(/500$/, ''), face, 18);
    expect(Math.abs(priceGap - 72)).toBeLessThan(1);
    // A right-aligned stop at 300 points: the figure ends there.
    expect(lineOf(total)).toMatch(/^Total[ \u200a]{2,}1,250$/);
    expect(Math.abs(measureText(lineOf(total), face, 18) - 300)).toBeLessThan(1);
  });

  it('counts default tab stops from the inset for a text set in from it', async () => {
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 500, 100],
          paragraph('Indented\tnext', {
            pPr: '<a:pPr marL="254000" defTabSz="457200"/>',
            rPr: 'sz="1800"',
          }),
        ),
      ],
    });
    // 20 points in: PowerPoint's stops at 36, 72… points from the inset are 16, 52… from the text.
    const text = textStarting(slide!, 'Indented\tnext');
    expect(text.style.tabSize).toBe(36);
    expect(text.style.tabStops?.slice(0, 3)).toEqual([
      { at: 16, align: 'left' },
      { at: 52, align: 'left' },
      { at: 88, align: 'left' },
    ]);
    expect(text.style.tabStops?.at(-1)!.at).toBeLessThan(500 - 14.4 - 20);
  });

  it('keeps italic and underlined paragraphs so, and words styled apart as runs of their own', async () => {
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 400, 200],
          paragraph('Leaning words', { rPr: 'sz="1800" i="1" u="sng"' }) +
            paragraph('Upright words', { rPr: 'sz="1800"' }) +
            '<a:p><a:r><a:rPr lang="en-US" sz="1800" b="1"/><a:t>Level 1:</a:t></a:r>' +
            '<a:r><a:rPr lang="en-US" sz="1800"/><a:t> user name </a:t></a:r>' +
            // Two runs of one look (PowerPoint splits runs for spelling marks) are one.
            '<a:r><a:rPr lang="en-US" sz="1800" err="1"/><a:t>and </a:t></a:r>' +
            `<a:r><a:rPr lang="en-US" sz="1800" u="sng">${solid('C00000')}</a:rPr><a:t>password</a:t></a:r></a:p>`,
        ),
      ],
    });
    expect(textStarting(slide!, 'Leaning words').style).toMatchObject({
      italic: true,
      underline: true,
    });
    const upright = textStarting(slide!, 'Upright words');
    expect(upright.style.italic).toBeUndefined();
    expect(linesOf(upright)).toEqual(['Upright words', 'Level 1: user name and password']);
    expect((upright.text as unknown[])[1]).toEqual({
      runs: [
        { text: 'Level 1:', weight: 'bold' },
        { text: ' user name and ' },
        { text: 'password', underline: true, color: '#C00000' },
      ],
    });
    expect(slide!.report.notImported).toEqual([]);
    // Each element is valid in the template format.
    for (const element of slide!.elements) {
      expect(templateElementSchema.safeParse(element).error).toBeUndefined();
    }
  });

  it('raises a superscript and lowers a subscript; words in another size keep it', async () => {
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 400, 100],
          '<a:p><a:r><a:rPr lang="en-US" sz="1800"/><a:t>The 21</a:t></a:r>' +
            '<a:r><a:rPr lang="en-US" sz="1800" baseline="30000"/><a:t>st</a:t></a:r>' +
            '<a:r><a:rPr lang="en-US" sz="1800"/><a:t> century of H</a:t></a:r>' +
            '<a:r><a:rPr lang="en-US" sz="1800" baseline="-25000"/><a:t>2</a:t></a:r>' +
            '<a:r><a:rPr lang="en-US" sz="1800"/><a:t>O </a:t></a:r>' +
            '<a:r><a:rPr lang="en-US" sz="2400"/><a:t>loud</a:t></a:r></a:p>',
        ),
      ],
    });
    const text = textStarting(slide!, 'The 21st century of H2O loud');
    expect(text.text).toEqual([
      {
        runs: [
          { text: 'The 21' },
          { text: 'st', script: 'super' },
          { text: ' century of H' },
          { text: '2', script: 'sub' },
          { text: 'O ' },
          { text: 'loud', size: 24 },
        ],
      },
    ]);
    expect(text.style.size).toBe(18);
    expect(slide!.report.notImported).toEqual([]);
  });

  it('keeps words in another font in its stand-in, and reports one it has none for', async () => {
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 600, 100],
          '<a:p><a:r><a:rPr lang="en-US" sz="1800"><a:latin typeface="Calibri"/></a:rPr><a:t>Set in Calibri with </a:t></a:r>' +
            '<a:r><a:rPr lang="en-US" sz="1800"><a:latin typeface="Times New Roman"/></a:rPr><a:t>a serif</a:t></a:r></a:p>' +
            '<a:p><a:r><a:rPr lang="en-US" sz="1800"><a:latin typeface="Calibri"/></a:rPr><a:t>And a word in </a:t></a:r>' +
            '<a:r><a:rPr lang="en-US" sz="1800"><a:latin typeface="Papyrus"/></a:rPr><a:t>Papyrus</a:t></a:r></a:p>',
        ),
      ],
    });
    const text = textStarting(slide!, 'Set in Calibri with a serif');
    expect(text.style.font).toBe('Carlito');
    expect(text.text).toEqual([
      { runs: [{ text: 'Set in Calibri with ' }, { text: 'a serif', font: 'Tinos' }] },
      'And a word in Papyrus',
    ]);
    expect(slide!.report.fonts).toEqual([
      { from: 'Calibri', to: 'Carlito' },
      { from: 'Times New Roman', to: 'Tinos' },
      { from: 'Papyrus', to: 'Inter' },
    ]);
    expect(slide!.report.notImported).toEqual([
      { kind: 'text', why: "words in another font than their paragraph's are drawn in its font" },
      { kind: 'font', why: 'Papyrus is drawn in Inter: its lines may break in other places' },
    ]);
  });

  it('draws a typeface named for its weight in that weight of its family', async () => {
    const run = (text: string, typeface: string, bold = '') =>
      `<a:r><a:rPr lang="en-US" sz="1800"${bold}><a:latin typeface="${typeface}"/></a:rPr><a:t>${text}</a:t></a:r>`;
    const [slide] = await readFixture({
      slides: [
        textBox(5, [60, 60, 600, 60], `<a:p>${run('A semibold heading', 'Inter SemiBold')}</a:p>`) +
          textBox(
            6,
            [60, 200, 600, 60],
            `<a:p>${run('Set in Arial with ', 'Arial')}${run('a black word', 'Arial Black')}</a:p>`,
          ) +
          textBox(
            7,
            [60, 300, 600, 60],
            `<a:p>${run('Most of it medium, ', 'Franklin Gothic Medium')}${run('and bold', 'Franklin Gothic Medium', ' b="1"')}</a:p>`,
          ),
      ],
    });
    const heading = textStarting(slide!, 'A semibold heading');
    expect(heading.style.font).toBeUndefined();
    expect(heading.style.weight).toBe('semibold');
    // Arial Black is Arial's heaviest face: bold in Arimo, not a word in the deck's font.
    expect(textStarting(slide!, 'Set in Arial with a black word').text).toEqual([
      { runs: [{ text: 'Set in Arial with ' }, { text: 'a black word', weight: 'bold' }] },
    ]);
    const medium = textStarting(slide!, 'Most of it medium, and bold');
    expect(medium.text).toEqual([
      { runs: [{ text: 'Most of it medium, ' }, { text: 'and bold', weight: 'bold' }] },
    ]);
    expect(medium.style.weight).toBe('medium');
    expect(slide!.report.notImported.map((n) => n.why)).not.toContain(
      "words in another font than their paragraph's are drawn in its font",
    );
  });

  it('keeps a link to a web page or an e-mail in the link look, and reports any other', async () => {
    const run = (text: string, link = '', own = '') =>
      `<a:r><a:rPr lang="en-US" sz="1800"${own}>${link}</a:rPr><a:t>${text}</a:t></a:r>`;
    const [slide] = await readFixture({
      slides: [
        {
          shapes: textBox(
            5,
            [60, 60, 800, 200],
            `<a:p>${run('Visit us any day at ')}${run('our site', '<a:hlinkClick r:id="rId2"/>')}${run(' or ')}` +
              `${run('write', '<a:solidFill><a:srgbClr val="C00000"/></a:solidFill><a:hlinkClick r:id="rId3"/>', ' u="none"')}</a:p>` +
              `<a:p>${run('Next slide', '<a:hlinkClick r:id="rId4" action="ppaction://hlinksldjump"/>')}${run(' and ')}` +
              `${run('a script', '<a:hlinkClick r:id="rId5"/>')}</a:p>`,
          ),
          relationships: [
            {
              id: 'rId2',
              type: 'hyperlink',
              target: 'https://example.com/pricing',
              external: true,
            },
            { id: 'rId3', type: 'hyperlink', target: 'mailto:sales@example.com', external: true },
            { id: 'rId4', type: 'slide', target: 'slide1.xml' },
            { id: 'rId5', type: 'hyperlink', target: 'javascript:alert(1)', external: true },
          ],
        },
      ],
    });
    const text = textStarting(slide!, 'Visit us any day at our site or write');
    expect(text.text).toEqual([
      {
        runs: [
          { text: 'Visit us any day at ' },
          {
            text: 'our site',
            color: `#${fixtureColors.hlink}`,
            underline: true,
            link: 'https://example.com/pricing',
          },
          { text: ' or ' },
          { text: 'write', color: '#C00000', link: 'mailto:sales@example.com' },
        ],
      },
      'Next slide and a script',
    ]);
    expect(slide!.report.notImported).toEqual([
      {
        kind: 'text',
        why: 'a link to another slide, a file or a program is not kept (its words are)',
        count: 2,
      },
    ]);
  });

  it('reports a link or action on a whole shape, but not a video’s own', async () => {
    const clickable = (id: number, action: string) =>
      shape({
        id,
        name: `Button ${id}`,
        box: [60 + id * 100, 300, 80, 40],
        properties: `<a:prstGeom prst="rect"/>${solid('4472C4')}`,
      }).replace(`name="Button ${id}"/>`, `name="Button ${id}">${action}</p:cNvPr>`);
    const [slide] = await readFixture({
      slides: [
        clickable(1, '<a:hlinkClick r:id="" action="ppaction://hlinkshowjump?jump=nextslide"/>') +
          clickable(2, '<a:hlinkClick r:id="" action="ppaction://media"/>'),
      ],
    });
    expect(slide!.elements).toHaveLength(2);
    expect(slide!.report.notImported).toEqual([
      { kind: 'shape', why: 'a link or action on a whole shape is not kept' },
    ]);
  });

  it('numbers a paragraph whose words are mostly underlined, its bold lead-in kept', async () => {
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 600, 100],
          '<a:p><a:pPr marL="457200" indent="-457200"><a:buAutoNum type="arabicPeriod"/></a:pPr>' +
            '<a:r><a:rPr lang="en-US" sz="1800" b="1"/><a:t>Caring</a:t></a:r>' +
            '<a:r><a:rPr lang="en-US" sz="1800" u="sng"/><a:t> about students and their support</a:t></a:r></a:p>',
        ),
      ],
    });
    const text = textStarting(slide!, 'Caring about students and their support');
    expect(text.style).toMatchObject({ underline: true, numbering: { scheme: 'arabicPeriod' } });
    expect(text.text).toEqual([
      {
        runs: [
          { text: 'Caring', weight: 'bold', underline: false },
          { text: ' about students and their support' },
        ],
      },
    ]);
  });

  it("draws each level's own bullet, a symbol font's as the picture it shows", async () => {
    const bulleted = (text: string, font: string, char: string, level = 0) =>
      paragraph(text, {
        pPr: `<a:pPr lvl="${level}" marL="285750" indent="-285750"><a:buFont typeface="${font}"/><a:buChar char="${char}"/></a:pPr>`,
        rPr: 'sz="1800"',
      });
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 400, 200],
          bulleted('Square', 'Wingdings', '§') +
            bulleted('Dash', 'Arial', '–', 1) +
            bulleted('Private', 'Wingdings', '\uF0D8') +
            bulleted('Unknown', 'Wingdings', 'z'),
        ),
      ],
    });
    expect(textStarting(slide!, 'Square').style.bulletChar).toBe('▪');
    expect(textStarting(slide!, 'Dash').style.bulletChar).toBe('–');
    // An arrowhead Inter has no glyph for (drawn from the symbols family), and a Wingdings
    // picture we do not know: the usual dot, said.
    expect(textStarting(slide!, 'Private').style.bulletChar).toBe('➢');
    expect(textStarting(slide!, 'Unknown').style.bulletChar).toBeUndefined();
    expect(slide!.report.notImported.map((n) => n.why)).toEqual([
      'a bullet our fonts do not have (z in Wingdings) is drawn as •',
    ]);
  });

  it('reads character references in text and attributes as their characters', async () => {
    const [slide] = await readFixture({
      slides: [
        textBox(
          5,
          [60, 60, 400, 100],
          paragraph('Caf&#233; &amp;#233; &#x1F600;', {
            pPr: '<a:pPr marL="285750" indent="-285750"><a:buChar char="&#x2013;"/></a:pPr>',
          }),
        ),
      ],
    });
    const text = textStarting(slide!, 'Café &#233; 😀');
    expect(text.text).toEqual(['Café &#233; 😀']);
    expect(text.style.bulletChar).toBe('–');
  });
});
