import { clientLinkMessages, isRightToLeft } from '@deck-portal/domain';
import {
  clientPageTexts,
  preferredClientPageLanguage,
} from '@deck-portal/domain/client-page-texts';
import { noticePage } from '../http/notice-page.ts';

/**
 * The page every refused client link gets (unknown, expired, revoked, deck deleted): one
 * fixed document, so nothing in it tells the cases apart. Plain HTML, no script: it must
 * show even when the web app is not built.
 */
export const unavailablePageHtml = noticePage('Link not available', clientLinkMessages.unavailable);

const pagesByLanguage = new Map<string, string>([['en', unavailablePageHtml]]);

/** The languages an Accept-Language header asks for, the most wanted first. */
function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The refused link's page in the browser's language when the client page speaks it (issue 50),
 * as the client page's own message for a link it cannot open: the browser's, never the deck's,
 * so the page still says nothing about which links exist.
 */
export function unavailablePageFor(acceptLanguage: string | undefined): string {
  const language = preferredClientPageLanguage(acceptedLanguages(acceptLanguage));
  let page = pagesByLanguage.get(language);
  if (!page) {
    const texts = clientPageTexts(language);
    page = noticePage(texts.unavailableTitle, texts.unavailable, {
      lang: language,
      dir: isRightToLeft(language) ? 'rtl' : 'ltr',
    });
    pagesByLanguage.set(language, page);
  }
  return page;
}

/** The page an address gets, whatever the token, once it has been refused too often. */
export const tooManyRequestsPageHtml = noticePage(
  'Too many requests',
  clientLinkMessages.tooManyRefused,
);
