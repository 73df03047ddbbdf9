import { XMLParser, XMLValidator } from 'fast-xml-parser';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  formatCents,
  NOT_CREDIT_ELIGIBLE,
  PRICING_TEXT_KEYS,
  quoteSummary,
  resolveDeckPricing,
} from '@deck-portal/domain';
import { buildDeck } from '../src/build-deck.ts';
import { normaliseImage } from '../src/images/resolve-images.ts';
import { renderDeck } from '../src/render/render-deck.ts';
import { goldenDraft } from './fixtures.ts';
import { library, renderGoldenDeck } from './render-fixture.ts';
import { tinyPng } from './images.ts';
import { SEED_PRICE_BOOK } from '@deck-portal/domain/seed-price-book';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

function dirname(path: string): string {
  return path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
}

function resolveTarget(relsPath: string, target: string): string {
  // ppt/slides/_rels/slide1.xml.rels → source part ppt/slides/slide1.xml
  const sourceDir = dirname(dirname(relsPath));
  const parts = (target.startsWith('/') ? target.slice(1) : `${sourceDir}/${target}`).split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

function asArray<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** All `<a:t>` text of one slide, in document order. */
function slideText(xml: string): string {
  return [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)]
    .map((m) => m[1]!)
    .join('\n')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");
}

