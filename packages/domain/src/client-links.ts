import { z } from 'zod';
import { plainText } from './text.ts';
import { clientAcceptanceSchema } from './deal-desk-api.ts';
import { emailSchema } from './auth.ts';
import { viewedSlideSchema } from './slide-links.ts';
import {
  clientLinkMessages,
  passcodeMaxLength,
  passcodeMessages,
  passcodeMinLength,
  viewEventLimits,
} from './client-link-rules.ts';
import { allowedDomainsSchema } from './viewer-email.ts';
import { productEngagementSchema } from './engagement-api.ts';

export * from './client-link-rules.ts';
export * from './viewer-email.ts';

/**
 * Client links: a deck opened by a client without an account, one link per recipient, with
 * per-slide viewing analytics. Payloads of the rep's routes (under /api/decks/:id/client-links)
 * and of the client's routes (under /api/client-view/:token), shared by server and web.
 */

const isoDateTime = z.iso.datetime({ offset: true });

export const clientLinkStatuses = ['active', 'expired', 'revoked'] as const;
export type ClientLinkStatus = (typeof clientLinkStatuses)[number];

export const passcodeSchema = z
  .string({ error: passcodeMessages.required })
  .min(1, passcodeMessages.required)
  .min(passcodeMinLength, passcodeMessages.tooShort)
  .max(passcodeMaxLength, passcodeMessages.tooLong);

export const createClientLinkRequestSchema = z.object({
  recipientName: plainText('Recipient name', {
    requiredMessage: clientLinkMessages.recipientNameRequired,
  })
    .trim()
    .min(1, clientLinkMessages.recipientNameRequired)
    .max(120, 'Recipient name must be at most 120 characters.'),
  recipientEmail: emailSchema,
  /** When the link stops working; absent or null for never. The form sends the end of the chosen day. */
  expiresAt: isoDateTime.nullable().optional(),
  /** A passcode the client must enter first; absent for none. Given to the client apart from the link. */
  passcode: passcodeSchema.optional(),
  /** Whether the client may download the PDF. */
  allowDownload: z.boolean().default(true),
  /** Show this version always; absent to follow the deck's newest version. */
  pinnedVersion: z
    .number({ error: 'pinnedVersion must be a version number.' })
    .int('pinnedVersion must be a version number.')
    .min(1, 'pinnedVersion must be a version number.')
    .max(100_000, 'pinnedVersion must be a version number.')
    .optional(),
  /** Mail the link to the recipient now; otherwise the rep copies it. */
  sendEmail: z.boolean().default(true),
  /** A personal note put in the mail. */
  message: plainText('Message', { isMultiline: true })
    .trim()
    .max(2000, 'The message must be at most 2,000 characters.')
    .optional(),
  /**
   * Whether the client may accept (or decline) the proposal on the page, and which of the
   * deck's products they choose to include (issue 19).
   */
  acceptance: z
    .object({
      enabled: z.boolean(),
      optionalProductIds: z.array(z.string().max(100)).max(100).default([]),
    })
    .default({ enabled: false, optionalProductIds: [] }),
  /** The viewer proves an e-mail address by a mailed code before seeing anything (issue 51). */
  requireEmail: z.boolean().default(false),
  /** Only addresses at these domains may (`acme.com`); empty: any. Needs `requireEmail`. */
  allowedDomains: allowedDomainsSchema.default([]),
});
export type CreateClientLinkRequest = z.input<typeof createClientLinkRequestSchema>;

