import type { SlideLink } from '@deck-portal/domain';
import { isLinkAddress } from '@deck-portal/domain/link-address';

/**
 * The links laid over a slide's picture (which cannot be clicked through), for the portal's
 * viewer and the client's page alike: each opens its page or e-mail in a new tab, is named by
 * its words for a screen reader, and covers them in shares of the picture. An address a viewer
 * must not open is left out, whatever the server sent; `place` is the link's place among the
 * slide's links as the server listed them (what a click is reported by).
 */
export function slideLinkAnchors(links: readonly SlideLink[] | undefined) {
  return (links ?? []).flatMap((link, place) =>
    isLinkAddress(link.href)
      ? [
          {
            place,
            attributes: {
              href: link.href,
              target: '_blank',
              rel: 'noopener noreferrer',
              title: link.href.replace(/^mailto:/, ''),
              'aria-label': link.text.trim() || link.href,
              style: {
                left: `${link.x * 100}%`,
                top: `${link.y * 100}%`,
                width: `${link.w * 100}%`,
                height: `${link.h * 100}%`,
              },
            },
          },
        ]
      : [],
  );
}
