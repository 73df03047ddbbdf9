import { apiErrorSchema, clientLinkPaths, type ViewEventBatch } from '@deck-portal/domain';
import { ApiError } from '../../../lib/api-client.ts';

export const viewEventsPath = (token: string, visitId: string) =>
  `${clientLinkPaths.api(token)}/visits/${encodeURIComponent(visitId)}/events`;

/**
 * `POST /api/client-view/:token/visits/:visitId/events` (204) while the page is open. Not
 * through `apiRequest`: `keepalive` lets the request finish if the page closes meanwhile.
 */
export async function sendViewEvents(token: string, visitId: string, batch: ViewEventBatch) {
  let response: Response;
  try {
    response = await fetch(viewEventsPath(token, visitId), {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(batch),
    });
  } catch {
    throw new ApiError(0, 'network_error', 'The server could not be reached.');
  }
  if (response.ok) return;
  const parsed = apiErrorSchema.safeParse(await response.json().catch(() => undefined));
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    throw new ApiError(response.status, code, message, fields);
  }
  throw new ApiError(response.status, 'http_error', `HTTP error! status: ${response.status}`);
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
