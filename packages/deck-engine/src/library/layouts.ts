import type { LayoutInfo, Placeholder } from '@deck-portal/domain';
import type { Box, SlideElement } from '../layout/model.ts';
import { categoryColor } from './categories.ts';
import {
  chrome,
  CONTENT_TOP,
  CONTENT_WIDTH,
  footer,
  MARGIN_X,
  rect,
  text,
  type SlideContext,
} from './slide-kit.ts';
import type { ComposedSlide } from './template-slides.ts';

export interface LayoutDefinition extends LayoutInfo {
  compose(ctx: SlideContext, content: Readonly<Record<string, string>>): ComposedSlide;
}

function placeholders(list: Array<[string, string, Placeholder['type']]>): Placeholder[] {
  return list.map(([objectId, label, type]) => ({ objectId, label, type }));
}

function define(
  id: string,
  name: string,
  description: string,
  list: Array<[string, string, Placeholder['type']]>,
  compose: LayoutDefinition['compose'],
): LayoutDefinition {
  const phs = placeholders(list);
  return { id, name, description, placeholderCount: phs.length, placeholders: phs, compose };
}

const get = (content: Readonly<Record<string, string>>, key: string) => (content[key] ?? '').trim();

/** A picture frame: the image element itself; the renderers fill or mark it. */
function picture(box: Box, src: string, alt: string): SlideElement[] {
  if (src === '') return [];
  return [{ kind: 'image', ...box, src, fit: 'cover', alt }];
}

/** Custom slides use the 'sales' colour: they carry the rep's own content for this client. */
const CUSTOM = 'sales' as const;

function body(ctx: SlideContext, box: Box, value: string, size = 16): SlideElement {
  return text({
    name: 'body',
    ...box,
    text: value,
    size,
    minSize: 7,
    lineHeight: 1.4,
    paragraphGap: 0.5,
    color: ctx.brand.colors.ink,
  });
}

