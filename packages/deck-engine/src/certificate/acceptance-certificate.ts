import type { ProposalLine, ProposalSummary } from '@deck-portal/domain';
import {
  creditEstimateLabel,
  DEFAULT_DECK_LOCALE,
  formatCents,
  formatNumber,
  productKindBilling,
  quoteWording,
} from '@deck-portal/domain/pricing';
import { measureTextHeight, layoutText, type TextSpec } from '../layout/text-layout.ts';
import { SLIDE_HEIGHT, SLIDE_WIDTH, type Deck, type TableElement } from '../layout/model.ts';
import { DEFAULT_BRAND, type BrandDefinition } from '../library/brand.ts';
import { rect, table } from '../library/slide-kit.ts';
import { renderPdf } from '../render/render-pdf.ts';
import { fitImage, type RenderElement, type RenderSlide } from '../render/place-images.ts';
import type { ResolvedImage } from '../images/image-store.ts';
import { normaliseImage } from '../images/resolve-images.ts';
import { sniffImage } from '../images/sniff-image.ts';

/**
 * What a client's acceptance of a proposal recorded (a `proposal_responses` row of kind
 * `accepted`), as its certificate page shows it. Amounts are whole cents, written in `locale`.
 */
export interface AcceptanceCertificate {
  /** The proposal as the client read it: the deck's title, and whom it was for. */
  deckTitle: string;
  clientName: string;
  /** The deck version accepted, when known. */
  version?: number;
  /** Who accepted, as they typed it. */
  fullName: string;
  jobTitle: string;
  /** When the acceptance was recorded (written out in UTC). */
  acceptedAt: Date | string;
  ipAddress: string;
  userAgent: string;
  /** The priced summary accepted, computed by the server. */
  summary: ProposalSummary;
  /** How the amounts are written (`de-DE`); en-US when left out. */
  locale?: string;
  /** The currency of the deck's prices (ISO 4217, issue 50); US dollars when left out. */
  currency?: string;
  /** SHA-256 (hex) of the deck PDF the client accepted. */
  pdfSha256: string;
  /** The terms the client accepted, word for word. */
  termsText: string;
  /** SHA-256 (hex) of the acceptance record itself. */
  recordSha256: string;
}

export interface AcceptanceCertificateOptions {
  /** Colours and the company named in the footer; the built-in brand when left out. */
  brand?: BrandDefinition;
  /**
   * The bytes of the brand's logo (the picture `brand.logo` names), drawn in the header on a
   * white tile, as the company's own mark; none, or a picture that cannot be read: no logo.
   */
  logo?: Uint8Array | undefined;
}

export const CERTIFICATE_TITLE = 'Certificate of acceptance';
export const NOT_A_SIGNATURE =
  'This is a click-to-accept record, not a qualified electronic signature.';

const MARGIN = 40;
const TOP = 88;
const LEFT_WIDTH = 360;
const GUTTER = 28;
const RIGHT_X = MARGIN + LEFT_WIDTH + GUTTER;
const RIGHT_WIDTH = SLIDE_WIDTH - MARGIN - RIGHT_X;
const FOOTER_Y = 500;

/** A moment written out in UTC: `Thursday, November 26, 2026 at 08:43:17 UTC`. */
export function formatAcceptedAt(at: Date | string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) throw new Error(`Not a date and time: ${String(at)}`);
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(date);
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  return `${day} at ${time} UTC`;
}

/** A labelled value in the left column, from `y`; answers where the next one starts. */
function field(
  elements: RenderElement[],
  brand: BrandDefinition,
  y: number,
  label: string,
  value: string,
  extra: Partial<TextSpec> = {},
): number {
  elements.push(
    layoutText({
      x: MARGIN,
      y,
      w: LEFT_WIDTH,
      h: 11,
      text: label,
      weight: 'semibold',
      size: 7.5,
      color: brand.colors.muted,
    }),
  );
  const spec: TextSpec = {
    x: MARGIN,
    y: y + 12,
    w: LEFT_WIDTH,
    h: 0,
    text: value || '—',
    size: 10.5,
    minSize: 5,
    maxLines: 2,
    color: brand.colors.ink,
    ...extra,
  };
  const lines = spec.maxLines ?? 2;
  const h = Math.min(measureTextHeight(spec), lines * (spec.lineHeight ?? 1.2) * spec.size);
  elements.push(layoutText({ ...spec, h }));
  return y + 12 + h + 7;
}

