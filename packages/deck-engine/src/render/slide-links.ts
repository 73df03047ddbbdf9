import type { SlideLink } from '@deck-portal/domain';
import { getFont, shapeWord } from '../layout/fonts.ts';
import {
  SLIDE_HEIGHT,
  SLIDE_WIDTH,
  type Box,
  type TextElement,
  type TextRun,
} from '../layout/model.ts';
import type { RenderSlide } from './place-images.ts';

/** A run's width as drawn, for its underline and its link. */
export function runWidth(run: TextRun): number {
  return run.look ? shapeWord(run.text, run.face).width * run.look.size : 0;
}

/**
 * Where a linked run is clicked: over its glyphs' band, from the baseline it is drawn on
 * (raised or lowered already), `width` wide.
 */
export function linkBand(run: TextRun, baseline: number, width: number): Box {
  const { ascent, descent } = getFont(run.face);
  const size = run.look?.size ?? 0;
  return { x: run.x, y: baseline - ascent * size, w: width, h: (ascent - descent) * size };
}

/** The box turned with its text about the text's centre (clockwise on the page), boxed again. */
function turned(box: Box, element: TextElement): Box {
  if (!element.rotation) return box;
  const cx = element.x + element.w / 2;
  const cy = element.y + element.h / 2;
  const angle = (element.rotation * Math.PI) / 180;
  const corners = [
    [box.x, box.y],
    [box.x + box.w, box.y],
    [box.x, box.y + box.h],
    [box.x + box.w, box.y + box.h],
  ].map(([x, y]) => {
    const dx = x! - cx;
    const dy = y! - cy;
    return [
      cx + dx * Math.cos(angle) - dy * Math.sin(angle),
      cy + dx * Math.sin(angle) + dy * Math.cos(angle),
    ] as const;
  });
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

const share = (value: number) => Math.min(1, Math.max(0, Math.round(value * 10_000) / 10_000));

/**
 * The slide's linked words as a viewer lays them over its picture: one box per run and line,
 * in shares of the slide's width and height, kept to the slide.
 */
export function slideLinks(slide: Pick<RenderSlide, 'elements'>): SlideLink[] {
  const links: SlideLink[] = [];
  for (const element of slide.elements) {
    if (element.kind !== 'text') continue;
    for (const line of element.lines) {
      for (const run of line.runs ?? []) {
        if (!run.look?.link) continue;
        const band = linkBand(run, line.baseline - run.look.rise, runWidth(run));
        const box = turned(band, element);
        const x = share(box.x / SLIDE_WIDTH);
        const y = share(box.y / SLIDE_HEIGHT);
        const w = share((box.x + box.w) / SLIDE_WIDTH) - x;
        const h = share((box.y + box.h) / SLIDE_HEIGHT) - y;
        if (w > 0 && h > 0) {
          links.push({ href: run.look.link, text: run.text, x, y, w: share(w), h: share(h) });
        }
      }
    }
  }
  return links;
}
