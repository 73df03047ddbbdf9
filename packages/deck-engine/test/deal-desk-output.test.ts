import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APPROVAL_WATERMARK, deckDraftSchema, type ProposalSummary } from '@deck-portal/domain';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDeck } from '../src/build-deck.ts';
import {
  renderAcceptanceCertificate,
  type AcceptanceCertificate,
} from '../src/certificate/acceptance-certificate.ts';
import { appendPdf } from '../src/certificate/append-pdf.ts';
import { renderDeck, type RenderedDeck } from '../src/render/render-deck.ts';
import { createDeckRenderer } from '../src/worker/deck-renderer.ts';
import { goldenDraft } from './fixtures.ts';
import { library } from './render-fixture.ts';

// Issue 19: a deck awaiting approval carries a watermark in its PDF and web view (never in its
// PPTX), and an accepted deck's PDF gets an acceptance certificate page appended.

const dir = mkdtempSync(join(tmpdir(), 'deck-portal-deal-desk-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
/** Each page's text as poppler's pdftotext reads it. */
function pdfPages(pdf: Uint8Array): string[] {
  const file = join(dir, `file-${(files += 1)}.pdf`);
  writeFileSync(file, pdf);
  const pages = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .slice(0, -1);
  return pages;
}

/** The first page's text as laid out, each line's runs of white space as one space. */
function laidOut(pdf: Uint8Array): string {
  const file = join(dir, `file-${(files += 1)}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-l', '1', file, '-'], {
    encoding: 'utf8',
  });
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n');
}

function lines(page: string): string[] {
  return page.split('\n').map((line) => line.trim());
}

async function pptxXml(pptx: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(pptx);
  const parts = Object.keys(zip.files).filter((name) => name.endsWith('.xml'));
  return (await Promise.all(parts.map((name) => zip.file(name)!.async('string')))).join('\n');
}

const deck = buildDeck(goldenDraft(), library);
let plain: Promise<RenderedDeck> | undefined;
let marked: Promise<RenderedDeck> | undefined;
const renderPlain = () => (plain ??= renderDeck(deck));
const renderMarked = () =>
  (marked ??= renderDeck(deck, new Map(), [], {}, undefined, { watermark: APPROVAL_WATERMARK }));

describe('the approval watermark', () => {
  it('is on every PDF page, once, as text that extracts whole', async () => {
    const pages = pdfPages((await renderMarked()).pdf);
    expect(pages).toHaveLength(deck.slides.length);
    for (const page of pages) {
      expect(lines(page).filter((line) => line === APPROVAL_WATERMARK)).toHaveLength(1);
    }
  });

  it('leaves each page’s own text as it was', async () => {
    const markedPages = pdfPages((await renderMarked()).pdf);
    const plainPages = pdfPages((await renderPlain()).pdf);
    expect(lines(markedPages[0]!)).toContain('Harbor Fresh Foods');
    markedPages.forEach((page, i) => {
      const withoutMark = lines(page).filter((line) => line !== APPROVAL_WATERMARK);
      expect(withoutMark.join('\n').trim()).toBe(lines(plainPages[i]!).join('\n').trim());
    });
  });

  it('is on every web view slide, see-through and turned', async () => {
    const { svgs } = await renderMarked();
    expect(svgs).toHaveLength(deck.slides.length);
    for (const svg of svgs) {
      expect(svg).toMatch(
        /aria-label="Draft — pending approval" opacity="0\.3" transform="rotate\(-30 480 270\)"/,
      );
    }
  });

  it('is never in the PPTX, which stays the same file', async () => {
    const markedPptx = (await renderMarked()).pptx;
    expect(await pptxXml(markedPptx)).not.toContain('pending approval');
    expect(await pptxXml(markedPptx)).toBe(await pptxXml((await renderPlain()).pptx));
  });

  it('is drawn when the worker pool is asked for it, as the server asks', async () => {
    const renderer = createDeckRenderer({ maxThreads: 1, minThreads: 1 });
    try {
      const draft = deckDraftSchema.parse({
        basicInfo: { deckTitle: 'Pool', clientName: 'Worker Foods', date: '2026-05-01' },
        productSelection: {
          selectedProducts: [{ id: 'data_logger', quantity: 10, customPricing: 29.99 }],
          includePricing: false,
        },
        templateCustomization: { selectedSlides: ['title', 'thank-you'], customSlides: [] },
      });
      const rendered = await renderer.generate(draft, { watermark: APPROVAL_WATERMARK });
      const pages = pdfPages(rendered.pdf);
      expect(pages).toHaveLength(2);
      for (const page of pages) expect(lines(page)).toContain(APPROVAL_WATERMARK);
      for (const svg of rendered.svgs) expect(svg).toContain(`aria-label="${APPROVAL_WATERMARK}"`);
      expect(await pptxXml(rendered.pptx)).not.toContain('pending approval');
    } finally {
      await renderer.close();
    }
  }, 30_000);

  it('is nowhere when not asked for', async () => {
    const rendered = await renderPlain();
    expect(pdfPages(rendered.pdf).join('\n')).not.toContain('pending approval');
    for (const svg of rendered.svgs) expect(svg).not.toContain('pending approval');
  });
});

const SUMMARY: ProposalSummary = {
  lines: [
    {
      productId: 'controller',
      name: 'Smart Controller',
      quantity: 11,
      unitPriceCents: 19_900,
      amountCents: 218_900,
      shippingCents: 0,
      creditsCents: 0,
      optional: false,
      included: true,
    },
    {
      productId: 'data_logger',
      name: 'Data Logger',
      quantity: 100,
      unitPriceCents: 2_999,
      amountCents: 299_900,
      shippingCents: 0,
      creditsCents: 0,
      optional: true,
      included: true,
    },
    {
      productId: 'bms',
      name: 'Battery Management',
      quantity: 1,
      unitPriceCents: 20_000,
      amountCents: 20_000,
      shippingCents: 0,
      creditsCents: 0,
      optional: true,
      included: false,
    },
  ],
  subtotalCents: 518_800,
  shippingCents: 12_500,
  totalCents: 531_300,
  yearlyCents: 0,
  creditsCents: 0,
  netCents: 531_300,
};

const PDF_HASH = 'a3f1c2e4b5d6978812345678901234567890abcdefabcdefabcdefabcdef0123';
const RECORD_HASH = '0f9e8d7c6b5a49382716a5b4c3d2e1f00112233445566778899aabbccddeeff0';

function certificate(overrides: Partial<AcceptanceCertificate> = {}): AcceptanceCertificate {
  return {
    deckTitle: 'Cold-chain resilience proposal',
    clientName: 'Harbor Fresh Foods',
    version: 3,
    fullName: 'Dana Reyes',
    jobTitle: 'Director of Operations',
    acceptedAt: '2026-11-26T08:43:17.000Z',
    ipAddress: '203.0.113.42',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
    summary: SUMMARY,
    pdfSha256: PDF_HASH,
    termsText: 'By accepting, I confirm that I am authorised to accept this proposal.',
    recordSha256: RECORD_HASH,
    ...overrides,
  };
}

describe('the acceptance certificate', () => {
  it('is one page with who, when, where from, the totals, the hashes and the terms', async () => {
    const pages = pdfPages(await renderAcceptanceCertificate(certificate()));
    expect(pages).toHaveLength(1);
    const text = lines(pages[0]!);
    for (const expected of [
      'Certificate of acceptance',
      'Cold-chain resilience proposal (version 3)',
      'Harbor Fresh Foods',
      'Dana Reyes',
      'Director of Operations',
      'Thursday, November 26, 2026 at 08:43:17 UTC',
      '203.0.113.42',
      '$5,188.00',
      '$125.00',
      '$5,313.00',
      'Optional, chosen',
      'Optional, not chosen',
      PDF_HASH,
      RECORD_HASH,
      'By accepting, I confirm that I am authorised to accept this proposal.',
      'This is a click-to-accept record, not a qualified electronic signature.',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('says no credit where none applies, and no yearly fees where there are none', async () => {
    const text = laidOut(await renderAcceptanceCertificate(certificate()));
    expect(text).toContain('Total you pay $5,313.00');
    expect(text).not.toMatch(/credit|a year/);
  });

  it('states what the client pays as the deck does: yearly fees apart, the credit an estimate', async () => {
    const summary: ProposalSummary = {
      lines: [
        {
          productId: 'battery_backup',
          name: 'Battery Backup',
          kind: 'goods',
          quantity: 2,
          unitPriceCents: 599_500,
          amountCents: 1_199_000,
          shippingCents: 25_000,
          creditsCents: 367_200,
          optional: false,
          included: true,
        },
        {
          productId: 'installation',
          name: 'Installation and commissioning',
          kind: 'service',
          quantity: 1,
          unitPriceCents: 150_000,
          amountCents: 150_000,
          shippingCents: 0,
          creditsCents: 0,
          optional: false,
          included: true,
        },
        {
          productId: 'battery_monitoring',
          name: 'Battery monitoring',
          kind: 'subscription',
          quantity: 2,
          unitPriceCents: 7_500,
          amountCents: 15_000,
          shippingCents: 0,
          creditsCents: 0,
          optional: false,
          included: true,
        },
      ],
      subtotalCents: 1_349_000,
      shippingCents: 25_000,
      totalCents: 1_374_000,
      yearlyCents: 15_000,
      creditsCents: 367_200,
      netCents: 1_006_800,
    };
    const text = laidOut(await renderAcceptanceCertificate(certificate({ summary })));
    for (const expected of [
      'Installation and commissioning · one-off service 1 $1,500.00 $1,500.00',
      'Battery monitoring · per year 2 $75.00 $150.00 a year',
      'Total you pay $13,740.00',
      'Yearly fees, not in the total $150.00 a year',
      'Estimated investment tax credit on Battery Backup, subject to tax advice −$3,672.00',
      'Your cost after the estimated credit $10,068.00',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('writes a Japanese name and title as typed', async () => {
    const pages = pdfPages(
      await renderAcceptanceCertificate(
        certificate({
          fullName: '山田 花子',
          jobTitle: '購買部長',
          clientName: '株式会社トヨタ自動車',
        }),
      ),
    );
    const text = lines(pages[0]!);
    expect(text).toContain('山田 花子');
    expect(text).toContain('購買部長');
    expect(text).toContain('株式会社トヨタ自動車');
  });

  it('gives terms too long for the page a page of their own, never cut', async () => {
    const clause = (i: number) => `Clause ${i}: the parties agree to the terms set out here.`;
    const termsText = Array.from({ length: 177 }, (_, i) => clause(i + 1)).join(' ');
    const pages = pdfPages(await renderAcceptanceCertificate(certificate({ termsText })));
    expect(pages).toHaveLength(2);
    const squashed = pages[1]!.replace(/\s+/g, ' ');
    expect(squashed).toContain(clause(1));
    expect(termsText.length).toBeGreaterThan(9_900);
    expect(squashed).toContain(clause(177));
    expect(pages[0]).toContain('The terms accepted follow in full on the next page.');
  });

  it('lists every product of a long quote, the terms then on a page of their own', async () => {
    const line = SUMMARY.lines[0]!;
    const many = Array.from({ length: 14 }, (_, i) => ({ ...line, name: `Product ${i + 1}` }));
    const pages = pdfPages(
      await renderAcceptanceCertificate(certificate({ summary: { ...SUMMARY, lines: many } })),
    );
    expect(pages).toHaveLength(2);
    for (const { name } of many) expect(lines(pages[0]!)).toContain(name);
    expect(pages[1]).toContain(
      'By accepting, I confirm that I am authorised to accept this proposal.',
    );
  });

  it('refuses a moment that is not a date', async () => {
    await expect(
      renderAcceptanceCertificate(certificate({ acceptedAt: 'yesterday' })),
    ).rejects.toThrow('Not a date and time: yesterday');
  });
});

describe('the acceptance certificate in a company’s brand', () => {
  /** The colour at (x, y) of the certificate's first page drawn at 72 dpi (one pixel a point). */
  function colourAt(pdf: Uint8Array, x: number, y: number): string {
    const file = join(dir, `file-${(files += 1)}.pdf`);
    writeFileSync(file, pdf);
    const ppm = execFileSync('pdftoppm', ['-r', '72', '-f', '1', '-l', '1', file], {
      maxBuffer: 16 * 1024 * 1024,
    });
    // A binary PPM: "P6", width, height, 255, then RGB bytes.
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 40).toString('latin1'))!;
    const width = Number(header[1]);
    const at = header[0].length + (y * width + x) * 3;
    return [...ppm.subarray(at, at + 3)].map((v) => v.toString(16).padStart(2, '0')).join('');
  }

  it('is drawn in the brand’s colours, with its logo in the header', async () => {
    const brand = {
      ...library.brand,
      colors: { ...library.brand.colors, primary: '5B2A86' },
    };
    const logo = await sharp({
      create: { width: 80, height: 40, channels: 4, background: '#E0553A' },
    })
      .png()
      .toBuffer();
    const branded = await renderAcceptanceCertificate(certificate(), { brand, logo });
    // The header band is the brand's primary; the built-in brand's otherwise.
    expect(colourAt(branded, 20, 20)).toBe('5b2a86');
    expect(colourAt(await renderAcceptanceCertificate(certificate()), 20, 20)).toBe('0b2545');
    // The logo, at the band's right end, in the middle of its tile (within a step or two of
    // its colour: pictures pass through the PDF's colour conversion).
    const logoColour = colourAt(branded, 960 - 40 - 23, 35);
    const channels = (hex: string) => [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const target = channels('e0553a');
    channels(logoColour).forEach((value, i) =>
      expect(Math.abs(value - target[i]!), logoColour).toBeLessThanOrEqual(3),
    );
    // The record's text is all there still.
    expect(lines(pdfPages(branded)[0]!)).toContain('Dana Reyes');
  });

  it('leaves a logo it cannot read out, and the certificate as it was', async () => {
    const pdf = await renderAcceptanceCertificate(certificate(), {
      logo: new TextEncoder().encode('not a picture'),
    });
    expect(lines(pdfPages(pdf)[0]!)).toContain('Certificate of acceptance');
    expect(colourAt(pdf, 960 - 40 - 23, 35)).toBe('0b2545');
  });
});

describe('appendPdf', () => {
  it('puts the certificate after the deck’s pages, the text of both still readable', async () => {
    const deckPdf = (await renderPlain()).pdf;
    const certificatePdf = await renderAcceptanceCertificate(
      certificate({ fullName: '山田 花子' }),
    );
    const joined = await appendPdf(deckPdf, certificatePdf);
    const pages = pdfPages(joined);
    const deckPages = pdfPages(deckPdf);
    expect(pages).toHaveLength(deckPages.length + 1);
    expect(pages.slice(0, -1)).toEqual(deckPages);
    expect(pages.at(-1)).toBe(pdfPages(certificatePdf)[0]);
    expect(lines(pages.at(-1)!)).toContain('山田 花子');
  });

  it('says which file is not a PDF', async () => {
    const certificatePdf = await renderAcceptanceCertificate(certificate());
    await expect(appendPdf(new TextEncoder().encode('not a pdf'), certificatePdf)).rejects.toThrow(
      'The deck file is not a readable PDF.',
    );
  });
});
