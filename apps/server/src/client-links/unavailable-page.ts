import { clientLinkMessages } from '@deck-portal/domain';
import { noticePage } from '../http/notice-page.ts';

/**
 * The page every refused client link gets (unknown, expired, revoked, deck deleted): one
 * fixed document, so nothing in it tells the cases apart. Plain HTML, no script: it must
 * show even when the web app is not built.
 */
export const unavailablePageHtml = noticePage('Link not available', clientLinkMessages.unavailable);

/** The page an address gets, whatever the token, once it has been refused too often. */
export const tooManyRequestsPageHtml = noticePage(
  'Too many requests',
  clientLinkMessages.tooManyRefused,
);
