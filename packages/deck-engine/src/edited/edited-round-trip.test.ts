import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EditedDeck, PlannedSlideKey } from '@deck-portal/domain';
import { generateDeck } from '../generate-deck.ts';
import type { RenderedDeck } from '../render/render-deck.ts';
import { generateEditedDeck, previewEditedSlide } from './draw-edited.ts';
import {
  editPptx,
  pdfPageWordBoxes,
  pdfPageWords,
  pricedDraft,
  SITE_PHOTO,
  sitePhoto,
  slideIdsOf,
  slideWords,
  strToU8,
} from './edited-fixtures.ts';
import { readEditedDeck } from './read-edited.ts';

// A generated deck's own PowerPoint file read back as an edited deck, and drawn again: the same
// slides with the same words, keys that follow the slides a person moves, and what was changed.

const identity = { deckId: '0b7f7c1e-0d1f-4a51-8a3e-5d0c1f2e3a4b', version: 2 };
const draft = pricedDraft(['title', 'agenda', 'about-us', 'return-on-investment', 'next-steps']);
let photo: Buffer;
let original: RenderedDeck;
let edited: EditedDeck;
let pictures: Record<string, Uint8Array>;

/** A SmartArt diagram's frame, whose drawing the file does not have. */
const SMART_ART =
  '<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="99" name="Diagram 1"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>' +
  '<p:xfrm><a:off x="914400" y="914400"/><a:ext cx="1828800" cy="914400"/></p:xfrm><a:graphic>' +
  '<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/diagram">' +
  '<dgm:relIds xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" r:dm="rId90" r:lo="rId91" r:qs="rId92" r:cs="rId93"/>' +
  '</a:graphicData></a:graphic></p:graphicFrame>';

const keysOf = (deck: EditedDeck) => deck.slides.map(({ key, priced }) => ({ key, priced }));

beforeAll(async () => {
  photo = await sitePhoto();
  original = await generateDeck(draft, {
    images: { preloaded: { [SITE_PHOTO]: photo } },
    identity,
  });
  const read = await readEditedDeck(original.pptx, { slidePlan: original.slidePlan });
  if (!read.ok) throw new Error(read.reason);
  ({ edited, pictures } = read);
}, 120_000);

describe('a generated deck’s plan', () => {
  it('names each slide by its planned id, and its figures the quote’s on pricing and quote slides', () => {
    expect(original.slidePlan).toEqual<PlannedSlideKey[]>([
      { key: 'title', priced: false },
      { key: 'agenda', priced: false },
      { key: 'about-us', priced: false },
      // Computes its payback from the quote.
      { key: 'return-on-investment', priced: true },
      { key: 'pricing-controller', priced: true },
      { key: 'pricing-battery_backup', priced: true },
      { key: 'quote-summary', priced: true },
      { key: 'site', priced: false },
      { key: 'next-steps', priced: false },
    ]);
    expect(original.svgs).toHaveLength(original.slidePlan.length);
  });
});

describe('a deck’s own PowerPoint file read back', () => {
  it('has its slides in order with their keys, priced flags and words, and names the deck', async () => {
    const read = await readEditedDeck(original.pptx, { slidePlan: original.slidePlan });
    if (!read.ok) throw new Error(read.reason);
    expect(read.identity).toEqual(identity);
    expect(read.slideCount).toBe(original.slidePlan.length);
    expect(read.leftOut).toEqual([]);
    expect(keysOf(read.edited)).toEqual(original.slidePlan);
    expect(read.edited.slides.every((slide) => !slide.hidden)).toBe(true);
    const pages = pdfPageWords(original.pdf);
    read.edited.slides.forEach((slide, i) => {
      const words = slideWords(slide);
      // The slide's number is bound again: its place in the deck, not in this file.
      expect(words.has('{{slide.number}}'), `slide ${i + 1}'s number`).toBe(i > 0);
      expect(
        pages[i]!.filter((word) => !words.has(word) && (i === 0 || word !== String(i + 1))),
        `words of slide ${i + 1} missing`,
      ).toEqual([]);
      expect(slide.document.id).toMatch(/^edited-[A-Za-z0-9_-]+$/);
      expect(slide.document.title).not.toBe('');
    });
    expect(new Set(read.edited.slides.map((slide) => slide.document.id)).size).toBe(9);
  });

  it('keeps its pictures, each by its content’s address', async () => {
    const site = edited.slides.find((slide) => slide.key === 'site')!;
    const frame = site.document.elements.find((element) => element.kind === 'picture');
    expect(frame?.kind === 'picture' && frame.src).toMatch(/^deck-picture:[0-9a-f]{64}$/);
    const src = frame?.kind === 'picture' ? frame.src : '';
    const bytes = pictures[src]!;
    expect(`deck-picture:${createHash('sha256').update(bytes).digest('hex')}`).toBe(src);
    // The rep's photo, as the file holds it: its blue.
    const { channels } = await sharp(bytes).stats();
    expect(channels.slice(0, 3).map((channel) => Math.round(channel.mean))).toEqual([58, 123, 213]);
  });
});

