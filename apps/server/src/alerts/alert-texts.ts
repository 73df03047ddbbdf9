import { z } from 'zod';
import type { AlertKind } from '@deck-portal/domain';

/** What an alert reads of its event's `data` (link.opened, proposal.accepted / declined). */
const eventDataSchema = z.object({
  deck: z.object({ id: z.string(), title: z.string(), clientName: z.string().nullish() }),
  link: z
    .object({ id: z.string(), recipientName: z.string(), recipientEmail: z.string().nullish() })
    .nullish(),
  visit: z
    .object({
      id: z.string(),
      startedAt: z.string(),
      verifiedEmail: z.string().nullish(),
    })
    .nullish(),
  first: z.boolean().optional(),
  newViewer: z.boolean().optional(),
  daysSinceLastVisit: z.number().nullish(),
  response: z
    .object({ name: z.string().nullish(), total: z.unknown(), currency: z.string().nullish() })
    .loose()
    .nullish(),
});
export type AlertEventData = z.infer<typeof eventDataSchema>;

/** The event's data as alerts read it, or undefined when it lacks the deck. */
export function readAlertEventData(data: unknown): AlertEventData | undefined {
  const parsed = eventDataSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/** What a visit showed so far: its time and where it went. */
export type VisitSoFar = {
  seconds: number;
  slides: { slide: number; seconds: number }[];
  products: { name: string; seconds: number }[];
};

/** 95 → "1 min 35 s", 40 → "40 s". */
export function formatDuration(seconds: number) {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** "Jane Client", or "Jane Client (jane@northwind.example, verified)" when the visit proved it. */
function viewerOf(data: AlertEventData) {
  const name = data.link?.recipientName ?? 'A client';
  const verified = data.visit?.verifiedEmail;
  return verified ? `${name} (${verified}, verified)` : name;
}

function describeSoFar(seen: VisitSoFar | undefined) {
  if (!seen || seen.slides.length === 0) return 'No slide has been viewed for long yet.';
  const slides = seen.slides.length === 1 ? '1 slide' : `${seen.slides.length} slides`;
  const products = seen.products.filter((product) => product.seconds > 0).slice(0, 3);
  const most =
    products.length > 0
      ? ` Most time on ${products.map((p) => `${p.name} (${formatDuration(p.seconds)})`).join(', ')}.`
      : '';
  return `So far: ${slides} in ${formatDuration(seen.seconds)}.${most}`;
}

/** One alert as a sentence: the in-app notification's message and a line of the mail. */
export function alertText(
  kind: AlertKind,
  data: AlertEventData,
  extra: { seen?: VisitSoFar; days?: number } = {},
) {
  const deck = `“${data.deck.title}”`;
  const viewer = viewerOf(data);
  switch (kind) {
    case 'firstOpen':
      return `${viewer} opened ${deck} for the first time.`;
    case 'everyVisit':
      return `${viewer} is viewing ${deck}. ${describeSoFar(extra.seen)}`;
    case 'returnAfterSilence': {
      const days = extra.days ?? data.daysSinceLastVisit ?? 0;
      return `${viewer} came back to ${deck} after ${days} ${days === 1 ? 'day' : 'days'} without a visit.`;
    }
    case 'pricingViewed':
      return `${viewer} is looking at the pricing of ${deck}.`;
    case 'newViewer': {
      const who = data.visit?.verifiedEmail ?? 'Someone new';
      const recipient = data.link?.recipientName ?? 'the client';
      return `${who} opened ${deck}, on the link sent to ${recipient}: it may have been forwarded.`;
    }
    case 'accepted':
      return `${data.response?.name ?? viewer} accepted ${deck}.`;
    case 'declined':
      return `${data.response?.name ?? viewer} declined ${deck}.`;
  }
}

/** A batch mail's subject: "3 new visits on “Cold Chain Upgrade”", or the one alert's own. */
export function batchSubject(alerts: { kind: AlertKind; deckTitle: string; text: string }[]) {
  // One alert: its first sentence, without the full stop.
  if (alerts.length === 1) return alerts[0]!.text.split(/(?<=\.) /)[0]!.replace(/\.$/, '');
  const decks = new Set(alerts.map((alert) => alert.deckTitle));
  const where = decks.size === 1 ? `“${[...decks][0]}”` : `${decks.size} decks`;
  const isAllVisits = alerts.every((alert) => alert.kind === 'everyVisit');
  return isAllVisits
    ? `${alerts.length} new visits on ${where}`
    : `${alerts.length} new alerts on ${where}`;
}