/** Where an optional line stands: in the order or not; every other line is in it. */
function lineStatus(line: ProposalSummary['lines'][number]): string {
  if (!line.optional) return 'Included';
  return line.included ? 'Optional, chosen' : 'Optional, not chosen';
}

/**
 * The accepted quote as the deck's quote states it: each line (a subscription's amount per
 * year), the total the client pays emphasised, the yearly fees apart from it, and the tax
 * credit, when there is one, as an estimate after it.
 */
function summaryTable(
  brand: BrandDefinition,
  summary: ProposalSummary,
  locale: string,
  y: number,
  currency?: string,
): { element: TableElement; bottom: number } {
  const money = (cents: number) => formatCents(cents, locale, currency);
  const isYearly = (line: ProposalLine) => line.kind === 'subscription';
  const lineRows = summary.lines.map((line) => [
    !line.kind || line.kind === 'goods'
      ? line.name
      : `${line.name} · ${productKindBilling[line.kind].toLocaleLowerCase('en-US')}`,
    formatNumber(line.quantity, locale),
    money(line.unitPriceCents),
    isYearly(line) ? quoteWording.perYear(money(line.amountCents)) : money(line.amountCents),
    lineStatus(line),
  ]);
  const included = summary.lines.filter((line) => line.included);
  const credited = included.filter((line) => !isYearly(line) && line.creditsCents > 0);
  const totals: string[][] = [
    ['Subtotal', '', '', money(summary.subtotalCents), ''],
    ['Shipping and delivery', '', '', money(summary.shippingCents), ''],
    // The market's tax as the deck's quote states it: added before the total, or included in it.
    ...(summary.tax && !summary.tax.inclusive
      ? [[taxWording(summary.tax, locale), '', '', money(summary.tax.cents), '']]
      : []),
    [quoteWording.total, '', '', money(summary.totalCents), ''],
    ...(summary.tax?.inclusive
      ? [[taxWording(summary.tax, locale), '', '', money(summary.tax.cents), '']]
      : []),
    ...(summary.yearlyCents > 0
      ? [[quoteWording.yearlyFees, '', '', quoteWording.perYear(money(summary.yearlyCents)), '']]
      : []),
    ...(summary.creditsCents > 0
      ? [
          [
            creditEstimateLabel(credited.map((line) => line.name)),
            '',
            '',
            `−${money(summary.creditsCents)}`,
            '',
          ],
          [quoteWording.afterCredit, '', '', money(summary.netCents), ''],
        ]
      : []),
  ];
  const rows = [...lineRows, ...totals];
  const muted = brand.colors.muted;
  // Optional lines the client left out are greyed: listed, but not in the totals.
  const textColors = [
    null,
    ...summary.lines.map((line) => (line.included ? null : [muted, muted, muted, muted, muted])),
  ].map((colors) => colors ?? [null, null, null, null, null]);
  const h = Math.min((rows.length + 1) * 19, 250);
  const element = table(
    { brand },
    { x: RIGHT_X, y, w: RIGHT_WIDTH, h },
    {
      name: 'certificate-summary',
      columns: [2.3, 0.8, 1.15, 1.2, 1.35],
      header: ['Product', 'Quantity', 'Unit price', 'Amount', 'Status'],
      rows,
      align: ['left', 'right', 'right', 'right', 'left'],
      size: 9,
      headerFill: brand.colors.primary,
      stripe: 'F7F9FC',
      // What the client pays: the total, not the cost after an estimated credit.
      emphasisRow: lineRows.length + 2,
      emphasisFill: 'E3F4F7',
      textColors,
      // A totals row's label spans the line's columns (the header is the table's row 0).
      merges: totals.map((_, i) => ({
        row: lineRows.length + i + 1,
        column: 0,
        rows: 1,
        columns: 3,
      })),
    },
  );
  // A long list of products can need more than the box: the terms start under its last row.
  return {
    element,
    bottom:
      y +
      Math.max(
        h,
        element.rowHeights.reduce((a, b) => a + b, 0),
      ),
  };
}

const LOGO_TILE = 46;

