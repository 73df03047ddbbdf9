import { paragraphText, type TemplateElement } from '@deck-portal/domain';

export type Box = { x: number; y: number; w: number; h: number };

/** The kinds of element placed by a box of their own (x, y, w, h). */
const boxedKinds = [
  'text',
  'rect',
  'ellipse',
  'path',
  'picture',
  'table',
  'quote',
  'chips',
  'chart',
] as const satisfies readonly TemplateElement['kind'][];
type BoxedElement = Extract<TemplateElement, { kind: (typeof boxedKinds)[number] }>;

const isBoxed = (element: TemplateElement): element is BoxedElement =>
  (boxedKinds as readonly string[]).includes(element.kind);

/**
 * Where an element sits on the slide, in points: a repeat's is its first copy's (its elements'
 * boxes together, from its place); undefined for parts.
 */
export function boxOf(element: TemplateElement): Box | undefined {
  if (isBoxed(element)) return { x: element.x, y: element.y, w: element.w, h: element.h };
  switch (element.kind) {
    case 'logo':
      return { x: element.x, y: element.y, w: element.size, h: element.size };
    case 'line':
      return {
        x: Math.min(element.x1, element.x2),
        y: Math.min(element.y1, element.y2),
        w: Math.abs(element.x2 - element.x1),
        h: Math.abs(element.y2 - element.y1),
      };
    case 'repeat': {
      const boxes = element.elements.flatMap((child) => boxOf(child) ?? []);
      if (boxes.length === 0) return undefined;
      const left = Math.min(...boxes.map((b) => b.x));
      const top = Math.min(...boxes.map((b) => b.y));
      const right = Math.max(...boxes.map((b) => b.x + b.w));
      const bottom = Math.max(...boxes.map((b) => b.y + b.h));
      return { x: element.x + left, y: element.y + top, w: right - left, h: bottom - top };
    }
    default:
      return undefined;
  }
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The element moved and sized to a new box (a logo stays square; a line keeps its direction; a
 * repeat only moves, its copies' size is its elements').
 */
export function withBox(element: TemplateElement, next: Box): TemplateElement {
  const box = { x: round(next.x), y: round(next.y), w: round(next.w), h: round(next.h) };
  if (isBoxed(element)) return { ...element, ...box };
  switch (element.kind) {
    case 'logo':
      return { ...element, x: box.x, y: box.y, size: Math.max(box.w, box.h) };
    case 'line': {
      const leftToRight = element.x1 <= element.x2;
      const topToBottom = element.y1 <= element.y2;
      return {
        ...element,
        x1: leftToRight ? box.x : box.x + box.w,
        x2: leftToRight ? box.x + box.w : box.x,
        y1: topToBottom ? box.y : box.y + box.h,
        y2: topToBottom ? box.y + box.h : box.y,
      };
    }
    case 'repeat': {
      const first = boxOf(element);
      if (!first) return element;
      return {
        ...element,
        x: round(element.x + box.x - first.x),
        y: round(element.y + box.y - first.y),
      };
    }
    default:
      return element;
  }
}

/** What the element list and the canvas call an element, for a person. */
export function describeElement(element: TemplateElement): string {
  switch (element.kind) {
    case 'text': {
      const text = Array.isArray(element.text)
        ? element.text.map(paragraphText).join(' ')
        : element.text;
      const words = text.trim().split(/\s+/).slice(0, 5).join(' ');
      return `Text: ${words || 'empty'}`;
    }
    case 'rect':
      return 'Rectangle';
    case 'ellipse':
      return 'Ellipse';
    case 'path':
      return 'Shape';
    case 'line':
      return 'Line';
    case 'picture':
      return 'Picture';
    case 'table':
      return 'Table';
    case 'quote':
      return 'Quote table';
    case 'chart':
      return element.title ? `Chart: ${element.title.split(/\s+/).slice(0, 5).join(' ')}` : 'Chart';
    case 'chips':
      return 'Feature tags';
    case 'logo':
      return 'Logo';
    case 'part':
      return `Shared part: ${element.part}`;
    case 'repeat':
      return 'Repeated block';
  }
}