describe('an edited deck drawn', () => {
  it('draws the slides as they were: the same words on each page, the same plan', async () => {
    const again = await generateEditedDeck(edited, {
      draft,
      images: { preloaded: pictures },
      identity: { ...identity, version: 3 },
    });
    expect(pdfPageWords(again.pdf)).toEqual(pdfPageWords(original.pdf));
    // Where they were, in their size: a table's rows as tall as generated, a heading in place.
    const before = pdfPageWordBoxes(original.pdf);
    pdfPageWordBoxes(again.pdf).forEach((page, i) => {
      page.forEach((word, j) => {
        const was = before[i]![j]!;
        const moved = Math.max(Math.abs(word.x - was.x), Math.abs(word.y - was.y));
        expect(word.word, `page ${i + 1}, word ${j + 1}`).toBe(was.word);
        expect(moved, `"${word.word}" on page ${i + 1} moved`).toBeLessThan(8);
        expect(Math.abs(word.h - was.h), `"${word.word}" on page ${i + 1} resized`).toBeLessThan(1);
      });
    });
    expect(again.slidePlan).toEqual(original.slidePlan);
    expect(again.slideTitles).toHaveLength(9);
    expect(again.missingPictures).toEqual([]);
    // The picture is drawn, and written into the PowerPoint file once, as it was.
    const site = again.svgs[original.slidePlan.findIndex((slide) => slide.key === 'site')]!;
    expect(site).toContain('<image');
    const media = Object.entries(unzipSync(again.pptx)).filter(([name]) =>
      name.startsWith('ppt/media/'),
    );
    for (const bytes of Object.values(pictures)) {
      expect(media.filter(([, held]) => Buffer.from(held).equals(bytes))).toHaveLength(1);
    }
    // The new version's file names it, and reads back with its own keys.
    const back = await readEditedDeck(again.pptx, { slidePlan: again.slidePlan });
    if (!back.ok) throw new Error(back.reason);
    expect(back.identity).toEqual({ ...identity, version: 3 });
    expect(keysOf(back.edited)).toEqual(original.slidePlan);
  }, 120_000);

  it('shows a changed heading, and leaves a hidden slide out', async () => {
    const changed = structuredClone(edited);
    const about = changed.slides.find((slide) => slide.key === 'about-us')!;
    const heading = about.document.elements.findIndex(
      (element) =>
        element.kind === 'text' &&
        slideWords({ ...about, document: { ...about.document, elements: [element] } }).size > 0,
    );
    about.document.elements[heading] = {
      ...(about.document.elements[heading] as Extract<
        EditedDeck['slides'][number]['document']['elements'][number],
        { kind: 'text' }
      >),
      text: 'Rewritten by the rep',
    };
    changed.slides.find((slide) => slide.key === 'agenda')!.hidden = true;
    const drawn = await generateEditedDeck(changed, { draft, images: { preloaded: pictures } });
    const pages = pdfPageWords(drawn.pdf);
    expect(pages).toHaveLength(8);
    expect(drawn.slidePlan.map((slide) => slide.key)).not.toContain('agenda');
    const aboutPage = drawn.slidePlan.findIndex((slide) => slide.key === 'about-us');
    expect(pages[aboutPage]).toEqual(expect.arrayContaining(['Rewritten', 'by', 'the', 'rep']));
    // The editor's preview of that slide, at its place, draws it as the deck does.
    const preview = await previewEditedSlide(about, {
      draft,
      images: { preloaded: pictures },
      pageNumber: aboutPage + 1,
    });
    expect(preview).toBe(drawn.svgs[aboutPage]!.replace(/^[\s\S]*?(?=<svg)/, ''));
  }, 120_000);
});

