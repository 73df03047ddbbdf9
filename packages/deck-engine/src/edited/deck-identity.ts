import { strFromU8, strToU8, unzipSync } from 'fflate';

/**
 * Which deck and version a PowerPoint file of ours is (issue 49): written into the file as
 * custom document properties, which PowerPoint keeps when a person edits and saves the file, so
 * an edited file brought back names the deck it came from.
 */
export interface DeckIdentity {
  deckId: string;
  version: number;
}

const CUSTOM_PART = 'docProps/custom.xml';
const CUSTOM_TYPE = 'application/vnd.openxmlformats-officedocument.custom-properties+xml';
const CUSTOM_RELATIONSHIP =
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties';
/** The format id every user-defined property carries (Office's "custom" property set). */
const USER_PROPERTIES = '{D5CDD505-2E9C-101B-9397-08002B2CF9AE}';
const DECK_PROPERTY = 'DeckPortalDeck';
const VERSION_PROPERTY = 'DeckPortalVersion';

/*
 * Slide ids (`p:sldId id`). PowerPoint keeps a slide's id when the slide is moved or edited and
 * gives a new or duplicated slide one above the largest in the file. A version's files number
 * their slides from a base of their own (from the deck and version), every eighth id: a slide
 * added after the last one, even after that last one was deleted, takes an id between two of
 * ours and is never mistaken for one, and a file of another deck or version matches none.
 * Without an identity the ids are PowerPoint's usual 256, 257, ….
 */
const STRIDE = 8;
/** Ids one version may use: 512 slides at the stride, well over an edited deck's 200. */
const SPAN = 4096;
const BASES = 524_287;
const FIRST_BASE = 1024;

export interface SlideIdScheme {
  base: number;
  stride: number;
}

/** FNV-1a: a small, stable 32-bit hash (the same base on every machine and release). */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of strToU8(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** How the slides of the version `identity` names are numbered in its files. */
export function slideIdScheme(identity?: DeckIdentity | null): SlideIdScheme {
  if (!identity) return { base: 256, stride: 1 };
  const base = FIRST_BASE + (hash32(`${identity.deckId}/${identity.version}`) % BASES) * SPAN;
  return { base, stride: STRIDE };
}

/** The id of the `index`-th slide (from 0) of a version's files. */
export function slideIdAt(scheme: SlideIdScheme, index: number): number {
  // More slides than a span holds (never, for an edited deck) are numbered one by one.
  const stride = index * scheme.stride < SPAN ? scheme.stride : 1;
  return scheme.base + index * stride;
}

/** Which slide of the version (from 0) a file's slide id says it is, if any of `count`. */
export function planIndexOf(scheme: SlideIdScheme, id: number, count: number): number | undefined {
  for (const stride of new Set([scheme.stride, 1])) {
    const offset = id - scheme.base;
    if (offset < 0 || offset % stride !== 0) continue;
    const index = offset / stride;
    if (index < count && slideIdAt(scheme, index) === id) return index;
  }
  return undefined;
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const unescapeXml = (value: string) =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

function customPropertiesXml(identity: DeckIdentity): string {
  const property = (pid: number, name: string, value: string) =>
    `<property fmtid="${USER_PROPERTIES}" pid="${pid}" name="${name}">${value}</property>`;
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">' +
    property(2, DECK_PROPERTY, `<vt:lpwstr>${escapeXml(identity.deckId)}</vt:lpwstr>`) +
    property(3, VERSION_PROPERTY, `<vt:i4>${Math.trunc(identity.version)}</vt:i4>`) +
    '</Properties>'
  );
}

/*
 * Slide keys in shape names. Office suites other than PowerPoint renumber slide ids when they
 * save (LibreOffice numbers them 256 on) but keep shapes' names: each shape of a slide is named
 * with the slide's key too (` #deck:{key}`, shown only in a selection pane), so a slide is still
 * told by what most of its shapes say.
 */
const KEY_MARK = ' #deck:';

/** The parts of a presentation's slides, in the order its slide list shows them. */
function slidePartsInOrder(presentation: string, rels: string): string[] {
  const targets = new Map(
    [...rels.matchAll(/<Relationship\b[^>]*>/g)].flatMap(([tag]) => {
      const id = /\bId="([^"]+)"/.exec(tag)?.[1];
      const target = /\bTarget="([^"]+)"/.exec(tag)?.[1];
      return id && target ? [[id, target.replace(/^\/?(ppt\/)?/, 'ppt/')] as const] : [];
    }),
  );
  return [...presentation.matchAll(/<p:sldId\b[^>]*\br:id="([^"]+)"/g)].flatMap(([, id]) => {
    const target = targets.get(id!);
    return target ? [target] : [];
  });
}

