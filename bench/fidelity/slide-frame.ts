/** Our slides are always 16:9, in points. */
export const SLIDE_WIDTH = 960;
export const SLIDE_HEIGHT = 540;

/** Where a page of another size lands on our slide: `slide = offset + page × scale`. */
export interface SlideFrame {
  scale: number;
  offsetX: number;
  offsetY: number;
}

/**
 * A page scaled uniformly to fit inside the 960 × 540 slide and centred — what the importer
 * does with a 4:3 presentation — so reference positions are compared where ours are drawn.
 */
export function fitIntoSlide(pageWidth: number, pageHeight: number): SlideFrame {
  const scale = Math.min(SLIDE_WIDTH / pageWidth, SLIDE_HEIGHT / pageHeight);
  return {
    scale,
    offsetX: (SLIDE_WIDTH - pageWidth * scale) / 2,
    offsetY: (SLIDE_HEIGHT - pageHeight * scale) / 2,
  };
}
