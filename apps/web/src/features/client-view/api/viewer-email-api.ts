import { viewerEmailPaths, type ViewerAccess } from '@deck-portal/domain/viewer-email-rules';
import { callClientApi } from './client-view-api.ts';

/**
 * `GET /api/client-view/:token/viewer`: whether the link asks for the viewer's e-mail, the
 * address this browser proved, and the deck's language (so the e-mail step speaks it).
 */
export const getViewerAccess = (token: string, signal?: AbortSignal) =>
  callClientApi<ViewerAccess>(viewerEmailPaths.access(token), { signal });

/**
 * `POST /api/client-view/:token/viewer/code`: mails a 6-digit code to `email` (202). An address
 * at a domain the link does not allow is 400 `domain_not_allowed`; too many codes, 429.
 */
export const requestViewerCode = (token: string, email: string) =>
  callClientApi<{ email: string; expiresAt: string }>(viewerEmailPaths.code(token), {
    method: 'POST',
    body: { email },
  });

/**
 * `POST /api/client-view/:token/viewer/verify`: the right code sets the cookie that opens the
 * link (204); a wrong one is 400 `wrong_code`, a dead one (expired, tried 5 times) `code_dead`.
 */
export const verifyViewerCode = (token: string, email: string, code: string) =>
  callClientApi<void>(viewerEmailPaths.verify(token), {
    method: 'POST',
    body: { email, code },
  });