/**
 * A slide's shapes named with its key too (see {@link KEY_MARK}): after each name that
 * `(<p:cNvPr\b[^>]*?\bname=")([^"]*)(")` finds, searched in the slide's bytes (its tags and the
 * mark are ASCII), so the slide is not decoded and copied as text.
 */
function markShapes(slide: Uint8Array, key: string): Uint8Array {
  const bytes = Buffer.from(slide.buffer, slide.byteOffset, slide.byteLength);
  const mark = Buffer.from(`${KEY_MARK}${encodeURIComponent(key)}`);
  const isWord = (at: number) => {
    const code = bytes[at];
    return code !== undefined && /\w/.test(String.fromCharCode(code));
  };
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (let at = bytes.indexOf('<p:cNvPr'); at !== -1; at = bytes.indexOf('<p:cNvPr', at + 1)) {
    if (isWord(at + '<p:cNvPr'.length)) continue;
    // The first `name="` after a word's end, before the tag ends.
    const tagEnd = bytes.indexOf('>', at);
    let name = bytes.indexOf('name="', at);
    while (name !== -1 && isWord(name - 1)) name = bytes.indexOf('name="', name + 1);
    if (name === -1 || (tagEnd !== -1 && tagEnd < name)) continue;
    const start = name + 'name="'.length;
    const end = bytes.indexOf('"', start);
    if (end === -1) break;
    // The slide's shape tree itself (its first, unnamed group) is not a shape a person sees.
    const before = bytes.toString('latin1', Math.max(0, at - 20), at);
    if (!(end === start && /<p:nvGrpSpPr>\s*$/.test(before))) {
      pieces.push(bytes.subarray(from, end), mark);
      from = end;
    }
    at = end;
  }
  if (pieces.length === 0) return slide;
  pieces.push(bytes.subarray(from));
  return Buffer.concat(pieces);
}

/** The key most of a slide's shapes are named with, if any. */
function markedKey(xml: string): string | undefined {
  const counts = new Map<string, number>();
  for (const [, name] of xml.matchAll(/<p:cNvPr\b[^>]*?\bname="([^"]*)"/g)) {
    const at = name!.lastIndexOf(KEY_MARK);
    if (at === -1) continue;
    let key: string;
    try {
      key = decodeURIComponent(name!.slice(at + KEY_MARK.length));
    } catch {
      continue;
    }
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let best: string | undefined;
  for (const [key, count] of counts)
    if (best === undefined || count > counts.get(best)!) best = key;
  return best;
}

/**
 * The key each slide of a presentation is marked with, in slide list order (undefined for a
 * slide with none); empty when the file cannot be read. Only its slide list and slides are
 * unpacked: the file is one the importer took (within its limits).
 */
export function readSlideKeys(pptx: Uint8Array): (string | undefined)[] {
  try {
    const files = unzipSync(pptx, {
      filter: (file) =>
        file.name === 'ppt/presentation.xml' ||
        file.name === 'ppt/_rels/presentation.xml.rels' ||
        /^ppt\/slides\/[^/]+\.xml$/.test(file.name),
    });
    const presentation = files['ppt/presentation.xml'];
    const rels = files['ppt/_rels/presentation.xml.rels'];
    if (!presentation || !rels) return [];
    // A slide the list names that is not in the file is not read (as the importer does).
    return slidePartsInOrder(strFromU8(presentation), strFromU8(rels))
      .filter((name) => files[name] !== undefined)
      .map((name) => markedKey(strFromU8(files[name]!)));
  } catch {
    return [];
  }
}

