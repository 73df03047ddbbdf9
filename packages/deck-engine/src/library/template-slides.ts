import { endSentence } from '@deck-portal/domain/pricing';
import type { DeckPresenter } from '@deck-portal/domain';
import type { Hex, SlideElement } from '../layout/model.ts';
import { categoryColor, type CategoryId } from './categories.ts';
import { interpretTemplate } from './interpret-template.ts';
import { seedParts, seedSlides } from './template-seed.ts';
import {
  card,
  chrome,
  CONTENT_TOP,
  CONTENT_WIDTH,
  ellipse,
  MARGIN_X,
  rect,
  stat,
  table,
  text,
  wordmark,
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

function dark(ctx: SlideContext, elements: SlideElement[]): ComposedSlide {
  return { background: ctx.brand.colors.primary, elements };
}

/** Soft frost circles that decorate the dark slides. */
function frostDecor(ctx: SlideContext): SlideElement[] {
  const c = ctx.brand.colors;
  return [
    ellipse({ x: 610, y: -150, w: 520, h: 520 }, c.accent, { fillOpacity: 0.14 }),
    ellipse({ x: 720, y: 250, w: 360, h: 360 }, c.accent, { fillOpacity: 0.1 }),
    ellipse({ x: 700, y: 392, w: 110, h: 110 }, c.primary, {
      stroke: { color: c.highlight, width: 2 },
      fillOpacity: 0,
    }),
  ];
}

/**
 * The rep who sends the deck, in two lines: "{lead}Name, Job title" and "e-mail · phone".
 * Nothing when the deck has no presenter (the brand's own contact block stands instead).
 */
function presenterLines(presenter: DeckPresenter | undefined, lead: string): string[] {
  if (!presenter) return [];
  const who = presenter.jobTitle ? `${presenter.name}, ${presenter.jobTitle}` : presenter.name;
  const reach = [presenter.email, presenter.phone].filter(Boolean).join(' · ');
  return [`${lead}${who}`, reach];
}

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
  {
    id: 'title',
    title: 'Title',
    description: 'Cover slide with the client name, deck title, date and primary contact.',
    category: 'intro',
    compose(ctx) {
      const c = ctx.brand.colors;
      const details: string[] = [ctx.dateText];
      if (ctx.contact) details.push(`Attention: ${ctx.contact}`);
      details.push(...presenterLines(ctx.presenter, 'Presented by '));
      return dark(ctx, [
        ...frostDecor(ctx),
        ...wordmark(ctx.brand, MARGIN_X, 44, 26, true),
        rect({ x: MARGIN_X, y: 160, w: 40, h: 4 }, c.highlight),
        text({
          name: 'headline',
          x: MARGIN_X,
          y: 176,
          w: 600,
          h: 24,
          text: ctx.headline.toUpperCase(),
          weight: 'semibold',
          size: 12,
          minSize: 8,
          maxLines: 1,
          color: c.accent,
          valign: 'middle',
        }),
        text({
          x: MARGIN_X,
          y: 208,
          w: 600,
          h: 22,
          text: 'Prepared for',
          size: 15,
          color: 'C9D4E2',
          valign: 'middle',
        }),
        text({
          name: 'client-name',
          x: MARGIN_X,
          y: 234,
          w: 600,
          h: 150,
          text: ctx.clientName,
          weight: 'bold',
          size: 46,
          minSize: 14,
          lineHeight: 1.08,
          color: 'FFFFFF',
          valign: 'top',
        }),
        {
          kind: 'line',
          x1: MARGIN_X,
          y1: 410,
          x2: MARGIN_X + 600,
          y2: 410,
          color: '2A4466',
          width: 1,
        },
        text({
          name: 'title-details',
          x: MARGIN_X,
          y: 420,
          w: 600,
          h: details.length > 2 ? 66 : 44,
          text: details,
          size: details.length > 2 ? 11 : 12,
          minSize: 7,
          lineHeight: details.length > 2 ? 1.35 : 1.45,
          color: 'E4EBF3',
        }),
        text({
          x: MARGIN_X,
          y: 492,
          w: 520,
          h: 16,
          text: ctx.brand.tagline,
          size: 9,
          minSize: 7,
          maxLines: 1,
          color: '8FA3BC',
        }),
      ]);
    },
  },
  {
    id: 'agenda',
    title: 'Agenda',
    description: 'The conversation in order, listing the sections this deck contains.',
    category: 'intro',
    compose(ctx) {
      const c = ctx.brand.colors;
      const sections =
        ctx.sections.length > 0 ? ctx.sections : ['Company', 'Products', 'Next steps'];
      const elements: SlideElement[] = [...chrome(ctx, 'intro', 'Agenda')];
      elements.push(
        text({
          x: MARGIN_X,
          y: CONTENT_TOP + 6,
          w: 280,
          h: 120,
          text: `What we will cover with ${ctx.clientName} today.`,
          weight: 'medium',
          size: 20,
          minSize: 11,
          lineHeight: 1.3,
          color: c.ink,
        }),
      );
      const rowH = Math.min(52, 360 / sections.length);
      sections.forEach((section, i) => {
        const y = CONTENT_TOP + i * rowH;
        elements.push(
          text({
            x: 400,
            y,
            w: 60,
            h: rowH - 8,
            text: String(i + 1).padStart(2, '0'),
            weight: 'bold',
            size: 22,
            minSize: 10,
            color: c.accent,
            valign: 'middle',
          }),
          text({
            x: 470,
            y,
            w: 440,
            h: rowH - 8,
            text: section,
            weight: 'semibold',
            size: 17,
            minSize: 10,
            maxLines: 1,
            color: c.ink,
            valign: 'middle',
          }),
          {
            kind: 'line',
            x1: 400,
            y1: y + rowH - 4,
            x2: 912,
            y2: y + rowH - 4,
            color: c.rule,
            width: 0.75,
          },
        );
      });
      return white(elements);
    },
  },
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
  {
    id: 'next-steps',
    title: 'Next steps',
    description: 'Three concrete steps from this meeting to an installed system.',
    category: 'closing',
    compose(ctx) {
      const c = ctx.brand.colors;
      const color = categoryColor('closing');
      const elements: SlideElement[] = [...chrome(ctx, 'closing', 'Next steps')];
      const steps: Array<[string, string]> = [
        [
          'Confirm scope',
          `Agree the sites, products and quantities with ${ctx.contact || 'your team'}.`,
        ],
        ['Site survey', 'Our engineer visits within two weeks and confirms the fixed price.'],
        ['Sign & schedule', 'Sign the order; we schedule installation around your trading hours.'],
      ];
      steps.forEach(([title, body], i) => {
        elements.push(
          ...card(
            ctx,
            { x: MARGIN_X + i * 296, y: CONTENT_TOP + 10, w: 276, h: 170 },
            {
              title,
              body,
              color: i === 0 ? c.accent : color,
              badge: String(i + 1),
            },
          ),
        );
      });
      elements.push(
        text({
          x: MARGIN_X,
          y: 330,
          w: CONTENT_WIDTH,
          h: 60,
          text: 'Quotes are valid for 60 days. Installation slots for next quarter are allocated in order of signature.',
          size: 13,
          minSize: 9,
          lineHeight: 1.4,
          color: c.muted,
        }),
      );
      return white(elements);
    },
  },
  {
    id: 'thank-you',
    title: 'Thank you',
    description: 'Closing slide with contact details.',
    category: 'closing',
    compose(ctx) {
      const c = ctx.brand.colors;
      return dark(ctx, [
        ...frostDecor(ctx),
        ...wordmark(ctx.brand, MARGIN_X, 44, 26, true),
        text({
          x: MARGIN_X,
          y: 170,
          w: 560,
          h: 70,
          text: 'Thank you',
          weight: 'bold',
          size: 54,
          color: 'FFFFFF',
        }),
        text({
          x: MARGIN_X,
          y: 246,
          w: 540,
          h: 60,
          text: endSentence(`We look forward to protecting the cold chain at ${ctx.clientName}`),
          size: 17,
          minSize: 10,
          lineHeight: 1.35,
          color: 'C9D4E2',
        }),
        rect({ x: MARGIN_X, y: 330, w: 40, h: 4 }, c.highlight),
        text({
          x: MARGIN_X,
          y: 346,
          w: 540,
          h: 100,
          name: 'contact',
          text: ctx.presenter
            ? [...presenterLines(ctx.presenter, ''), ctx.brand.website]
            : [ctx.brand.email, ctx.brand.phone, ctx.brand.website],
          minSize: 9,
          weight: 'medium',
          size: 14,
          lineHeight: 1.6,
          color: 'FFFFFF',
        }),
        text({
          x: MARGIN_X,
          y: 492,
          w: 540,
          h: 16,
          text: ctx.brand.address,
          size: 9,
          color: '8FA3BC',
        }),
      ]);
    },
  },
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
