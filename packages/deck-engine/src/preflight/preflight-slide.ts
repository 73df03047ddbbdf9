import { deckLanguageOf, LIBRARY_LANGUAGE, type PreflightFinding } from '@deck-portal/domain';
import { faceOf, getFont } from '../layout/fonts.ts';
import type {
  Box,
  Deck,
  Hex,
  ShapeElement,
  Slide,
  SlideElement,
  TextElement,
} from '../layout/model.ts';
import { contrastRatio, overColor } from './contrast.ts';

/** Below this size (points) a text shrunk to fit is too small to read across a meeting room. */
export const SMALLEST_READABLE_SIZE = 8;

/** WCAG 2 AA: body text stands out 4.5 times from what is behind it. */
const BODY_CONTRAST = 4.5;

export interface PreflightOptions {
  /** Picture addresses that could not be loaded: their frames show empty. */
  missingPictures?: ReadonlySet<string>;
}

/**
 * What on a laid-out slide should not reach a client: words left as placeholders, empty picture
 * frames, texts something is drawn over, cut or shrunk texts, and text that stands out too
 * little from what is behind it. Read from the engine's own layout (sizes after fitting, lines
 * as drawn), so what it names is what the PDF shows.
 */
export function preflightSlide(slide: Slide, options: PreflightOptions = {}): PreflightFinding[] {
  const findings: PreflightFinding[] = [];
  const add = (element: string, kind: PreflightFinding['kind'], message: string) =>
    findings.push({ slideId: slide.id, element, kind, message });

  slide.elements.forEach((element, index) => {
    for (const text of textsOf(element)) {
      const name = describeText(text);
      const words = placeholderWords(text);
      if (words.length > 0) add(name, 'placeholder-text', placeholderMessage(name, words));
      if (text.truncated) {
        add(
          name,
          'overflow',
          `The text ${name} does not fit its box even at ${points(text.size)}: its end is cut. Shorten it or make its box larger.`,
        );
      } else if (text.shrunkFrom !== undefined && text.size < SMALLEST_READABLE_SIZE) {
        add(
          name,
          'small-text',
          `The text ${name} was shrunk from ${points(text.shrunkFrom)} to ${points(text.size)} to fit its box: too small to read (${points(SMALLEST_READABLE_SIZE)} at least). Shorten it or make its box larger.`,
        );
      }
    }
    if (element.kind === 'image' && options.missingPictures?.has(element.src)) {
      const name = element.alt.trim() ? `picture “${clip(element.alt)}”` : 'picture';
      add(
        name,
        'empty-picture',
        `The ${name} could not be loaded: the slide shows an empty frame marked “Picture unavailable”. Choose another picture or remove it.`,
      );
    }
    if (element.kind === 'text') {
      const covering = coveringElement(slide, element, index);
      if (covering) {
        const name = describeText(element);
        add(
          name,
          'covered-text',
          `${capitalise(covering)} lies over the text ${name} and hides some of its words. Move one of them.`,
        );
      }
    }
    for (const { text, behind } of textsOnBackground(slide, element, index)) {
      const finding = contrastFinding(text, behind);
      if (finding) add(describeText(text), 'low-contrast', finding);
    }
  });

  if (slide.untranslated) {
    const { language, texts } = slide.untranslated;
    const shown = texts
      .slice(0, 3)
      .map((text) => `“${shorten(text)}”`)
      .join(', ');
    const more = texts.length > 3 ? ` and ${texts.length - 3} more` : '';
    const count = texts.length === 1 ? '1 text' : `${texts.length} texts`;
    add(
      count,
      'untranslated',
      `${shown}${more} ${texts.length === 1 ? 'has' : 'have'} no ${deckLanguageOf(language).name} translation: the slide shows ${texts.length === 1 ? 'it' : 'them'} in ${deckLanguageOf(LIBRARY_LANGUAGE).name}. Add the translation on the library's Languages page, or send the slide as it is.`,
    );
  }
  for (const frame of slide.emptyPictures ?? []) {
    add(
      'picture frame',
      'empty-picture',
      `A picture frame at ${Math.round(frame.x)}, ${Math.round(frame.y)} has no picture: the slide shows an empty space there. Choose a picture or remove the frame.`,
    );
  }
  return findings;
}

/** Every slide's findings, slide by slide. */
export function preflightDeck(
  deck: Pick<Deck, 'slides'>,
  options: PreflightOptions = {},
): PreflightFinding[] {
  return deck.slides.flatMap((slide) => preflightSlide(slide, options));
}

/** A text box's words and a table's cells: the texts an element shows. */
function textsOf(element: SlideElement): TextElement[] {
  if (element.kind === 'text') return [element];
  if (element.kind === 'table') {
    return element.rows.flatMap((row) => row.filter((cell) => !cell.covered).map((c) => c.text));
  }
  if (element.kind === 'chart') {
    return element.parts.filter((part): part is TextElement => part.kind === 'text');
  }
  return [];
}