/**
 * Writes the deck's identity into a presentation's parts (by name, as `normalizePptx` holds
 * them): its custom properties, its slides' ids numbered as {@link slideIdScheme} says, and, when
 * given, each slide's key in its shapes' names.
 */
export function stampIdentity(
  parts: Map<string, Uint8Array>,
  identity: DeckIdentity,
  /** Each slide's key, in slide list order. */
  keys: readonly string[] = [],
): void {
  const text = (name: string) => {
    const bytes = parts.get(name);
    return bytes ? strFromU8(bytes) : undefined;
  };
  parts.set(CUSTOM_PART, strToU8(customPropertiesXml(identity)));
  const rels = text('_rels/.rels');
  if (rels && !rels.includes(CUSTOM_RELATIONSHIP)) {
    const taken = new Set([...rels.matchAll(/Id="([^"]+)"/g)].map((m) => m[1]));
    let n = 1;
    while (taken.has(`rId${n}`)) n += 1;
    parts.set(
      '_rels/.rels',
      strToU8(
        rels.replace(
          '</Relationships>',
          `<Relationship Id="rId${n}" Type="${CUSTOM_RELATIONSHIP}" Target="${CUSTOM_PART}"/></Relationships>`,
        ),
      ),
    );
  }
  const types = text('[Content_Types].xml');
  if (types && !types.includes(`/${CUSTOM_PART}"`)) {
    parts.set(
      '[Content_Types].xml',
      strToU8(
        types.replace(
          '</Types>',
          `<Override PartName="/${CUSTOM_PART}" ContentType="${CUSTOM_TYPE}"/></Types>`,
        ),
      ),
    );
  }
  const presentation = text('ppt/presentation.xml');
  if (presentation) {
    const scheme = slideIdScheme(identity);
    const renumbered = new Map<string, number>();
    let index = 0;
    const fixed = presentation.replace(/<p:sldId id="(\d+)"/g, (_match, id: string) => {
      const next = slideIdAt(scheme, index);
      index += 1;
      renumbered.set(id, next);
      return `<p:sldId id="${next}"`;
    });
    // A section list names slides by the same ids.
    const sections = fixed.replace(/<p14:sldId id="(\d+)"/g, (match, id: string) =>
      renumbered.has(id) ? `<p14:sldId id="${renumbered.get(id)}"` : match,
    );
    parts.set('ppt/presentation.xml', strToU8(sections));
    const rels = text('ppt/_rels/presentation.xml.rels');
    if (rels && keys.length > 0) {
      slidePartsInOrder(sections, rels).forEach((name, i) => {
        const slide = parts.get(name);
        if (slide && keys[i] !== undefined) parts.set(name, markShapes(slide, keys[i]));
      });
    }
  }
}

/** The identity a presentation's custom properties carry, from its parts; null when none. */
export function identityOfCustomProperties(xml: string | undefined): DeckIdentity | null {
  if (!xml) return null;
  const valueOf = (name: string) => {
    const property = new RegExp(
      `<property\\b[^>]*\\bname="${name}"[^>]*>\\s*<(?:\\w+:)?(?:lpwstr|lpstr|i4|int|i8|r8)>([^<]*)<`,
    ).exec(xml);
    return property ? unescapeXml(property[1]!).trim() : undefined;
  };
  const deckId = valueOf(DECK_PROPERTY);
  const version = Number(valueOf(VERSION_PROPERTY));
  if (!deckId || !Number.isInteger(version) || version < 1) return null;
  return { deckId, version };
}

/**
 * The deck and version a PowerPoint file says it is (null when it says none, or is not a
 * readable file): cheap, only its custom properties are unpacked.
 */
export function readDeckIdentity(pptx: Uint8Array): DeckIdentity | null {
  try {
    // A property list is a few hundred bytes: a larger one is not ours, and is not unpacked.
    const files = unzipSync(pptx, {
      filter: (file) => file.name === CUSTOM_PART && file.originalSize <= 64 * 1024,
    });
    const part = files[CUSTOM_PART];
    return identityOfCustomProperties(part ? strFromU8(part) : undefined);
  } catch {
    return null;
  }
}
