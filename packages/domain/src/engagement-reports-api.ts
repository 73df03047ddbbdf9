import { z } from 'zod';

/**
 * Engagement across decks (issue 51, "Insight" for managers) and its CSV export: managers and
 * admins read every rep's decks, a rep only their own.
 */

const isoDateTime = z.iso.datetime({ offset: true });
const day = z.iso.date({ error: 'Use a date such as 2026-01-31' });

/** Days a report covers when no range is given, ending today. */
export const engagementDefaultDays = 30;
/** The longest range a report may cover, in days: a year and a day. */
export const engagementMaxDays = 367;

const engagementFilters = z.object({
  from: day.optional(),
  to: day.optional(),
  repId: z.uuid({ error: 'Choose a rep from the list' }).optional(),
});
const isRangeInOrder = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || query.from <= query.to;
const rangeOutOfOrder = { path: ['to'], error: 'The end date must not be before the start date' };

/** `GET /api/engagement`: a range of whole days (UTC, both included), maybe one rep. */
export const engagementQuerySchema = engagementFilters.refine(isRangeInOrder, rangeOutOfOrder);
export type EngagementQuery = z.infer<typeof engagementQuerySchema>;

/** Which rows a CSV export holds: one per visit and slide, or one per visit and product. */
export const engagementCsvRows = ['slides', 'products'] as const;
export type EngagementCsvRows = (typeof engagementCsvRows)[number];
const csvRows = z.enum(engagementCsvRows).default('slides');

/** `GET /api/decks/:id/engagement.csv`: the deck's visits, or one of its links'. */
export const engagementCsvQuerySchema = z.object({
  rows: csvRows,
  linkId: z.uuid({ error: 'Not a link of this deck' }).optional(),
});

/** `GET /api/engagement.csv`: the report's filters and which rows. */
export const engagementExportQuerySchema = engagementFilters
  .extend({ rows: csvRows })
  .refine(isRangeInOrder, rangeOutOfOrder);

const deckRef = z.object({
  deckId: z.uuid(),
  title: z.string(),
  clientName: z.string(),
  ownerName: z.string(),
});

export const engagementReportSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  repId: z.uuid().nullable(),
  /** The reps the caller may filter by: every rep with a deck for managers, only themself for a rep. */
  reps: z.array(z.object({ id: z.uuid(), name: z.string() })),
  totals: z.object({
    visits: z.number().int(),
    seconds: z.number(),
    decksOpened: z.number().int(),
    decksAccepted: z.number().int(),
  }),
  /** Products by the seconds clients spent on them, most first ("general": slides about none). */
  products: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      seconds: z.number(),
      visits: z.number().int(),
      decks: z.number().int(),
    }),
  ),
  /** Decks whose pricing a client read (a priced slide on screen `pricingViewedSeconds` or more). */
  pricingRead: z.array(
    deckRef.extend({
      visits: z.number().int(),
      seconds: z.number(),
      lastReadAt: isoDateTime,
    }),
  ),
  /** Decks accepted in the range, from their first open to the acceptance. */
  timeToAcceptance: z.object({
    medianHours: z.number().nullable(),
    decks: z.array(
      deckRef.extend({
        firstOpenedAt: isoDateTime,
        acceptedAt: isoDateTime,
        hours: z.number(),
      }),
    ),
  }),
  /** Each rep's decks opened by a client in the range, and accepted in it. */
  repActivity: z.array(
    z.object({
      repId: z.uuid(),
      name: z.string(),
      decksOpened: z.number().int(),
      decksAccepted: z.number().int(),
      visits: z.number().int(),
    }),
  ),
});
export type EngagementReport = z.infer<typeof engagementReportSchema>;

/** The CSV files' column headings, in order (the across-decks file puts the deck's first). */
export const engagementCsvColumns = {
  deck: ['Deck', 'Client', 'Owner'],
  slides: ['Visit', 'Recipient', 'Started', 'Verified e-mail', 'Slide', 'Title', 'Seconds'],
  products: ['Visit', 'Recipient', 'Started', 'Verified e-mail', 'Product', 'Seconds'],
} as const;

/** The address of a deck's CSV export (of one of its links when `linkId`). */
export function deckEngagementCsvPath(
  deckId: string,
  { rows = 'slides', linkId }: { rows?: EngagementCsvRows; linkId?: string } = {},
) {
  const link = linkId ? `&linkId=${encodeURIComponent(linkId)}` : '';
  return `/api/decks/${encodeURIComponent(deckId)}/engagement.csv?rows=${rows}${link}`;
}

/** The address of the across-decks CSV export for a report's filters. */
export function engagementCsvPath(query: EngagementQuery, rows: EngagementCsvRows = 'slides') {
  const params = new URLSearchParams({ rows });
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.repId) params.set('repId', query.repId);
  return `/api/engagement.csv?${params.toString()}`;
}