describe('PPTX structure', () => {
  let zip: JSZip;
  let files: Map<string, string>;
  let slidePaths: string[];
  let deckSlides: Awaited<ReturnType<typeof renderGoldenDeck>>['deck']['slides'];
  let raw: Buffer;

  beforeAll(async () => {
    const { deck, rendered } = await renderGoldenDeck();
    deckSlides = deck.slides;
    raw = rendered.pptx;
    zip = await JSZip.loadAsync(rendered.pptx);
    files = new Map();
    for (const [name, entry] of Object.entries(zip.files)) {
      if (!entry.dir && /\.(xml|rels)$/.test(name)) files.set(name, await entry.async('string'));
    }
    // Slide order as PowerPoint reads it: presentation.xml's sldIdLst through its relationships.
    const presentation = parser.parse(files.get('ppt/presentation.xml')!);
    const rels = parser.parse(files.get('ppt/_rels/presentation.xml.rels')!);
    const targets = new Map(
      asArray(rels.Relationships.Relationship).map((r: Record<string, string>) => [
        r['@Id'],
        r['@Target'],
      ]),
    );
    slidePaths = asArray(presentation['p:presentation']['p:sldIdLst']['p:sldId']).map(
      (s: Record<string, string>) =>
        resolveTarget('ppt/_rels/presentation.xml.rels', targets.get(s['@r:id'])!),
    );
  });

  it('has only well-formed XML parts', () => {
    expect(files.size).toBeGreaterThan(20);
    for (const [name, xml] of files) {
      expect(XMLValidator.validate(xml), name).toBe(true);
    }
  });

  it('declares a content type for every part and only for parts that exist (#1444)', () => {
    const types = parser.parse(files.get('[Content_Types].xml')!).Types;
    const defaults = new Map(
      asArray(types.Default).map((d: Record<string, string>) => [
        (d['@Extension'] ?? '').toLowerCase(),
        d['@ContentType'],
      ]),
    );
    const overrides = new Map(
      asArray(types.Override).map((o: Record<string, string>) => [
        (o['@PartName'] ?? '').slice(1),
        o['@ContentType'],
      ]),
    );
    const parts = Object.entries(zip.files)
      .filter(([n, e]) => !e.dir && n !== '[Content_Types].xml')
      .map(([n]) => n);
    for (const part of parts) {
      const ext = part.slice(part.lastIndexOf('.') + 1).toLowerCase();
      expect(overrides.has(part) || defaults.has(ext), `content type for ${part}`).toBe(true);
    }
    for (const name of overrides.keys()) expect(zip.file(name), `override ${name}`).not.toBeNull();
    // The pptxgenjs 4.0.1 bug: one slideMaster override per slide though only one master exists.
    const masters = [...overrides.keys()].filter((n) => n.startsWith('ppt/slideMasters/'));
    expect(masters).toEqual(['ppt/slideMasters/slideMaster1.xml']);
    expect([...defaults.values()]).not.toContain('image/jpg');
  });

  it('points every relationship at a part that exists', () => {
    let checked = 0;
    for (const [name, xml] of files) {
      if (!name.endsWith('.rels')) continue;
      for (const rel of asArray(parser.parse(xml).Relationships?.Relationship) as Array<
        Record<string, string>
      >) {
        if (rel['@TargetMode'] === 'External') continue;
        const target = resolveTarget(name, rel['@Target']!);
        expect(zip.file(target), `${name} → ${target}`).not.toBeNull();
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('gives the notes master no placeholder shapes PowerPoint would strip (#1443) and its own theme', () => {
    const master = files.get('ppt/notesMasters/notesMaster1.xml')!;
    expect(master).not.toContain('<p:sp>');
    expect(master).toContain('<p:spTree>');
    const rels = files.get('ppt/notesMasters/_rels/notesMaster1.xml.rels')!;
    const slideMasterRels = files.get('ppt/slideMasters/_rels/slideMaster1.xml.rels')!;
    const theme = (xml: string) => /Target="\.\.\/theme\/(theme\d+\.xml)"/.exec(xml)?.[1];
    expect(theme(rels)).toBeDefined();
    expect(theme(rels)).not.toBe(theme(slideMasterRels));
  });

  it('keeps schema-required children PowerPoint would otherwise add in a repair', () => {
    for (const path of slidePaths) {
      const xml = files.get(path)!;
      for (const sp of xml.match(/<p:sp>[\s\S]*?<\/p:sp>/g) ?? []) {
        expect(sp, `${path} shape without txBody (#1441)`).toContain('<p:txBody>');
      }
      for (const prst of xml.matchAll(/prstGeom prst="([^"]+)"/g)) {
        expect(['rect', 'roundRect', 'ellipse', 'line']).toContain(prst[1]);
      }
      for (const bg of xml.match(/<p:bgPr>[\s\S]*?<\/p:bgPr>/g) ?? []) {
        expect(bg, `${path} background effect list (#1442)`).toContain('<a:effectLst/>');
      }
    }
  });

  it('writes no empty folder entries and compresses every part', () => {
    expect(Object.values(zip.files).filter((e) => e.dir)).toEqual([]);
    // Central directory: compression method 8 (deflate) for every entry.
    const methods: number[] = [];
    for (
      let i = raw.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      i >= 0;
      i = raw.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), i + 4)
    ) {
      methods.push(raw.readUInt16LE(i + 10));
    }
    expect(methods.length).toBe(Object.keys(zip.files).length);
    expect(new Set(methods)).toEqual(new Set([8]));
  });

  it('has the deck slides in deck order, with the client name and titles as real text', () => {
    expect(slidePaths).toHaveLength(deckSlides.length);
    expect(slidePaths.length).toBe(18);
    const texts = slidePaths.map((p) => slideText(files.get(p)!));
    expect(texts[0]).toContain('Harbor Fresh Foods');
    expect(texts[0]).toContain('COLD-CHAIN RESILIENCE PROPOSAL');
    expect(texts[0]).toContain('March 5, 2026');
    expect(texts[0]).toContain('Attention: Dana Reyes, Director of Operations');
    // The deck title is the rep's internal reference: on no slide.
    expect(texts.join(' ').toUpperCase()).not.toContain('INTERNAL NOTES');
    deckSlides.forEach((slide, i) => {
      if (slide.kind === 'template' && slide.id !== 'title' && slide.id !== 'thank-you') {
        const title = slide.elements.find((e) => e.kind === 'text' && e.name === 'title');
        expect(title && title.kind === 'text' ? texts[i] : '').toContain(
          title && title.kind === 'text' ? title.paragraphs[0] : '∅',
        );
      }
    });
    expect(texts[1]).toContain('Agenda');
    expect(texts[17]).toContain('Technical specifications');
  });

  it('shows every pricing text of every product as real text on its pricing slide', () => {
    const pricing = resolveDeckPricing(goldenDraft().productSelection, SEED_PRICE_BOOK);
    const pricingSlides = deckSlides
      .map((s, i) => ({ s, text: slideText(files.get(slidePaths[i]!)!) }))
      .filter(({ s }) => s.kind === 'pricing' && s.id !== 'quote-summary');
    expect(pricingSlides).toHaveLength(4);
    pricing.forEach((product, i) => {
      // A product the credit does not apply to says nothing of it.
      const shown = PRICING_TEXT_KEYS.filter(
        (key) => key !== 'itc' || product.texts.itc !== NOT_CREDIT_ELIGIBLE,
      );
      for (const key of shown) {
        expect(pricingSlides[i]!.text, `${product.productId}.${key}`).toContain(product.texts[key]);
      }
    });
    expect(pricingSlides[2]!.text).toContain(
      'Remote firmware updates and 24/7 monitoring included',
    );
  });

  it('sums the quote on one slide, in a real table, agreeing with the pricing slides', () => {
    const index = deckSlides.findIndex((s) => s.id === 'quote-summary');
    expect(deckSlides[index - 1]!.id).toMatch(/^pricing-/);
    expect(deckSlides[index]!.title).toBe('Quote summary');
    const xml = files.get(slidePaths[index]!)!;
    expect(xml).toContain('<a:tbl>');
    const text = slideText(xml);
    const quote = quoteSummary(goldenDraft().productSelection, SEED_PRICE_BOOK);
    for (const line of quote.lines) {
      expect(text).toContain(line.name);
      expect(text).toContain(formatCents(line.amountCents));
    }
    for (const figure of [
      'Subtotal',
      'Shipping and delivery',
      'Total you pay',
      'Your cost after the estimated credit',
    ]) {
      expect(text).toContain(figure);
    }
    expect(text).toContain(formatCents(quote.totalCents));
    expect(text).toContain(`−${formatCents(quote.creditsCents)}`);
    expect(text).toContain('subject to tax advice');
    expect(text).toContain(formatCents(quote.netCents));
    // The pricing slides' effective prices add up to the quote's net.
    const effective = resolveDeckPricing(goldenDraft().productSelection, SEED_PRICE_BOOK).reduce(
      (sum, product) =>
        sum + Math.round(Number(product.texts.effective.replace(/[$,]/g, '')) * 100),
      0,
    );
    expect(effective).toBe(quote.netCents);
  });

  it('uses native tables and editable text, not pictures of slides', () => {
    const roi = files.get(slidePaths[7]!)!;
    expect(roi).toContain('<a:tbl>');
    // The only pictures are the library's illustrations (a scene on the market and company
    // slides, a product on each product slide), one each: no slide is a picture of itself.
    const media = Object.keys(zip.files).filter((n) => n.startsWith('ppt/media/'));
    const withPictures = slidePaths.filter((path) => files.get(path)!.includes('<p:pic>'));
    expect(withPictures.map((path) => files.get(path)!.match(/descr="([^"]*)"/)?.[1])).toEqual([
      'A storm cuts the power line to a cold store while its temperature climbs',
      'The Data Logger',
      'Battery Backup with its Battery Management System',
      'The Site Controller linking loggers, batteries and refrigeration',
      'A cold store, a battery cabinet, a refrigerated truck and a pharmacy fridge',
    ]);
    expect(media).toHaveLength(withPictures.length);
  });

  it('lets every text box shrink its text when a substitute font is wider than Inter', () => {
    const title = files.get(slidePaths[0]!)!;
    const textBodies = title.match(/<a:bodyPr[^>]*>[\s\S]*?<\/a:bodyPr>|<a:bodyPr[^>]*\/>/g) ?? [];
    const withText = textBodies.filter((body) => body.includes('normAutofit'));
    expect(withText.length).toBeGreaterThan(0);
    expect(title).not.toContain('<a:spAutoFit');
  });
});