// ---------------------------------------------------------------- placeholder words

/**
 * The words an editor leaves in a text to finish later, which preflight looks for (the to-do,
 * to-be-decided and fix-me notes and runs of X count in capitals; filler Latin in any case).
 */
const PLACEHOLDER_WORDS = /\b(?:TODO|TBD|TBC|FIXME)\b|\bX{3,}\b|\blorem\b/gi;
/** A binding left in the text, whole or broken. */
const LEFTOVER_BINDING = /\{\{[^{}]{0,60}\}\}|\{\{|\}\}/g;
/** An editing note opening a paragraph: "NEW v2 TEXT:", "NEW:". */
const NEW_PREFIX = /^\s*(NEW\b[^:\n]{0,40}:)/;

function placeholderWords(text: TextElement): string[] {
  const found: string[] = [];
  const note = (word: string) => {
    if (!found.includes(word)) found.push(word);
  };
  for (const paragraph of text.paragraphs) {
    const prefix = NEW_PREFIX.exec(paragraph)?.[1];
    if (prefix) note(prefix);
    for (const match of paragraph.matchAll(PLACEHOLDER_WORDS)) {
      // The notes count in capitals only: "tbd" is rare, "Xxx" a name.
      if (match[0].toLowerCase() === 'lorem' || match[0] === match[0].toUpperCase()) note(match[0]);
    }
    for (const match of paragraph.matchAll(LEFTOVER_BINDING)) note(match[0]);
  }
  return found;
}

function placeholderMessage(name: string, words: readonly string[]): string {
  const listed = words.map((word) => `“${word}”`).join(', ');
  if (words.some((word) => word.startsWith('NEW'))) {
    return `The text ${name} still holds an editing note (${listed}): remove it before a client reads it.`;
  }
  if (words.some((word) => word.includes('{{') || word.includes('}}'))) {
    return `The text ${name} shows ${listed} as written: a field that was not filled in. Write the words or choose the field again.`;
  }
  return `The text ${name} still holds placeholder words (${listed}): finish it before a client reads it.`;
}

// ---------------------------------------------------------------- covered text

/** Where a text's lines put ink: one box per line, from its glyphs' top to their bottom. */
function lineBoxes(text: TextElement): Box[] {
  const { ascent, descent } = fontBand(text);
  return text.lines
    .filter((line) => line.width > 0)
    .map((line) => ({
      x: line.x,
      y: line.baseline - ascent * text.size,
      w: line.width,
      h: (ascent - descent) * text.size,
    }));
}

function fontBand(text: TextElement): { ascent: number; descent: number } {
  try {
    const font = getFont(faceOf(text.family, text.weight, text.italic));
    return { ascent: font.ascent, descent: font.descent };
  } catch {
    // A family not registered here (a brand's font outside its deck): a usual Latin band.
    return { ascent: 0.9, descent: -0.22 };
  }
}

function overlap(a: Box, b: Box): { w: number; h: number } {
  return {
    w: Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x),
    h: Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y),
  };
}

/** Whether a box hides part of a line: at least half a letter wide and half the line tall. */
function hidesLine(box: Box, line: Box, size: number): boolean {
  const { w, h } = overlap(box, line);
  return w >= size / 2 && h >= line.h / 2;
}

function isOpaqueShape(element: ShapeElement): boolean {
  return (
    (element.fill !== undefined || element.gradient !== undefined) &&
    (element.fillOpacity ?? 1) >= 0.5
  );
}

/**
 * What is drawn over a text's words, named as a person would: a picture, an empty picture frame,
 * a filled shape, a table or another text; undefined when nothing is.
 */
