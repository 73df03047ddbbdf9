import { isLinkAddress, type SlideLink } from '@deck-portal/domain';
import classes from './slide-links.module.css';

/**
 * The slide's linked words as links over its picture (which cannot be clicked through), each
 * opening its page or e-mail in a new tab; named by its words for a screen reader. The parent
 * is the picture's box, positioned.
 */
export function SlideLinks({ links }: { links?: readonly SlideLink[] }) {
  return (links ?? [])
    .filter((link) => isLinkAddress(link.href))
    .map((link, i) => (
      <a
        key={i}
        className={classes.link}
        href={link.href}
        target="_blank"
        rel="noopener noreferrer"
        title={link.href.replace(/^mailto:/, '')}
        aria-label={link.text.trim() || link.href}
        style={{
          left: `${link.x * 100}%`,
          top: `${link.y * 100}%`,
          width: `${link.w * 100}%`,
          height: `${link.h * 100}%`,
        }}
      />
    ));
}
