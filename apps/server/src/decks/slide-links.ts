import type { SlideLink } from '@deck-portal/domain';

/** A viewed slide's links, when it has any (versions made before links were kept have none). */
export function linksOf(links: readonly SlideLink[] | undefined): { links?: SlideLink[] } {
  return links && links.length > 0 ? { links: [...links] } : {};
}
