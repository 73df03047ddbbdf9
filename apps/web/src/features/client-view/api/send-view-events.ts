import { clientLinkPaths } from '@deck-portal/domain/client-link-rules';
import type { LinkClick, ViewEventBatch } from '@deck-portal/domain';
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
 * `POST /api/client-view/:token/visits/:visitId/link-clicks` (204): the client opened a link on a
 * slide; `keepalive`, as the page may be left for the link's.
 */
export async function sendLinkClick(token: string, visitId: string, click: LinkClick) {
  await callClientApi<void>(
    `${clientLinkPaths.api(token)}/visits/${encodeURIComponent(visitId)}/link-clicks`,
    { method: 'POST', body: click, keepalive: true },
  );
}
