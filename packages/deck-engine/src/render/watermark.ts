import { faceOf, getFont, shapeWord } from '../layout/fonts.ts';
import { SLIDE_HEIGHT, SLIDE_WIDTH, type TextElement } from '../layout/model.ts';
import { layoutText } from '../layout/text-layout.ts';

/** How far the band is turned: rising from bottom left to top right. */
const WATERMARK_ROTATION = -30;
/** Deep red at this opacity: plain to see, the slide still readable beneath. */
const WATERMARK_COLOR = 'C0392B';
const WATERMARK_OPACITY = 0.3;

/**
 * A watermark drawn over every PDF page and web view slide (a deck awaiting approval).
 * `band` is what is seen: one line across the middle of the slide, as large as fits about six
 * sevenths of its width, turned 30° about the slide's centre. `words` is the same text level
 * and fully see-through along the top edge, for the PDF's text layer only: text extraction
 * reads turned glyphs a character per line and would break the slide's own lines apart with
 * them, so the PDF draws the band as glyph outlines and keeps its words here.
 */
export interface Watermark {
  band: TextElement;
  words: TextElement;
}

/** Both parts laid out like any other text: the engine's fonts, and fallbacks for any script. */
export function layoutWatermark(text: string): Watermark {
  const w = SLIDE_WIDTH * 0.86;
  const h = 120;
  const band: TextElement = {
    ...layoutText({
      name: 'watermark',
      x: (SLIDE_WIDTH - w) / 2,
      y: (SLIDE_HEIGHT - h) / 2,
      w,
      h,
      text,
      weight: 'bold',
      size: 96,
      minSize: 24,
      maxLines: 1,
      color: WATERMARK_COLOR,
      align: 'center',
      valign: 'middle',
    }),
    rotation: WATERMARK_ROTATION,
    opacity: WATERMARK_OPACITY,
  };
  const words: TextElement = {
    ...layoutText({
      name: 'watermark-words',
      x: 4,
      y: 2,
      w: SLIDE_WIDTH - 8,
      h: 10,
      text,
      size: 6,
      minSize: 2,
      maxLines: 1,
      color: WATERMARK_COLOR,
    }),
    opacity: 0,
  };
  return { band, words };
}

/** One glyph's outline placed on the slide: `d` in font units, y up, at `scale` from (x, y). */
export interface PlacedGlyph {
  d: string;
  x: number;
  y: number;
  scale: number;
}

const outlines = new Map<string, string>();

/** The band's glyphs as outlines at their places before the turn, run by run as laid out. */
export function bandGlyphs(band: TextElement): PlacedGlyph[] {
  const placed: PlacedGlyph[] = [];
  const face = faceOf(band.family, band.weight, band.italic);
  for (const line of band.lines) {
    const runs = line.runs ?? [{ text: line.text, face, x: line.x }];
    for (const run of runs) {
      const { font } = getFont(run.face);
      const scale = band.size / font.unitsPerEm;
      const space = shapeWord(' ', run.face).advance;
      let pen = 0;
      for (const word of run.text.split(' ')) {
        const shaped = shapeWord(word, run.face);
        for (const glyph of shaped.glyphs) {
          const key = `${run.face}|${glyph.id}`;
          let d = outlines.get(key);
          if (d === undefined) {
            d = font.getGlyph(glyph.id).path.toSVG();
            outlines.set(key, d);
          }
          if (d !== '') {
            placed.push({
              d,
              x: run.x + (pen + glyph.x) * scale,
              y: line.baseline - glyph.y * scale,
              scale,
            });
          }
        }
        pen += shaped.advance + space;
      }
    }
  }
  return placed;
}