describe('a file a person changed in PowerPoint', () => {
  it('follows the slides moved, tells a slide added, and keeps those hidden', async () => {
    const changed = editPptx(original.pptx, (parts, text) => {
      const xml = text('ppt/presentation.xml');
      const entries = [...xml.matchAll(/<p:sldId [^>]*\/>/g)].map((m) => m[0]);
      const ids = slideIdsOf(xml);
      // The third slide moved first; the last slide replaced by one added (a new id above all).
      const moved = [entries[2]!, entries[0]!, entries[1]!, ...entries.slice(3, -1)];
      const added = entries.at(-1)!.replace(/id="\d+"/, `id="${Math.max(...ids) + 1}"`);
      parts['ppt/presentation.xml'] = strToU8(
        xml.replace(entries.join(''), [...moved, added].join('')),
      );
      // A slide PowerPoint adds has shapes of its own names.
      const last = `ppt/slides/slide${entries.length}.xml`;
      parts[last] = strToU8(text(last).replace(/ #deck:[^"]*/g, ''));
      // The agenda hidden.
      const agenda = 'ppt/slides/slide2.xml';
      parts[agenda] = strToU8(text(agenda).replace('<p:sld ', '<p:sld show="0" '));
      // A SmartArt diagram put on the title slide.
      const title = 'ppt/slides/slide1.xml';
      parts[title] = strToU8(text(title).replace('</p:spTree>', `${SMART_ART}</p:spTree>`));
    });
    const read = await readEditedDeck(changed, { slidePlan: original.slidePlan });
    if (!read.ok) throw new Error(read.reason);
    expect(read.edited.slides.map(({ key, priced, hidden }) => [key, priced, hidden])).toEqual([
      ['about-us', false, false],
      ['title', false, false],
      ['agenda', false, true],
      ['return-on-investment', true, false],
      ['pricing-controller', true, false],
      ['pricing-battery_backup', true, false],
      ['quote-summary', true, false],
      ['site', false, false],
      ['added-9', false, false],
    ]);
    // What the engine does not draw is named.
    expect(read.leftOut).toEqual([
      expect.stringMatching(/^Slide 2: a SmartArt diagram was left out/),
    ]);
    // The moved slide keeps its words, and is numbered by its new place.
    const aboutWords = slideWords(edited.slides.find((slide) => slide.key === 'about-us')!);
    expect(slideWords(read.edited.slides[0]!)).toEqual(aboutWords);
    const drawn = await generateEditedDeck(read.edited, {
      draft,
      images: { preloaded: read.pictures },
    });
    const pages = pdfPageWords(drawn.pdf);
    const before = pdfPageWords(original.pdf);
    const renumbered = (words: string[], from: number, to: number) =>
      words.with(words.indexOf(String(from)), String(to)).sort();
    expect(pages[0]).toEqual(renumbered(before[2]!, 3, 1));
    expect(pages[1]).toEqual(before[0]);
    // The hidden agenda is left out: the ROI slide is third.
    expect(pages[2]).toEqual(renumbered(before[3]!, 4, 3));
    expect(pages).toHaveLength(8);
  });

  it('tells a duplicated slide as added, priced when the slide it copies is', async () => {
    // PowerPoint's Duplicate Slide: a copy of the part, after the original, with a new id.
    const duplicated = editPptx(original.pptx, (parts, text) => {
      const copy = (from: number, to: number) => {
        const part = `ppt/slides/slide${to}.xml`;
        parts[part] = parts[`ppt/slides/slide${from}.xml`]!;
        parts[`ppt/slides/_rels/slide${to}.xml.rels`] =
          parts[`ppt/slides/_rels/slide${from}.xml.rels`]!;
        parts['[Content_Types].xml'] = strToU8(
          text('[Content_Types].xml').replace(
            '</Types>',
            `<Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/></Types>`,
          ),
        );
        return `rIdCopy${to}`;
      };
      const presentation = text('ppt/presentation.xml');
      const entries = [...presentation.matchAll(/<p:sldId [^>]*\/>/g)].map((m) => m[0]);
      const nextId = Math.max(...slideIdsOf(presentation)) + 1;
      const pricing = original.slidePlan.findIndex((slide) => slide.key === 'pricing-controller');
      const about = original.slidePlan.findIndex((slide) => slide.key === 'about-us');
      const copies = [
        [pricing, copy(pricing + 1, entries.length + 1)],
        [about, copy(about + 1, entries.length + 2)],
      ] as const;
      let rels = text('ppt/_rels/presentation.xml.rels');
      const list = [...entries];
      copies.forEach(([after, rId], i) => {
        rels = rels.replace(
          '</Relationships>',
          `<Relationship Id="${rId}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide" Target="slides/slide${entries.length + 1 + i}.xml"/></Relationships>`,
        );
        list.splice(
          list.indexOf(entries[after]!) + 1,
          0,
          `<p:sldId id="${nextId + i}" r:id="${rId}"/>`,
        );
      });
      parts['ppt/_rels/presentation.xml.rels'] = strToU8(rels);
      parts['ppt/presentation.xml'] = strToU8(
        presentation.replace(entries.join(''), list.join('')),
      );
    });
    const read = await readEditedDeck(duplicated, { slidePlan: original.slidePlan });
    if (!read.ok) throw new Error(read.reason);
    const keys = keysOf(read.edited);
    expect(keys).toHaveLength(11);
    expect(keys.filter(({ key }) => !key.startsWith('added-'))).toEqual(original.slidePlan);
    // The copies follow their originals, keyed as added; the pricing slide's copy is priced.
    const after = (key: string) => keys[keys.findIndex((slide) => slide.key === key) + 1];
    expect(after('pricing-controller')).toEqual({
      key: expect.stringMatching(/^added-/),
      priced: true,
    });
    expect(after('about-us')).toEqual({ key: expect.stringMatching(/^added-/), priced: false });
  });

  it('is told by its shapes’ names when an office suite renumbered its slides (LibreOffice: 256 on)', async () => {
    const renumbered = editPptx(original.pptx, (parts, text) => {
      const xml = text('ppt/presentation.xml');
      const entries = [...xml.matchAll(/<p:sldId [^>]*\/>/g)].map((m) => m[0]);
      const moved = [entries[1]!, entries[0]!, ...entries.slice(2)];
      parts['ppt/presentation.xml'] = strToU8(
        xml.replace(
          entries.join(''),
          moved.map((entry, i) => entry.replace(/id="\d+"/, `id="${256 + i}"`)).join(''),
        ),
      );
    });
    const read = await readEditedDeck(renumbered, { slidePlan: original.slidePlan });
    if (!read.ok) throw new Error(read.reason);
    expect(read.edited.slides.map((slide) => slide.key)).toEqual([
      'agenda',
      'title',
      ...original.slidePlan.slice(2).map((slide) => slide.key),
    ]);
    expect(keysOf(read.edited)[3]).toEqual({ key: 'return-on-investment', priced: true });
  });

  it('is told by its ids without its properties when the caller names the version, and not as another one', async () => {
    const stripped = editPptx(original.pptx, (parts) => {
      delete parts['docProps/custom.xml'];
    });
    const named = await readEditedDeck(stripped, {
      slidePlan: original.slidePlan,
      planOf: identity,
    });
    if (!named.ok) throw new Error(named.reason);
    expect(named.identity).toBeNull();
    expect(keysOf(named.edited)).toEqual(original.slidePlan);
    // Another version's ids are none of this one's; its shapes' keys, which a slide keeps from
    // version to version, still tell it.
    const otherVersion = { slidePlan: original.slidePlan, planOf: { ...identity, version: 1 } };
    const marked = await readEditedDeck(original.pptx, otherVersion);
    if (!marked.ok) throw new Error(marked.reason);
    expect(keysOf(marked.edited)).toEqual(original.slidePlan);
    const unmarked = editPptx(original.pptx, (parts, text) => {
      for (const name of Object.keys(parts).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)))
        parts[name] = strToU8(text(name).replace(/ #deck:[^"]*/g, ''));
    });
    const other = await readEditedDeck(unmarked, otherVersion);
    if (!other.ok) throw new Error(other.reason);
    expect(other.edited.slides.map((slide) => slide.key)).toEqual(
      original.slidePlan.map((_, i) => `added-${i + 1}`),
    );
    expect(other.edited.slides.every((slide) => !slide.priced)).toBe(true);
  });

  it('is refused with a reason when it is not a presentation, or shows no slide', async () => {
    expect(await readEditedDeck(strToU8('not a presentation'))).toEqual({
      ok: false,
      reason: expect.any(String),
    });
    const allHidden = editPptx(original.pptx, (parts, text) => {
      for (const name of Object.keys(parts).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)))
        parts[name] = strToU8(text(name).replace('<p:sld ', '<p:sld show="0" '));
    });
    expect(await readEditedDeck(allHidden)).toEqual({
      ok: false,
      reason: 'has no slide that is shown (every slide is hidden)',
    });
  });
});