/** The logo contained in a white rounded tile at the header band's right end. */
function logoTile(logo: ResolvedImage, brand: BrandDefinition): RenderElement[] {
  const tile = {
    x: SLIDE_WIDTH - MARGIN - LOGO_TILE,
    y: (70 - LOGO_TILE) / 2,
    w: LOGO_TILE,
    h: LOGO_TILE,
  };
  const frame = { x: tile.x + 5, y: tile.y + 5, w: tile.w - 10, h: tile.h - 10 };
  return [
    rect(tile, 'FFFFFF', { radius: 6 }),
    {
      kind: 'placed-image',
      image: logo,
      frame,
      ...fitImage(frame, logo.width, logo.height, 'contain'),
      alt: `${brand.name} logo`,
    },
  ];
}

/** The logo's bytes as a picture the renderer draws, or undefined when they are none. */
async function readLogo(bytes: Uint8Array | undefined): Promise<ResolvedImage | undefined> {
  if (!bytes) return undefined;
  const kind = sniffImage(bytes);
  if (!kind) return undefined;
  // A logo that cannot be converted leaves the header as it was: the record matters, not it.
  return normaliseImage(Buffer.from(bytes), kind).catch(() => undefined);
}

/**
 * The certificate's page, and a second page with the terms when they are too long to read on
 * the first at 6.5 pt.
 */
function certificatePages(
  certificate: AcceptanceCertificate,
  brand: BrandDefinition,
  logo: ResolvedImage | undefined,
): RenderSlide[] {
  const c = brand.colors;
  const locale = certificate.locale ?? DEFAULT_DECK_LOCALE;
  // The logo's tile stands at the band's right end; the company's name moves left of it.
  const logoRoom = logo ? LOGO_TILE + 12 : 0;
  const elements: RenderElement[] = [
    rect({ x: 0, y: 0, w: SLIDE_WIDTH, h: 70 }, c.primary),
    rect({ x: MARGIN, y: 58, w: 36, h: 3 }, c.accent),
    layoutText({
      name: 'certificate-title',
      x: MARGIN,
      y: 14,
      w: 600,
      h: 32,
      text: CERTIFICATE_TITLE,
      weight: 'bold',
      size: 24,
      color: 'FFFFFF',
      valign: 'middle',
    }),
    ...(logo ? logoTile(logo, brand) : []),
    layoutText({
      x: SLIDE_WIDTH - MARGIN - logoRoom - 300,
      y: 14,
      w: 300,
      h: 32,
      text: brand.legalName,
      weight: 'semibold',
      size: 10,
      maxLines: 1,
      minSize: 6,
      color: 'FFFFFF',
      align: 'right',
      valign: 'middle',
    }),
  ];

  let y = TOP;
  const version = certificate.version !== undefined ? ` (version ${certificate.version})` : '';
  y = field(elements, brand, y, 'Proposal', `${certificate.deckTitle}${version}`);
  y = field(elements, brand, y, 'Client', certificate.clientName);
  y = field(elements, brand, y, 'Accepted by', certificate.fullName, { weight: 'semibold' });
  y = field(elements, brand, y, 'Title', certificate.jobTitle);
  y = field(elements, brand, y, 'Accepted on', formatAcceptedAt(certificate.acceptedAt));
  y = field(elements, brand, y, 'From IP address', certificate.ipAddress);
  y = field(elements, brand, y, 'With the browser (user agent)', certificate.userAgent, {
    size: 8,
    maxLines: 3,
    color: c.muted,
  });
  // Hashes on one line each, so they can be copied whole.
  const hash = { size: 8.5, maxLines: 1, color: c.ink } as const;
  y = field(elements, brand, y, 'SHA-256 of the PDF accepted', certificate.pdfSha256, hash);
  field(elements, brand, y, 'SHA-256 of this record', certificate.recordSha256, hash);

  elements.push(
    layoutText({
      x: RIGHT_X,
      y: TOP - 2,
      w: RIGHT_WIDTH,
      h: 16,
      text: 'Priced summary accepted',
      weight: 'semibold',
      size: 11,
      color: c.primary,
    }),
  );
  const summary = summaryTable(brand, certificate.summary, locale, TOP + 18, certificate.currency);
  elements.push(summary.element);

  const termsTop = summary.bottom + 14;
  const termsBox = {
    x: RIGHT_X,
    y: termsTop + 18,
    w: RIGHT_WIDTH,
    h: FOOTER_Y - 10 - termsTop - 18,
  };
  const termsSpec = {
    ...termsBox,
    text: certificate.termsText,
    size: 9,
    minSize: 6.5,
    lineHeight: 1.3,
    paragraphGap: 0.4,
    color: c.ink,
  };
  const terms = termsBox.h >= 48 ? layoutText(termsSpec) : undefined;
  const termsHeading = (y: number) =>
    layoutText({
      x: RIGHT_X,
      y,
      w: RIGHT_WIDTH,
      h: 16,
      text: 'Terms accepted',
      weight: 'semibold',
      size: 11,
      color: c.primary,
    });
  let termsPage: RenderSlide | undefined;
  if (terms && !terms.truncated) {
    elements.push(termsHeading(termsTop), terms);
  } else {
    // Never cut: terms with no room here (long terms, a long quote) get a page of their own.
    if (termsBox.h >= 14) {
      elements.push(
        termsHeading(termsTop),
        layoutText({
          ...termsBox,
          h: 14,
          text: 'The terms accepted follow in full on the next page.',
          size: 9,
          maxLines: 1,
          color: c.muted,
        }),
      );
    }
    termsPage = {
      id: 'certificate-terms',
      kind: 'custom',
      title: 'Terms accepted',
      background: 'FFFFFF',
      elements: [
        layoutText({
          x: MARGIN,
          y: 28,
          w: SLIDE_WIDTH - 2 * MARGIN,
          h: 22,
          text: 'Terms accepted',
          weight: 'bold',
          size: 16,
          color: c.primary,
        }),
        layoutText({
          ...termsSpec,
          x: MARGIN,
          y: 58,
          w: SLIDE_WIDTH - 2 * MARGIN,
          h: SLIDE_HEIGHT - 58 - 28,
          minSize: 4,
          lineHeight: 1.25,
        }),
      ],
    };
  }

  elements.push(
    {
      kind: 'line',
      x1: MARGIN,
      y1: FOOTER_Y,
      x2: SLIDE_WIDTH - MARGIN,
      y2: FOOTER_Y,
      color: c.rule,
      width: 0.75,
    },
    layoutText({
      name: 'not-a-signature',
      x: MARGIN,
      y: FOOTER_Y + 8,
      w: SLIDE_WIDTH - 2 * MARGIN,
      h: 16,
      text: NOT_A_SIGNATURE,
      weight: 'semibold',
      size: 9.5,
      color: c.ink,
      valign: 'middle',
    }),
  );
  const pages: RenderSlide[] = [];
  pages.push({
    id: 'certificate',
    kind: 'custom',
    title: CERTIFICATE_TITLE,
    background: 'FFFFFF',
    elements,
  });
  if (termsPage) pages.push(termsPage);
  return pages;
}

