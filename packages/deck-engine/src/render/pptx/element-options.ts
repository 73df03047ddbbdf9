import type PptxGenJS from 'pptxgenjs';
import {
  faceCovers,
  faceOf,
  familyOf,
  fontSegments,
  getFont,
  PPTX_FONT_FACE,
  type FontFace,
  type FontSegment,
  type FontWeight,
} from '../../layout/fonts.ts';
import { inches, type Shadow, type ShapeElement } from '../../layout/model.ts';
import { placePath } from '../shape-path.ts';

// What a laid-out element is in PowerPoint's terms, shared by the option objects `render-pptx.ts`
// builds (for pptxgenjs, and the direct writer's tables and pictures) and the shapes and text
// boxes the direct writer writes straight from their elements (`element-markup.ts`).

/** The language a fallback family's runs are marked with, so PowerPoint picks its fonts for them. */
const FALLBACK_LANGUAGES: Readonly<Record<string, string>> = {
  'Noto Sans JP': 'ja-JP',
  'Noto Sans SC': 'zh-CN',
  'Noto Sans TC': 'zh-TW',
  'Noto Sans KR': 'ko-KR',
  'Noto Sans Arabic': 'ar-SA',
  'Noto Sans Hebrew': 'he-IL',
  'Noto Sans Devanagari': 'hi-IN',
  'Noto Sans Thai': 'th-TH',
};

/** A run in its paragraph's own face: nothing of its own (read, never written into). */
const NO_OPTIONS: Readonly<PptxGenJS.TextPropsOptions> = Object.freeze({});

/**
 * A line of a paragraph in runs of one face: its own, or the fallback family that draws its
 * characters in the PDF. Such a run names that family as its Latin, East Asian (`a:ea`) and
 * complex-script (`a:cs`) font, so PowerPoint and LibreOffice draw those characters with it too.
 */
export function fontRuns(
  text: string,
  face: FontFace,
): { text: string; options: Readonly<PptxGenJS.TextPropsOptions> }[] {
  // A line its own face draws whole (most lines) is one run, without a look at each word.
  if (faceCovers(face, text)) return [{ text, options: NO_OPTIONS }];
  const runs: FontSegment[] = [];
  for (const [i, word] of text.split(' ').entries()) {
    const pieces = [
      ...(i > 0 ? [{ text: ' ', face: runs.at(-1)?.face ?? face }] : []),
      ...(word === '' ? [] : fontSegments(word, face)),
    ];
    for (const piece of pieces) {
      const last = runs.at(-1);
      if (last?.face === piece.face) last.text += piece.text;
      else runs.push({ ...piece });
    }
  }
  if (runs.length === 0) runs.push({ text, face });
  return runs.map((run) => {
    if (run.face === face) return { text: run.text, options: NO_OPTIONS };
    const family = familyOf(run.face);
    const lang = FALLBACK_LANGUAGES[family];
    return { text: run.text, options: { fontFace: family, ...(lang ? { lang } : {}) } };
  });
}

/**
 * The Office fonts the bundled stand-ins share their metrics with: an imported slide's PPTX
 * names the company's own font, which PowerPoint has, and breaks lines where we did. DejaVu
 * Sans, standing in for the wide humanist sans faces, is named Verdana, the one of them every
 * office machine has and nearest it in width.
 */
const officeNameOf: Readonly<Record<string, string>> = {
  Arimo: 'Arial',
  Carlito: 'Calibri',
  Tinos: 'Times New Roman',
  Caladea: 'Cambria',
  'DejaVu Sans': 'Verdana',
};

/** The font PowerPoint names for a weight of a family (the built-in one when absent). */
export function weightOptions(family: string | undefined, weight: FontWeight) {
  if (family) {
    // An uploaded family is named by its own name; its heavier weights are PowerPoint's bold.
    const familyName = officeNameOf[family] ?? getFont(faceOf(family, weight)).familyName;
    return { fontFace: familyName, bold: weight === 'bold' || weight === 'semibold' };
  }
  const face = PPTX_FONT_FACE[weight];
  return { fontFace: face.face, bold: face.bold };
}

/**
 * A shadow as PowerPoint's outer shadow: its blur, its distance and the direction it falls in
 * (whole degrees clockwise from the right). pptxgenjs takes a 0 for "unset": a nil blur or
 * distance is written as next to nothing, and a shadow falling straight right at 359°.
 */
export function shadowOptions(shadow: Shadow | undefined) {
  if (!shadow || shadow.opacity <= 0) return {};
  const tiny = 0.001;
  const direction = Math.round((Math.atan2(shadow.dy, shadow.dx) * 180) / Math.PI + 360) % 360;
  return {
    shadow: {
      type: 'outer' as const,
      color: shadow.color,
      opacity: shadow.opacity,
      blur: Math.max(tiny, shadow.blur),
      offset: Math.max(tiny, Math.hypot(shadow.dx, shadow.dy)),
      angle: direction === 0 ? 359 : direction,
    },
  };
}

/** A path shape's outline as PowerPoint's custom geometry: inches from the shape's corner. */
export function pptxPoints(element: ShapeElement) {
  const commands = placePath(element.path ?? '', { x: 0, y: 0, w: element.w, h: element.h });
  return commands.map((c) => {
    if (c.op === 'Z') return { close: true as const };
    if (c.op === 'C') {
      return {
        x: inches(c.x),
        y: inches(c.y),
        curve: {
          type: 'cubic' as const,
          x1: inches(c.x1),
          y1: inches(c.y1),
          x2: inches(c.x2),
          y2: inches(c.y2),
        },
      };
    }
    return { x: inches(c.x), y: inches(c.y), ...(c.op === 'M' ? { moveTo: true } : {}) };
  });
}