function coveringElement(slide: Slide, text: TextElement, index: number): string | undefined {
  if (text.rotation) return undefined;
  const lines = lineBoxes(text);
  const hides = (box: Box) => lines.some((line) => hidesLine(box, line, text.size));
  for (const frame of slide.emptyPictures ?? []) {
    if (frame.at > index && hides(frame)) return 'an empty picture frame';
  }
  for (const above of slide.elements.slice(index + 1)) {
    switch (above.kind) {
      case 'image':
        if (!above.rotation && hides(above)) return 'a picture';
        break;
      case 'rect':
      case 'ellipse':
      case 'path':
        if (!above.rotation && isOpaqueShape(above) && hides(above)) return 'a filled shape';
        break;
      case 'table':
        if (hides(above)) return 'a table';
        break;
      case 'text':
        if (!above.rotation && lineBoxes(above).some(hides))
          return `the text ${describeText(above)}`;
        break;
      default:
        break;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------- contrast

/** A text and the colour behind its middle (undefined where a picture is behind it). */
interface TextOnBackground {
  text: TextElement;
  behind: Hex | undefined;
}

function textsOnBackground(slide: Slide, element: SlideElement, index: number): TextOnBackground[] {
  if (element.kind === 'text') {
    const middle = middleOf(element);
    return middle ? [{ text: element, behind: colourBehind(slide, index, middle) }] : [];
  }
  if (element.kind !== 'table') return [];
  const out: TextOnBackground[] = [];
  for (const row of element.rows) {
    for (const cell of row) {
      if (cell.covered) continue;
      const middle = middleOf(cell.text);
      if (!middle) continue;
      out.push({
        text: cell.text,
        behind: cell.fill ?? colourBehind(slide, index, middle),
      });
    }
  }
  return out;
}

/** The middle of a text's first line, where its words are. */
function middleOf(text: TextElement): { x: number; y: number } | undefined {
  const [line] = lineBoxes(text);
  return line ? { x: line.x + line.w / 2, y: line.y + line.h / 2 } : undefined;
}

function contains(box: Box, point: { x: number; y: number }): boolean {
  return (
    point.x >= box.x && point.x <= box.x + box.w && point.y >= box.y && point.y <= box.y + box.h
  );
}

/**
 * The colour seen at a point under the element at `index`: the slide's background with each
 * filled shape drawn before it over the point laid on top (see-through ones blended); undefined
 * when a picture or a turned shape is there (its colours cannot be judged from the layout).
 */
function colourBehind(
  slide: Slide,
  index: number,
  point: { x: number; y: number },
): Hex | undefined {
  let colour: Hex | undefined = slide.background;
  for (const below of slide.elements.slice(0, index)) {
    if (below.kind === 'image') {
      if (contains(below, point)) colour = undefined;
      continue;
    }
    if (below.kind !== 'rect' && below.kind !== 'ellipse' && below.kind !== 'path') continue;
    if (!contains(below, point)) continue;
    if (below.rotation) {
      colour = undefined;
      continue;
    }
    // A gradient is judged by the colour drawn where gradients are not: its fill, else its first stop.
    const fill = below.fill ?? below.gradient?.stops[0]?.color;
    if (fill === undefined || colour === undefined) {
      if (fill !== undefined && (below.fillOpacity ?? 1) >= 1) colour = fill;
      continue;
    }
    colour = overColor(fill, below.fillOpacity ?? 1, colour);
  }
  return colour;
}

/**
 * Running words a reader reads line by line: under 18 pt (14 pt bold), three words or more, not
 * a label in capitals. Eyebrows, badges and headings are accents, judged by the designer.
 */
function isBodyText(text: TextElement): boolean {
  if (text.size >= 18 || (text.size >= 14 && text.weight === 'bold')) return false;
  const words = text.paragraphs.join(' ');
  if (words === words.toUpperCase()) return false;
  return words.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length >= 3;
}

function contrastFinding(text: TextElement, behind: Hex | undefined): string | undefined {
  if (behind === undefined || text.lines.length === 0 || !isBodyText(text)) return undefined;
  const colours = new Set<Hex>([text.color]);
  for (const line of text.lines) {
    for (const run of line.runs ?? []) if (run.look) colours.add(run.look.color);
  }
  let worst: { colour: Hex; ratio: number } | undefined;
  for (const colour of colours) {
    const seen = overColor(colour, text.opacity ?? 1, behind);
    const ratio = contrastRatio(seen, behind);
    if (!worst || ratio < worst.ratio) worst = { colour, ratio };
  }
  if (!worst || worst.ratio >= BODY_CONTRAST - 0.005) return undefined;
  return `The text ${describeText(text)} (#${worst.colour} on #${behind}) stands out only ${worst.ratio.toFixed(1)} to 1 from what is behind it; body text needs ${BODY_CONTRAST} to 1 to be read easily (WCAG AA). Darken the text or lighten what is behind it.`;
}

// ---------------------------------------------------------------- names

/** A text as a person finds it on the slide: its first words, quoted. */
export function describeText(text: TextElement): string {
  const words = (text.paragraphs.join(' ') || text.lines.map((line) => line.text).join(' '))
    .replace(/\u2028/g, ' ')
    .trim();
  return words ? `“${clip(words)}”` : 'with no words';
}

function clip(words: string): string {
  const all = words.replace(/…$/, '').split(/\s+/).filter(Boolean);
  const shown = all.slice(0, 6).join(' ');
  return all.length > 6 || shown.length > 48 ? `${shown.slice(0, 48).trimEnd()}…` : shown;
}

function points(size: number): string {
  return `${Number.isInteger(size) ? size : size.toFixed(1)} pt`;
}

function capitalise(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A text as a finding quotes it: its first line, at most 40 characters. */
function shorten(text: string): string {
  const line = text.split('\n')[0]!.trim();
  return line.length > 40 ? `${line.slice(0, 39)}…` : line;
}
