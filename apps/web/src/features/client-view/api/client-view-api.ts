import { clientLinkPaths } from '@deck-portal/domain/client-link-rules';
import { defaultProductName } from '@deck-portal/domain/product-name';
import type {
  ClientAccepted,
  ClientLinkSender,
  ClientView,
  StartVisitResponse,
} from '@deck-portal/domain';
import { ApiError } from '../../../lib/api-error.ts';

// The client's page talks to its few routes without the portal's API client: that one checks
// every answer against its zod schema, and zod alone would weigh more than this whole page.

type CallOptions = {
  method?: 'GET' | 'POST';
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Lets the request finish if the page closes meanwhile (small bodies only). */
  keepalive?: boolean;
};

function readError(status: number, payload: unknown): ApiError {
  const error = (payload as { error?: unknown } | undefined)?.error as
    { code?: unknown; message?: unknown; fields?: unknown } | undefined;
  if (typeof error?.code === 'string' && typeof error.message === 'string') {
    const fields =
      typeof error.fields === 'object' && error.fields !== null
        ? (error.fields as Record<string, string>)
        : {};
    return new ApiError(status, error.code, error.message, fields);
  }
  return new ApiError(status, 'http_error', `HTTP error! status: ${status}`);
}

/** Calls one of the link's routes on this origin; throws ApiError on any failure. */
export async function callClientApi<T>(path: string, options: CallOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, keepalive } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
      keepalive: keepalive ?? false,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'The server could not be reached.');
  }
  const text = await response.text();
  let payload: unknown;
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    payload = undefined;
  }
  if (!response.ok) throw readError(response.status, payload);
  if (text && payload === undefined) {
    throw new ApiError(
      response.status,
      'invalid_response',
      'The server sent an unexpected answer.',
    );
  }
  return payload as T;
}

/**
 * `GET /api/client-view/:token`: the deck behind a client link. Answers 401
 * `passcode_required` until the link's passcode is given, and 404 once the link is gone.
 */
export const getClientView = (token: string, signal?: AbortSignal) =>
  callClientApi<ClientView>(clientLinkPaths.api(token), { signal });

/**
 * `GET /api/client-view/:token/sender`: the company and the rep behind the link, shown above
 * the deck and on the passcode screen (the token alone opens it).
 */
export const getLinkSender = (token: string, signal?: AbortSignal) =>
  callClientApi<ClientLinkSender>(clientLinkPaths.sender(token), { signal });

/**
 * `POST /api/client-view/:token/visits`: counts one opening of the link (once per viewer: the
 * server keeps a cookie for it) and names the visit the viewer reports slide times to (none
 * when the rep is looking at their own link, or the address opened it too often this hour).
 */
export const startVisit = (token: string) =>
  callClientApi<StartVisitResponse>(`${clientLinkPaths.api(token)}/visits`, { method: 'POST' });

/**
 * `GET /api/config`'s `productName`: what the portal calls itself, told to a colleague whose
 * visit is not counted (the default when the answer names nothing).
 */
export const getProductName = async (signal?: AbortSignal) =>
  (await callClientApi<{ productName?: string }>('/api/config', { signal })).productName ||
  defaultProductName;

/**
 * `POST /api/client-view/:token/unlock`: checks the passcode; the answer sets a cookie that
 * opens this link's view (204). A wrong passcode is 400 `wrong_passcode`, too many are 429.
 */
export const unlockClientView = (token: string, passcode: string) =>
  callClientApi<void>(`${clientLinkPaths.api(token)}/unlock`, {
    method: 'POST',
    body: { passcode },
  });

/**
 * `POST /api/client-view/:token/accept`: accepts the proposal with the optional items chosen.
 * The server computes the total and refuses (409) one that is not its own, terms that changed,
 * a proposal being updated or updated since the page loaded, or a second acceptance
 * (`already_accepted`).
 */
export const acceptProposal = (token: string, body: AcceptProposalBody) =>
  callClientApi<{ accepted: ClientAccepted }>(`${clientLinkPaths.api(token)}/accept`, {
    method: 'POST',
    body,
  });

export type AcceptProposalBody = {
  fullName: string;
  jobTitle: string;
  agree: boolean;
  optionalProductIds: string[];
  totalCents: number;
  termsSha256: string;
  /** The version the page shows: refused (409) when the link shows another by now. */
  version: number;
};

/** `POST /api/client-view/:token/decline`: "Not now", with an optional reason (204). */
export const declineProposal = (token: string, reason: string) =>
  callClientApi<void>(`${clientLinkPaths.api(token)}/decline`, {
    method: 'POST',
    body: { reason },
  });
