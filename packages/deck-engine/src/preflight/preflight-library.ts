import { uploadIdOf, type SlideFinding } from '@deck-portal/domain';
import { seedPicture } from '../images/seed-pictures.ts';
import { withFontFamily } from '../layout/fonts.ts';
import type { Deck } from '../layout/model.ts';
import { useBrandFonts } from '../library/brand.ts';
import type { TemplateLibrary } from '../library/template-library.ts';
import { drawTemplateSample } from '../thumbnails.ts';
import { preflightSlide } from './preflight-slide.ts';

/**
 * The findings of every slide a library offers (retired ones left out), each drawn with the
 * studio's sample data in the brand's font: what an editor sees before publishing.
 * `files`: the library's pictures and font files that could be loaded, by address; a library
 * picture (`/api/uploads/…`) missing from them shows as an empty frame.
 */
export function preflightLibrary(
  library: TemplateLibrary,
  files: Readonly<Record<string, Uint8Array>> = {},
): SlideFinding[] {
  const { family } = useBrandFonts(library.brand, files);
  return library.slides.flatMap((template, index) => {
    if (template.isRetired) return [];
    const drawn = withFontFamily(family, () => drawTemplateSample(library, template.id));
    if (!drawn) return [];
    const missingPictures = new Set(
      drawn.elements.flatMap((element) =>
        element.kind === 'image' &&
        uploadIdOf(element.src) !== undefined &&
        !files[element.src] &&
        !seedPicture(element.src)
          ? [element.src]
          : [],
      ),
    );
    return preflightSlide(drawn, { missingPictures }).map((finding) => ({
      ...finding,
      slideTitle: template.title,
      slideNumber: index + 1,
    }));
  });
}

/**
 * A laid-out deck's findings with the slide each is on (its title and place), as the rep reads
 * them. `missingPictures`: addresses of pictures that could not be loaded (kept as empty frames).
 */
export function preflightDeckSlides(
  deck: Pick<Deck, 'slides'>,
  missingPictures: ReadonlySet<string> = new Set(),
): SlideFinding[] {
  return deck.slides.flatMap((slide, index) =>
    preflightSlide(slide, { missingPictures }).map((finding) => ({
      ...finding,
      slideTitle: slide.title,
      slideNumber: index + 1,
    })),
  );
}
