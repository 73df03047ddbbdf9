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

/**
 * Writes the deck's identity into a presentation's parts (by name, as `normalizePptx` holds
 * them): its custom properties, and its slides' ids numbered as {@link slideIdScheme} says.
 */
export function stampIdentity(parts: Map<string, Uint8Array>, identity: DeckIdentity): void {
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
