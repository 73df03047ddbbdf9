import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { readAlertSettings } from '@deck-portal/domain';
import {
  alertSettings,
  alertsSent,
  clientLinks,
  clientLinkVisits,
  decks,
  events,
  users,
} from '../db/schema.ts';
import { sendMail } from '../mail/send-mail.ts';
import type { Services } from '../services.ts';
import { formatDuration, readAlertEventData } from './alert-texts.ts';
import { alertsDigestMail } from '../mail/templates/alerts-mail.tsx';

const dayMs = 24 * 3600_000;

/** "November 22, 2026" (UTC). */
const dayName = (day: Date) =>
  day.toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

const productsSchema = (data: unknown) => {
  const products = (data as { products?: unknown } | null)?.products;
  if (!Array.isArray(products)) return [];
  return products.flatMap((entry) => {
    const { productId, name, seconds } = (entry ?? {}) as Record<string, unknown>;
    return typeof name === 'string' && typeof seconds === 'number' && productId !== 'general'
      ? [{ name, seconds }]
      : [];
  });
};

/**
 * Mails each rep who turned the digest on a summary of yesterday (UTC) on their decks: visits and
 * time per deck, the products most viewed (from the visits that ended), acceptances and declines.
 * Nothing after a quiet day. Once per rep and day however often it runs (the alerts-sent row of
 * the day), so the hourly run also catches up after a missed one.
 */
export async function sendDailyDigests(services: Pick<Services, 'db' | 'clock' | 'config'>) {
  const { db, clock, config } = services;
  const today = Math.floor(clock.now().getTime() / dayMs) * dayMs;
  const from = new Date(today - dayMs);
  const to = new Date(today);
  const dayKey = from.toISOString().slice(0, 10);
  const reps = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      settings: alertSettings.settings,
    })
    .from(alertSettings)
    .innerJoin(users, eq(users.id, alertSettings.userId))
    .where(
      and(eq(users.status, 'approved'), sql`${alertSettings.settings} ->> 'dailyDigest' = 'true'`),
    );
  let sent = 0;
  for (const rep of reps) {
    if (!readAlertSettings(rep.settings).dailyDigest) continue;
    const [done] = await db
      .select({ id: alertsSent.id })
      .from(alertsSent)
      .where(
        and(
          eq(alertsSent.userId, rep.id),
          eq(alertsSent.kind, 'dailyDigest'),
          eq(alertsSent.subjectKey, dayKey),
        ),
      );
    if (done) continue;
    const deckRows = await db
      .select({
        title: decks.title,
        visits: sql<string>`count(*)`,
        ms: sql<string>`coalesce(sum(${clientLinkVisits.totalMs}), 0)`,
      })
      .from(clientLinkVisits)
      .innerJoin(clientLinks, eq(clientLinks.id, clientLinkVisits.linkId))
      .innerJoin(decks, eq(decks.id, clientLinks.deckId))
      .where(
        and(
          eq(decks.ownerId, rep.id),
          gte(clientLinkVisits.startedAt, from),
          lt(clientLinkVisits.startedAt, to),
        ),
      )
      .groupBy(decks.id, decks.title)
      .orderBy(sql`count(*) desc`, decks.title);
    const dayEvents = await db
      .select({ type: events.type, data: events.data })
      .from(events)
      .where(
        and(
          eq(events.ownerId, rep.id),
          inArray(events.type, ['visit.ended', 'proposal.accepted', 'proposal.declined']),
          gte(events.occurredAt, from),
          lt(events.occurredAt, to),
        ),
      )
      .orderBy(events.occurredAt, events.id);
    const productTotals = new Map<string, number>();
    const accepted: string[] = [];
    const declined: string[] = [];
    for (const event of dayEvents) {
      if (event.type === 'visit.ended') {
        for (const { name, seconds } of productsSchema(event.data)) {
          productTotals.set(name, (productTotals.get(name) ?? 0) + seconds);
        }
        continue;
      }
      const data = readAlertEventData(event.data);
      if (!data) continue;
      const who = data.response?.name ?? data.link?.recipientName;
      const line = who ? `“${data.deck.title}” by ${who}` : `“${data.deck.title}”`;
      (event.type === 'proposal.accepted' ? accepted : declined).push(line);
    }
    const visits = deckRows.reduce((total, row) => total + Number(row.visits), 0);
    if (visits === 0 && accepted.length === 0 && declined.length === 0) continue;
    const totalMs = deckRows.reduce((total, row) => total + Number(row.ms), 0);
    const products = [...productTotals.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 3)
      .map(([name, seconds]) => ({ name, time: formatDuration(seconds) }));
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(alertsSent)
        .values({
          userId: rep.id,
          kind: 'dailyDigest',
          subjectKey: dayKey,
          channels: ['email'],
          createdAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning({ id: alertsSent.id });
      if (!row) return;
      await sendMail(
        tx,
        config,
        alertsDigestMail,
        {
          ownerName: rep.name,
          day: dayName(from),
          visits,
          seconds: formatDuration(totalMs / 1000),
          decks: deckRows.map((deck) => ({
            title: deck.title,
            visits: Number(deck.visits),
            time: formatDuration(Number(deck.ms) / 1000),
          })),
          products,
          accepted,
          declined,
          settingsUrl: `${config.publicUrl}/profile#alerts`,
        },
        { to: rep.email },
      );
      sent += 1;
    });
  }
  return sent;
}
