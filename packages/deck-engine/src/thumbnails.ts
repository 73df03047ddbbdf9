import type { Slide } from './layout/model.ts';
import type { TemplateLibrary } from './library/template-library.ts';
import { placeImages } from './render/place-images.ts';
import { renderSlideSvg } from './render/render-svg.ts';

/** What a thumbnail shows where a real deck shows the rep's data. */
export const THUMBNAIL_SAMPLE = {
  clientName: 'Your Client',
  headline: 'Proposal',
  dateText: 'January 15, 2026',
  contact: 'Primary contact',
} as const;

/** One template slide drawn with sample data, as SVG; undefined when the id is unknown. */
export function renderTemplateThumbnailSvg(
  library: TemplateLibrary,
  slideId: string,
): string | undefined {
  const template = library.slides.find((s) => s.id === slideId);
  if (!template) return undefined;
  const composed = template.compose({
    brand: library.brand,
    ...THUMBNAIL_SAMPLE,
    pageNumber: template.index + 1,
    sections: ['Company', 'Market', 'Products', 'Strategy', 'Sales', 'Next steps'],
    products: ['battery_backup', 'data_logger', 'controller', 'bms'],
  });
  const slide: Slide = {
    id: template.id,
    kind: 'template',
    title: template.title,
    background: composed.background,
    elements: composed.elements,
  };
  return renderSlideSvg(placeImages(slide, new Map()));
}
