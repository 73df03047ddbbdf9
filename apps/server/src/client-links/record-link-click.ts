import { and, count, eq } from 'drizzle-orm';
import { clientLinkMessages, isUuid, viewEventLimits, type LinkClick } from '@deck-portal/domain';
import { clientLinkClicks, clientLinkVisits } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import type { OpenClientLink } from './resolve-client-link.ts';

/**
 * Stores that the client opened a link on a slide during a visit of the link. The link is named
 * by its place among the slide's links, so the words and the address stored are the version's
 * own, never what a page sent; a visit may report a limited number of clicks.
 */
export async function recordLinkClick(
  services: Pick<Services, 'db' | 'clock'>,
  { open, visitId, click }: { open: OpenClientLink; visitId: string; click: LinkClick },
) {
  const { link, version } = open;
  const onSlide = version.slideLinks[click.slide - 1]?.[click.link];
  if (!onSlide) {
    throw new AppError('validation_failed', clientLinkMessages.noSuchSlideLink, {
      fields: { link: clientLinkMessages.noSuchSlideLink },
    });
  }
  const visitNotFound = new AppError('not_found', clientLinkMessages.visitNotFound);
  if (!isUuid(visitId)) throw visitNotFound;
  await services.db.transaction(async (tx) => {
    // The visit's row is locked while its clicks are counted, so two clicks at once cannot both
    // pass the limit.
    const [visit] = await tx
      .select({ id: clientLinkVisits.id })
      .from(clientLinkVisits)
      .where(and(eq(clientLinkVisits.id, visitId), eq(clientLinkVisits.linkId, link.id)))
      .for('update');
    if (!visit) throw visitNotFound;
    const [counted] = await tx
      .select({ clicks: count() })
      .from(clientLinkClicks)
      .where(eq(clientLinkClicks.visitId, visitId));
    if ((counted?.clicks ?? 0) >= viewEventLimits.linkClicksPerVisit) {
      throw new AppError('too_many_events', clientLinkMessages.tooManyLinkClicks);
    }
    await tx.insert(clientLinkClicks).values({
      visitId,
      slide: click.slide,
      link: click.link,
      text: onSlide.text.slice(0, 500),
      href: onSlide.href,
      clickedAt: services.clock.now(),
    });
  });
}