/**
 * The acceptance certificate as a PDF to append to the accepted deck (see `appendPdf`): one
 * page the deck's size (960 × 540 pt), two when the terms are too long for the first. Set in
 * the engine's fonts with their fallbacks, so names in any script are drawn and extract as
 * typed.
 */
export async function renderAcceptanceCertificate(
  certificate: AcceptanceCertificate,
  { brand = DEFAULT_BRAND, logo }: AcceptanceCertificateOptions = {},
): Promise<Uint8Array> {
  const pages = certificatePages(certificate, brand, await readLogo(logo));
  const acceptedAt = new Date(certificate.acceptedAt);
  const document: Deck = {
    title: `${CERTIFICATE_TITLE}: ${certificate.deckTitle}`,
    clientName: certificate.clientName,
    date: acceptedAt.toISOString().slice(0, 10),
    author: brand.name,
    company: brand.legalName,
    slides: [],
    warnings: [],
  };
  const bytes = await renderPdf(document, pages);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A tax's row label on the certificate, in English as the rest of it: `VAT (19%)`. */
function taxWording(tax: NonNullable<ProposalSummary['tax']>, locale: string) {
  const rate = formatNumber(tax.percent / 100, locale, {
    style: 'percent',
    maximumFractionDigits: 2,
  });
  return tax.inclusive ? `Includes ${tax.name} (${rate})` : `${tax.name} (${rate})`;
}
