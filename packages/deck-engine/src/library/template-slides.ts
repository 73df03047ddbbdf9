import type { Hex, SlideElement } from '../layout/model.ts';
import { categoryColor, type CategoryId } from './categories.ts';
import { interpretTemplate } from './interpret-template.ts';
import { seedParts, seedSlides } from './template-seed.ts';
import {
  chrome,
  CONTENT_TOP,
  CONTENT_WIDTH,
  MARGIN_X,
  rect,
  stat,
  table,
  text,
  type SlideContext,
} from './slide-kit.ts';

export interface ComposedSlide {
  background: Hex;
  elements: SlideElement[];
}

export interface TemplateSlideDefinition {
  id: string;
  title: string;
  description: string;
  category: CategoryId;
  compose(ctx: SlideContext): ComposedSlide;
}

const white = (elements: SlideElement[]): ComposedSlide => ({ background: 'FFFFFF', elements });

/**
 * A template slide that is a document of the template format already (`seed/template-slides.json`),
 * drawn by the interpreter; the others below are still code until the format can say what they do.
 */
function documentSlide(id: string): TemplateSlideDefinition {
  const document = seedSlides().find((slide) => slide.id === id);
  if (!document) throw new Error(`seed/template-slides.json has no slide "${id}"`);
  return {
    id: document.id,
    title: document.title,
    description: document.description,
    category: document.category as CategoryId,
    compose: (ctx) => interpretTemplate(document, ctx, { parts: seedParts() }),
  };
}

export const TEMPLATE_SLIDES: readonly TemplateSlideDefinition[] = [
  documentSlide('title'),
  documentSlide('agenda'),
  documentSlide('confidentiality'),
  documentSlide('about-us'),
  documentSlide('by-the-numbers'),
  documentSlide('market-challenge'),
  documentSlide('product-data-logger'),
  documentSlide('product-battery-bms'),
  documentSlide('product-controller'),
  documentSlide('solution-architecture'),
  documentSlide('deployment-plan'),
  documentSlide('case-study'),
  {
    id: 'return-on-investment',
    title: 'Return on investment',
    description: 'Typical savings per site and the payback period, in a table.',
    category: 'sales',
    compose(ctx) {
      const c = ctx.brand.colors;
      const color = categoryColor('sales');
      const elements: SlideElement[] = [
        ...chrome(
          ctx,
          'sales',
          'Return on investment',
          'Typical mid-size site: 12 cold spaces, one freezer bank',
        ),
      ];
      elements.push(
        table(
          ctx,
          { x: MARGIN_X, y: CONTENT_TOP, w: 560, h: 300 },
          {
            name: 'roi-table',
            columns: [2.4, 1.2, 1.2],
            header: ['Annual saving', 'Before', `With ${ctx.brand.name}`],
            rows: [
              ['Spoiled stock', '$48,000', '$33,100'],
              ['Energy for refrigeration', '$61,500', '$54,100'],
              ['Manual temperature checks', '$22,800', '$2,400'],
              ['Outage losses (expected)', '$17,000', '$0'],
              ['Total cost per year', '$149,300', '$89,600'],
            ],
            align: ['left', 'right', 'right'],
            headerFill: c.primary,
            stripe: 'F7F9FC',
            emphasisRow: 4,
            emphasisFill: 'FCEDE9',
          },
        ),
      );
      elements.push(rect({ x: 640, y: CONTENT_TOP, w: 272, h: 300 }, c.panel, { radius: 10 }));
      elements.push(
        ...stat(
          ctx,
          { x: 664, y: CONTENT_TOP + 24, w: 228, h: 110 },
          '$59,700',
          'saved per site, every year',
          color,
        ),
      );
      elements.push(
        ...stat(
          ctx,
          { x: 664, y: CONTENT_TOP + 150, w: 228, h: 110 },
          '16 months',
          'typical payback, before the 30% tax credit',
          c.primary,
        ),
      );
      elements.push(
        text({
          x: MARGIN_X,
          y: 444,
          w: CONTENT_WIDTH,
          h: 36,
          text: 'Figures from 27 comparable customer sites, 2023–2025. Your own estimate follows the site survey.',
          size: 9.5,
          minSize: 7,
          color: c.muted,
        }),
      );
      return white(elements);
    },
  },
  documentSlide('next-steps'),
  documentSlide('thank-you'),
  documentSlide('leadership'),
  documentSlide('certifications'),
  documentSlide('market-trends'),
  documentSlide('sustainability'),
  documentSlide('testimonials'),
  documentSlide('appendix-specifications'),
  documentSlide('appendix-warranty'),
  documentSlide('appendix-glossary'),
  documentSlide('appendix-faq'),
];