export const LAYOUTS: readonly LayoutDefinition[] = [
  define(
    'title-only',
    'Title only',
    'A headline on its own, for a statement or a transition.',
    [['title', 'Title', 'TITLE']],
    (ctx, content) => ({
      background: 'FFFFFF',
      elements: [
        ...footer(ctx),
        rect({ x: MARGIN_X, y: 200, w: 48, h: 4 }, categoryColor(CUSTOM)),
        text({
          name: 'title',
          x: MARGIN_X,
          y: 216,
          w: 760,
          h: 200,
          text: get(content, 'title'),
          weight: 'bold',
          size: 40,
          minSize: 14,
          lineHeight: 1.15,
          color: ctx.brand.colors.ink,
        }),
      ],
    }),
  ),
  define(
    'title-body',
    'Title and body',
    'A title with a block of text; blank lines start new paragraphs.',
    [
      ['title', 'Title', 'TITLE'],
      ['body', 'Body text', 'BODY'],
    ],
    (ctx, content) => ({
      background: 'FFFFFF',
      elements: [
        ...chrome(ctx, CUSTOM, get(content, 'title')),
        body(ctx, { x: MARGIN_X, y: CONTENT_TOP, w: CONTENT_WIDTH, h: 360 }, get(content, 'body')),
      ],
    }),
  ),
  define(
    'two-columns',
    'Two columns',
    'A title over two text columns, for comparisons or before-and-after.',
    [
      ['title', 'Title', 'TITLE'],
      ['left_heading', 'Left heading', 'SUBTITLE'],
      ['left', 'Left column', 'BODY'],
      ['right_heading', 'Right heading', 'SUBTITLE'],
      ['right', 'Right column', 'BODY'],
    ],
    (ctx, content) => {
      const c = ctx.brand.colors;
      const col = (CONTENT_WIDTH - 32) / 2;
      const elements: SlideElement[] = [...chrome(ctx, CUSTOM, get(content, 'title'))];
      (['left', 'right'] as const).forEach((side, i) => {
        const x = MARGIN_X + i * (col + 32);
        elements.push(
          rect({ x, y: CONTENT_TOP, w: col, h: 3 }, i === 0 ? categoryColor(CUSTOM) : c.accent),
          text({
            x,
            y: CONTENT_TOP + 12,
            w: col,
            h: 26,
            text: get(content, `${side}_heading`),
            weight: 'semibold',
            size: 16,
            minSize: 10,
            maxLines: 1,
            color: c.ink,
          }),
          body(ctx, { x, y: CONTENT_TOP + 48, w: col, h: 312 }, get(content, side), 14),
        );
      });
      return { background: 'FFFFFF', elements };
    },
  ),
  define(
    'image-caption',
    'Image and caption',
    'A large picture with a title and a caption beside it.',
    [
      ['title', 'Title', 'TITLE'],
      ['image', 'Picture URL', 'PICTURE'],
      ['caption', 'Caption', 'CAPTION'],
    ],
    (ctx, content) => ({
      background: 'FFFFFF',
      elements: [
        ...chrome(ctx, CUSTOM, get(content, 'title')),
        ...picture(
          { x: MARGIN_X, y: CONTENT_TOP, w: 580, h: 360 },
          get(content, 'image'),
          get(content, 'caption') || get(content, 'title'),
        ),
        rect({ x: 652, y: CONTENT_TOP, w: 3, h: 120 }, categoryColor(CUSTOM)),
        text({
          name: 'caption',
          x: 668,
          y: CONTENT_TOP,
          w: 244,
          h: 360,
          text: get(content, 'caption'),
          size: 14,
          minSize: 8,
          lineHeight: 1.45,
          color: ctx.brand.colors.muted,
        }),
      ],
    }),
  ),
  define(
    'text-image',
    'Text and image',
    'Body text on the left, a picture on the right.',
    [
      ['title', 'Title', 'TITLE'],
      ['body', 'Body text', 'BODY'],
      ['image', 'Picture URL', 'PICTURE'],
    ],
    (ctx, content) => ({
      background: 'FFFFFF',
      elements: [
        ...chrome(ctx, CUSTOM, get(content, 'title')),
        body(ctx, { x: MARGIN_X, y: CONTENT_TOP, w: 420, h: 360 }, get(content, 'body'), 15),
        ...picture(
          { x: 492, y: CONTENT_TOP, w: 420, h: 360 },
          get(content, 'image'),
          get(content, 'title'),
        ),
      ],
    }),
  ),
  define(
    'two-images',
    'Two images',
    'Two pictures side by side with a caption under each, e.g. before and after.',
    [
      ['title', 'Title', 'TITLE'],
      ['left_image', 'Left picture URL', 'PICTURE'],
      ['left_caption', 'Left caption', 'CAPTION'],
      ['right_image', 'Right picture URL', 'ONLINE_IMAGE'],
      ['right_caption', 'Right caption', 'CAPTION'],
    ],
    (ctx, content) => {
      const col = (CONTENT_WIDTH - 32) / 2;
      const elements: SlideElement[] = [...chrome(ctx, CUSTOM, get(content, 'title'))];
      (['left', 'right'] as const).forEach((side, i) => {
        const x = MARGIN_X + i * (col + 32);
        elements.push(
          ...picture(
            { x, y: CONTENT_TOP, w: col, h: 300 },
            get(content, `${side}_image`),
            get(content, `${side}_caption`),
          ),
          text({
            x,
            y: CONTENT_TOP + 312,
            w: col,
            h: 48,
            text: get(content, `${side}_caption`),
            size: 12,
            minSize: 8,
            lineHeight: 1.35,
            color: ctx.brand.colors.muted,
          }),
        );
      });
      return { background: 'FFFFFF', elements };
    },
  ),
  define(
    'section-header',
    'Section header',
    'A dark divider slide that opens a new part of the conversation.',
    [
      ['title', 'Section title', 'TITLE'],
      ['subtitle', 'Subtitle', 'SUBTITLE'],
    ],
    (ctx, content) => {
      const c = ctx.brand.colors;
      return {
        background: c.primary,
        elements: [
          { kind: 'ellipse', x: 640, y: -120, w: 460, h: 460, fill: c.accent, fillOpacity: 0.14 },
          rect({ x: MARGIN_X, y: 196, w: 48, h: 4 }, c.highlight),
          text({
            name: 'title',
            x: MARGIN_X,
            y: 212,
            w: 640,
            h: 130,
            text: get(content, 'title'),
            weight: 'bold',
            size: 40,
            minSize: 14,
            lineHeight: 1.12,
            color: 'FFFFFF',
          }),
          text({
            x: MARGIN_X,
            y: 350,
            w: 640,
            h: 80,
            text: get(content, 'subtitle'),
            size: 17,
            minSize: 9,
            lineHeight: 1.35,
            color: 'C9D4E2',
          }),
          ...footer(ctx, true),
        ],
      };
    },
  ),
  define(
    'big-number',
    'Big number',
    'One figure that matters, with what it means and the detail behind it.',
    [
      ['number', 'Number', 'BIG_NUMBER'],
      ['title', 'What it means', 'TITLE'],
      ['body', 'Detail', 'BODY'],
    ],
    (ctx, content) => {
      const c = ctx.brand.colors;
      return {
        background: 'FFFFFF',
        elements: [
          ...footer(ctx),
          text({
            name: 'number',
            x: MARGIN_X,
            y: 110,
            w: 500,
            h: 170,
            text: get(content, 'number'),
            weight: 'bold',
            size: 110,
            minSize: 24,
            lineHeight: 1.05,
            color: categoryColor(CUSTOM),
            valign: 'bottom',
          }),
          text({
            name: 'title',
            x: MARGIN_X,
            y: 296,
            w: 500,
            h: 70,
            text: get(content, 'title'),
            weight: 'semibold',
            size: 22,
            minSize: 11,
            lineHeight: 1.25,
            color: c.ink,
          }),
          rect({ x: 592, y: 120, w: 320, h: 350 }, c.panel, { radius: 10 }),
          rect({ x: 592, y: 120, w: 4, h: 350 }, categoryColor(CUSTOM)),
          text({
            name: 'body',
            x: 620,
            y: 144,
            w: 268,
            h: 302,
            text: get(content, 'body'),
            size: 15,
            minSize: 7,
            lineHeight: 1.45,
            paragraphGap: 0.5,
            color: c.ink,
            valign: 'middle',
          }),
        ],
      };
    },
  ),
  define(
    'quote',
    'Quote',
    'A customer or partner quote with its attribution.',
    [
      ['quote', 'Quote', 'BODY'],
      ['attribution', 'Attribution', 'SUBTITLE'],
    ],
    (ctx, content) => {
      const c = ctx.brand.colors;
      return {
        background: c.panel,
        elements: [
          ...footer(ctx),
          text({
            x: 90,
            y: 40,
            w: 120,
            h: 120,
            text: '“',
            weight: 'bold',
            size: 96,
            lineHeight: 1,
            color: categoryColor(CUSTOM),
          }),
          text({
            name: 'quote',
            x: 140,
            y: 150,
            w: 680,
            h: 230,
            text: get(content, 'quote'),
            weight: 'medium',
            size: 26,
            minSize: 9,
            lineHeight: 1.4,
            color: c.ink,
          }),
          rect({ x: 140, y: 404, w: 40, h: 3 }, c.accent),
          text({
            x: 140,
            y: 414,
            w: 680,
            h: 44,
            text: get(content, 'attribution'),
            weight: 'semibold',
            size: 13,
            minSize: 8,
            lineHeight: 1.3,
            color: c.muted,
          }),
        ],
      };
    },
  ),
];
