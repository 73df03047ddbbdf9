import { and, desc, eq, isNull } from 'drizzle-orm';
import type { StartVisitResponse } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { clientLinks, clientLinkVisits } from '../db/schema.ts';
import { canManageDeck } from '../decks/deck-access.ts';
import { deckOfEvent, linkEventSubject, linkOfEvent } from '../events/event-data.ts';
import { recordEvent } from '../events/record-event.ts';
import type { Services } from '../services.ts';
import { isTokenShaped, type OpenClientLink } from './resolve-client-link.ts';

/**
 * The cookie that tells one viewer (a browser) of a link from another, so the link's opens
 * count viewers rather than page loads. Scoped to the link's own API path like the passcode's.
 */
export const viewerCookieName = 'deck_link_viewer';
/** A year: a client who comes back months later is still the same viewer. */
export const viewerCookieLifetimeSeconds = 365 * 24 * 3600;

const dayMs = 24 * 3600 * 1000;

const untracked = (reason: 'team' | 'limit'): StartVisitResponse => ({
  visitId: null,
  isTracked: false,
  untrackedReason: reason,
});

/**
 * Counts one opening of a link, by the viewer its cookie names (a new viewer without one);
 * answers the visit and the viewer token to keep in the cookie. The deck's own team (owner,
 * managers, admins) looking at a link is not counted, so checking a link before sending it
 * does not read as the client's interest. Past `visitsPerLinkPerIp` visits from one address in
 * the hour the visit is not counted either: the page works as ever, but a script reloading it
 * cannot swell the link's figures. Each counted opening records `link.opened`, saying whether
 * it is the link's first (exactly one is, however many openings race): the deck's owner is
 * told by the alerts that follow it (alerts/alert-jobs.ts), as they chose.
 */
export async function startClientVisit(
  services: Services,
  {
    open,
    user,
    viewerToken,
    ip,
  }: { open: OpenClientLink; user: User | null; viewerToken: string | undefined; ip: string },
): Promise<{ visit: StartVisitResponse; viewerToken: string | null }> {
  const { link, deck } = open;
  if (user && user.status === 'approved' && canManageDeck(user, deck)) {
    return { visit: untracked('team'), viewerToken: null };
  }
  const { retryAfterSeconds } = await services.throttle.consume([
    { key: `visit:link:${link.id}:ip:${ip}`, rule: services.throttleRules.visitsPerLinkPerIp },
  ]);
  if (retryAfterSeconds !== undefined) return { visit: untracked('limit'), viewerToken: null };

  // A cookie that is not shaped like one of ours makes the browser a new viewer. (A forged
  // one that is well shaped only names a viewer of its own; visits per address stay limited.)
  const viewer = viewerToken && isTokenShaped(viewerToken) ? viewerToken : newToken();
  const now = services.clock.now();
  const viewerHash = hashToken(viewer);
  const visitId = await services.db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ startedAt: clientLinkVisits.startedAt })
      .from(clientLinkVisits)
      .where(eq(clientLinkVisits.linkId, link.id))
      .orderBy(desc(clientLinkVisits.startedAt))
      .limit(1);
    const [seenViewer] = previous
      ? await tx
          .select({ id: clientLinkVisits.id })
          .from(clientLinkVisits)
          .where(
            and(eq(clientLinkVisits.linkId, link.id), eq(clientLinkVisits.viewerHash, viewerHash)),
          )
          .limit(1)
      : [];
    const [visit] = await tx
      .insert(clientLinkVisits)
      .values({
        linkId: link.id,
        startedAt: now,
        version: open.version.number,
        viewerHash,
        // The address the viewer proved, on a link that asks for one (issue 51).
        verifiedEmail: open.verifiedEmail ?? null,
      })
      .returning({ id: clientLinkVisits.id, verifiedEmail: clientLinkVisits.verifiedEmail });
    const [first] = await tx
      .update(clientLinks)
      .set({ firstOpenedAt: now })
      .where(and(eq(clientLinks.id, link.id), isNull(clientLinks.firstOpenedAt)))
      .returning({ id: clientLinks.id });
    await recordEvent(tx, services.clock, {
      type: 'link.opened',
      ...linkEventSubject(deck, link),
      visitId: visit!.id,
      data: {
        deck: deckOfEvent(deck),
        link: linkOfEvent(link),
        visit: {
          id: visit!.id,
          startedAt: now.toISOString(),
          version: open.version.number,
          verifiedEmail: visit!.verifiedEmail,
        },
        first: Boolean(first),
        newViewer: Boolean(previous) && !seenViewer,
        daysSinceLastVisit: previous
          ? Math.floor((now.getTime() - previous.startedAt.getTime()) / dayMs)
          : null,
      },
    });
    return visit!.id;
  });
  // Set again at every visit, so the year runs from the viewer's latest visit.
  return { visit: { visitId, isTracked: true, untrackedReason: null }, viewerToken: viewer };
}
