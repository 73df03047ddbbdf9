import type { SlideLink } from '@deck-portal/domain';
import { slideLinkAnchors } from './slide-link-anchors.ts';
import classes from './slide-links.module.css';

/** The slide's linked words as links over its picture; the parent is the picture's box. */
export function SlideLinks({ links }: { links?: readonly SlideLink[] }) {
  return slideLinkAnchors(links).map(({ place, attributes }) => (
    <a key={place} className={classes.link} {...attributes} />
  ));
}
