import type { SlideLink } from '@deck-portal/domain';

/**
 * A version's slides as a viewer lists them: each one's address (from its number), and its
 * linked words when it has any (versions made before links were kept have none).
 */
export function viewedSlides(
  version: { slideCount: number; slideLinks: readonly (readonly SlideLink[])[] },
  urlOf: (number: number) => string,
): { index: number; url: string; links?: SlideLink[] }[] {
  return Array.from({ length: version.slideCount }, (_, i) => {
    const links = version.slideLinks[i];
    return {
      index: i + 1,
      url: urlOf(i + 1),
      ...(links && links.length > 0 ? { links: [...links] } : {}),
    };
  });
}