describe('PPTX pictures', () => {
  it('embeds a picture used on several slides once', async () => {
    const url = 'https://pictures.example/site.png';
    const draft = goldenDraft((d) => {
      d.templateCustomization.customSlides = [1, 2, 3].map((n) => ({
        id: `c${n}`,
        layoutId: 'image-caption',
        layoutName: 'Image and caption',
        placeholders: [
          { objectId: 'title', label: 'Title', type: 'TITLE' },
          { objectId: 'image', label: 'Picture URL', type: 'PICTURE' },
        ],
        placeholderContent: { title: `Site ${n}`, image: url },
      }));
    });
    const deck = buildDeck(draft, library);
    const image = await normaliseImage(tinyPng(40, 30, [200, 60, 40]), 'png');
    const rendered = await renderDeck(deck, new Map([[url, image]]));
    const zip = await JSZip.loadAsync(rendered.pptx);
    const media = Object.keys(zip.files).filter(
      (n) => n.startsWith('ppt/media/') && !zip.files[n]!.dir,
    );
    expect(media).toHaveLength(1);
    // The picture's own bytes, not the token pptxgenjs was handed for it.
    expect(Buffer.from(await zip.file(media[0]!)!.async('uint8array')).equals(image.data)).toBe(
      true,
    );
    const rels = await Promise.all(
      Object.keys(zip.files)
        .filter((n) => /^ppt\/slides\/_rels\/.*\.rels$/.test(n))
        .map((n) => zip.file(n)!.async('string')),
    );
    const pointing = rels.filter((r) => r.includes(`../${media[0]!.slice(4)}`));
    expect(pointing).toHaveLength(3);
  });
});