export const clientLinkSchema = z.object({
  id: z.string(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  createdAt: isoDateTime,
  /** Who made the link, when that account still exists. */
  createdBy: z.string().nullable(),
  expiresAt: isoDateTime.nullable(),
  revokedAt: isoDateTime.nullable(),
  status: z.enum(clientLinkStatuses),
  hasPasscode: z.boolean(),
  allowDownload: z.boolean(),
  /** The version the link always shows; null when it follows the newest. */
  pinnedVersion: z.number().int().nullable(),
  /**
   * Viewers who opened the link: each browser counts once however often it comes back (the
   * deck's own team excluded). Visits made before viewers were told apart count one each.
   */
  opens: z.number().int(),
  lastOpenedAt: isoDateTime.nullable(),
  /** Time the deck was on screen, summed over every visit. */
  totalViewMs: z.number().int(),
  /** Whether the client may accept the proposal on the page, and the products they choose. */
  // Optional only so that payloads written before issue 19 still parse: the server sends both.
  acceptance: z
    .object({
      enabled: z.boolean(),
      optionalProductIds: z.array(z.string()),
      /**
       * Where accepting stands through this link now (in the deck's list of links):
       * `open`: the client can accept the version the link shows; `awaiting_approval`: the
       * version the link would offer (the pinned one, or the deck's newest) awaits price
       * approval, so the client cannot accept yet; `accepted`: the deck was accepted.
       */
      state: z.enum(['open', 'awaiting_approval', 'accepted']).optional(),
    })
    .optional(),
  /**
   * The version a client sees through the link now (in the deck's list of links): the pinned
   * one, or the newest a client may see; null when none may be seen yet.
   */
  shownVersion: z.number().int().nullable().optional(),
  /** The deck version the link showed when it was made (null for links made before issue 19). */
  versionAtCreation: z.number().int().nullable().optional(),
  /** Whether the viewer must prove an e-mail address, and the domains allowed (issue 51). */
  // Optional only so that payloads written before issue 51 still parse: the server sends both.
  requireEmail: z.boolean().optional(),
  allowedDomains: z.array(z.string()).optional(),
});
export type ClientLink = z.infer<typeof clientLinkSchema>;

export const createClientLinkResponseSchema = z.object({
  link: clientLinkSchema,
  /** The one and only time the link's address is told: the server keeps only a hash of it. */
  url: z.string(),
  emailed: z.boolean(),
});
export type CreateClientLinkResponse = z.infer<typeof createClientLinkResponseSchema>;

/** The deck-level card on the preview page. */
export const clientLinksSummarySchema = z.object({
  links: z.number().int(),
  opens: z.number().int(),
  /** Distinct recipient addresses that opened their link at least once. */
  uniqueRecipients: z.number().int(),
  /** The slide viewed longest over every link, or null before any view. */
  mostViewedSlide: z
    .object({
      slide: z.number().int(),
      /** The slide's title in the version it was viewed in. */
      title: z.string(),
      version: z.number().int(),
      totalMs: z.number().int(),
    })
    .nullable(),
});
export type ClientLinksSummary = z.infer<typeof clientLinksSummarySchema>;

export const clientLinksResponseSchema = z.object({
  links: z.array(clientLinkSchema),
  summary: clientLinksSummarySchema,
});
export type ClientLinksResponse = z.infer<typeof clientLinksResponseSchema>;

export const clientLinkResponseSchema = z.object({ link: clientLinkSchema });

export const slideViewStatsSchema = z.object({
  /** 1-based, as in the deck's slide addresses. */
  slide: z.number().int(),
  /** The slide's title, as the version had it ("Battery Backup: your investment"). */
  title: z.string(),
  totalMs: z.number().int(),
  /** Separate times the slide was brought on screen. */
  views: z.number().int(),
});
export type SlideViewStats = z.infer<typeof slideViewStatsSchema>;

export const clientVisitSchema = z.object({
  id: z.string(),
  startedAt: isoDateTime,
  /** Time on screen during the visit. */
  durationMs: z.number().int(),
  /** The slides seen, ascending. */
  slidesViewed: z.array(z.number().int()),
  /** The deck version the visit was shown: slide numbers are that version's. */
  version: z.number().int(),
  /** The address the viewer proved, on a link that asks for one (issue 51). */
  verifiedEmail: z.string().nullable().optional(),
});
export type ClientVisit = z.infer<typeof clientVisitSchema>;

/** The clicks on one link of a slide, through one client link. */
export const linkClickStatsSchema = z.object({
  /** The deck version the link was clicked in, and its slide (1-based). */
  version: z.number().int(),
  slide: z.number().int(),
  /** The slide's title in that version. */
  title: z.string(),
  /** The linked words, and the address they open. */
  text: z.string(),
  href: z.string(),
  clicks: z.number().int(),
  lastClickedAt: isoDateTime,
});
export type LinkClickStats = z.infer<typeof linkClickStatsSchema>;

/** `GET /api/decks/:id/client-links/:linkId/analytics`. */
export const clientLinkAnalyticsSchema = z.object({
  link: clientLinkSchema,
  deck: z.object({ id: z.string(), title: z.string(), clientName: z.string() }),
  /** The version the link shows now (pinned, or the newest) and its slides. */
  version: z.number().int(),
  slideCount: z.number().int(),
  /** One entry per slide of that version, in order, viewed or not. */
  slides: z.array(slideViewStatsSchema),
  /** Earlier versions the client was shown through this link, newest first, with their own slides. */
  earlierVersions: z.array(
    z.object({ version: z.number().int(), slides: z.array(slideViewStatsSchema) }),
  ),
  /** Newest first. */
  visits: z.array(clientVisitSchema),
  /** The links on the slides the client clicked: the most clicked first. */
  linkClicks: z.array(linkClickStatsSchema),
  /** The time spent on each product over the link's visits, and per visit (issue 51). */
  productEngagement: productEngagementSchema,
});
export type ClientLinkAnalytics = z.infer<typeof clientLinkAnalyticsSchema>;

/** `GET /api/client-view/:token`: what the client's viewer draws. */
/**
 * Who sent a client link, as the client page and its passcode screen show them: so a cautious
 * buyer sees a company and a person they know before typing anything.
 */
export const clientLinkSenderSchema = z.object({
  companyName: z.string(),
  /** Brand colours for the company mark, as `RRGGBB`. */
  companyColors: z.object({ primary: z.string(), accent: z.string(), highlight: z.string() }),
  /** The published brand's own logo, as its slides draw it; null: the drawn mark. */
  // Optional only so that payloads written before it still parse: the server sends it.
  logoUrl: z.string().nullable().optional(),
  name: z.string(),
  jobTitle: z.string().nullable(),
  /** The sender's uploaded photo, when they have one. */
  photoUrl: z.string().nullable(),
  /**
   * The language of the deck the link shows (BCP 47, `en` for decks made before decks had one)
   * and its direction: the passcode screen already speaks it (issue 50).
   */
  language: z.string(),
  direction: z.enum(['ltr', 'rtl']),
});
export type ClientLinkSender = z.infer<typeof clientLinkSenderSchema>;

export const clientViewSchema = z.object({
  title: z.string(),
  clientName: z.string(),
  recipientName: z.string(),
  senderName: z.string(),
  slides: z.array(viewedSlideSchema),
  /** The PDF's address when the rep allowed downloading it, else null. */
  pdfUrl: z.string().nullable(),
  /**
   * When the version shown was made, if it changed since this browser's last visit of the link
   * ("Updated on …"); null otherwise, and on every visit after the one that saw it.
   */
  updatedAt: isoDateTime.nullable(),
  /** The accept step, when the rep offered it on this link; null otherwise. */
  // Optional only so that payloads written before issue 19 still parse: the server sends it.
  acceptance: clientAcceptanceSchema.nullable().optional(),
  /**
   * The deck's language (its version's `basicInfo.language`, BCP 47; `en` for versions made
   * before decks had one) and its direction: the page's own words follow it, right to left
   * included (issue 50).
   */
  language: z.string(),
  direction: z.enum(['ltr', 'rtl']),
  /** How the deck writes dates and figures (`ja-JP`): the page writes its own the same way. */
  locale: z.string(),
  /** The currency of the deck's prices (ISO 4217): the accept step's amounts are in it. */
  currency: z.string(),
});
export type ClientView = z.infer<typeof clientViewSchema>;

export const unlockClientViewRequestSchema = z.object({ passcode: passcodeSchema });

/** Why a visit is not counted: the deck's own team looking, or the address's hourly limit. */
export const untrackedVisitReasons = ['team', 'limit'] as const;

export const startVisitResponseSchema = z.object({
  /** Null when the visit is not counted. */
  visitId: z.string().nullable(),
  isTracked: z.boolean(),
  /** Null when the visit is counted. */
  untrackedReason: z.enum(untrackedVisitReasons).nullable(),
});
export type StartVisitResponse = z.infer<typeof startVisitResponseSchema>;

export const viewEventSchema = z.object({
  slide: z.number({ error: 'slide must be a slide number' }).int().min(1),
  /** Milliseconds the slide was visible in this stretch. */
  ms: z
    .number({ error: 'ms must be a number of milliseconds' })
    .int()
    .min(1, 'ms must be at least 1')
    .max(viewEventLimits.maxMs, `ms must be at most ${viewEventLimits.maxMs}`),
  /**
   * Which time the slide was brought on screen in this visit (0, 1, 2…): a long look sent in
   * several batches keeps one number, so it counts as one view.
   */
  view: z.number({ error: 'view must be a number' }).int().min(0).max(100_000),
});
export type ViewEvent = z.infer<typeof viewEventSchema>;

export const viewEventBatchSchema = z.object({
  /**
   * The batch's number within its visit: 1, 2, 3… The server stores a batch only when its
   * number is higher than the last one stored, so a batch sent again after a lost answer (with
   * its own number) is stored once.
   */
  sequence: z
    .number({ error: 'sequence must be a batch number' })
    .int('sequence must be a whole number')
    .min(1, 'sequence must be at least 1')
    .max(viewEventLimits.maxSequence, `sequence must be at most ${viewEventLimits.maxSequence}`),
  events: z
    .array(viewEventSchema)
    .min(1, 'Send at least one event.')
    .max(viewEventLimits.perBatch, `Send at most ${viewEventLimits.perBatch} events at a time.`),
});
export type ViewEventBatch = z.infer<typeof viewEventBatchSchema>;

/**
 * `POST /api/client-view/:token/visits/:visitId/link-clicks`: the client opened a link on a
 * slide, named by its place among that slide's links (the server knows the address).
 */
export const linkClickSchema = z.object({
  slide: z.number({ error: 'slide must be a slide number' }).int().min(1),
  link: z.number({ error: 'link must be the number of a link on the slide' }).int().min(0).max(999),
});
export type LinkClick = z.infer<typeof linkClickSchema>;

/** The rep's in-app notifications (a client opened a link, …). */
export const userNotificationSchema = z.object({
  id: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: isoDateTime,
  /** Where the notification leads in the portal, when somewhere. */
  link: z.string().nullable(),
});
export type UserNotification = z.infer<typeof userNotificationSchema>;

export const userNotificationsResponseSchema = z.object({
  notifications: z.array(userNotificationSchema),
  unreadCount: z.number().int(),
});
export type UserNotificationsResponse = z.infer<typeof userNotificationsResponseSchema>;
