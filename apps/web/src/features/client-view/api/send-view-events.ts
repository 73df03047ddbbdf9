import { clientLinkPaths } from '@deck-portal/domain/client-link-rules';
import type { LinkClick, ViewEventBatch } from '@deck-portal/domain';
import { ApiError } from '../../../lib/api-error.ts';
import { callClientApi } from './client-view-api.ts';

export const viewEventsPath = (token: string, visitId: string) =>
  `${clientLinkPaths.api(token)}/visits/${encodeURIComponent(visitId)}/events`;

/**
 * `POST /api/client-view/:token/visits/:visitId/events` (204) while the page is open;
 * `keepalive` lets the request finish if the page closes meanwhile.
 */
export async function sendViewEvents(token: string, visitId: string, batch: ViewEventBatch) {
  await callClientApi<void>(viewEventsPath(token, visitId), {
    method: 'POST',
    body: batch,
    keepalive: true,
  });
}

/**
 * The same request as the page goes away. A beacon sends a string as text/plain, which the
 * server reads as JSON; false when the browser refused it.
 */
export function beaconViewEvents(token: string, visitId: string, batch: ViewEventBatch) {
  if (typeof navigator.sendBeacon !== 'function') {
    // No beacons here: a keepalive fetch outlives the page as well.
    void sendViewEvents(token, visitId, batch).catch(() => undefined);
    return true;
  }
  return navigator.sendBeacon(viewEventsPath(token, visitId), JSON.stringify(batch));
}

/**
 * `POST /api/client-view/:token/visits/:visitId/end` (204) as the page goes away, after its last
 * events: the visit is over and its owner's tools hear of it at once.
 */
export function beaconVisitEnd(token: string, visitId: string) {
  const path = `${clientLinkPaths.api(token)}/visits/${encodeURIComponent(visitId)}/end`;
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(path, '{}')) return;
  void callClientApi<void>(path, { method: 'POST', body: {}, keepalive: true }).catch(
    () => undefined,
  );
}

/** How long a click waits before each new try: about half a minute in all. */
export const linkClickRetryDelaysMs = [500, 1_000, 2_000, 4_000, 8_000, 16_000] as const;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `POST /api/client-view/:token/visits/:visitId/link-clicks` (204): the client opened a link on a
 * slide; `keepalive`, as the page may be left for the link's. A click is sent once and never
 * again in batches, so an answer that says "not now" (no answer at all, 429, 503: a busy or
 * restarting server) is tried again, a while later each time, rather than lost. (When the
 * first request was stored and only its answer lost, the click counts twice: a rare extra
 * click is the lesser harm than a missing one in a rep's analytics.)
 */
export async function sendLinkClick(
  token: string,
  visitId: string,
  click: LinkClick,
  { delaysMs = linkClickRetryDelaysMs }: { delaysMs?: readonly number[] } = {},
) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await callClientApi<void>(
        `${clientLinkPaths.api(token)}/visits/${encodeURIComponent(visitId)}/link-clicks`,
        { method: 'POST', body: click, keepalive: true },
      );
      return;
    } catch (error) {
      const delay = delaysMs[attempt];
      if (delay === undefined || !isWorthRetrying(error)) throw error;
      await wait(delay);
    }
  }
}

function isWorthRetrying(error: unknown) {
  return error instanceof ApiError && [0, 429, 502, 503, 504].includes(error.status);
}
