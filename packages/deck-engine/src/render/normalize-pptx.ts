import { createHash } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';
import { strFromU8, strToU8, unzipSync, Zip, zipSync, type ZipInputFile } from 'fflate';
import { deflateAside } from './deflate-aside.ts';

const CONTENT_TYPES = '[Content_Types].xml';
const TOKEN_PREFIX = 'deck-portal-media:';
const maxTokenLength = TOKEN_PREFIX.length + 12;

/** The stand-in written for the n-th distinct picture of a deck (see render-pptx.ts). */
export function mediaToken(n: number): string {
  return `${TOKEN_PREFIX}${n}`;
}
const NOTES_MASTER = 'ppt/notesMasters/notesMaster1.xml';
const NOTES_MASTER_RELS = 'ppt/notesMasters/_rels/notesMaster1.xml.rels';
const THEME_TYPE = 'application/vnd.openxmlformats-officedocument.theme+xml';

/** The shape tree PowerPoint itself leaves in a notes master after "repairing" pptxgenjs's. */
const EMPTY_SP_TREE =
  '<p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>' +
  '<p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/><a:chOff x="0" y="0"/>' +
  '<a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr></p:spTree>';

/**
 * Fixes what makes PowerPoint offer to "repair" pptxgenjs 4.0.1 files (its issues #1443, #1444
 * and #1449), and embeds each distinct picture once:
 * - `[Content_Types].xml` lists a slide master per slide (#1444) though only one exists:
 *   keep only overrides for parts that exist; `jpg` is `image/jpeg`, not `image/jpg`.
 * - the notes master carries placeholder shapes PowerPoint rejects (#1443): give it the empty
 *   shape tree PowerPoint's repair leaves, and its own theme part instead of sharing the
 *   slide master's.
 * - pptxgenjs stores a picture once per slide: identical media parts are merged and every
 *   relationship points at the one kept.
 * - a paragraph with a soft return gets an `<a:pPr>` before each of its runs; one is kept.
 * - slide backgrounds lack the `<a:effectLst/>` the schema requires (#1442), and empty
 *   folders are written for charts and media that do not exist (#1449): `pptxgenjsParts`
 *   leaves folders out.
 * - `docProps/core.xml` and the archive's entry dates come from the deck, not the clock, so
 *   the same deck gives the same bytes.
 */
export function normalizePptx(
  /** The parts pptxgenjs wrote, by name, in its order (`pptxgenjsParts`); left as they are. */
  written: ReadonlyMap<string, Uint8Array>,
  options: NormalizeOptions,
): Promise<Buffer> {
  return writeZipDeflating(normalizedEntries(written, options), entryDate(options.date));
}

export interface NormalizeOptions {
  date: string;
  /** What the caller changes in each slide's XML (what pptxgenjs cannot write). */
  rewriteSlide?: (xml: string) => string;
  /** Pictures written as tokens (`mediaToken`), by token: their bytes are put in. */
  media?: ReadonlyMap<string, Uint8Array>;
  /** What the caller changes in each chart's XML, the charts in the order they were added. */
  rewriteChart?: (xml: string, order: number) => string;
  /** What the caller adds to or changes in the package's parts (by name), before it is zipped. */
  rewriteParts?: (parts: Map<string, Uint8Array>) => void;
  /**
   * The slides are written in their final form (the direct writer): backgrounds with their
   * effect list, one `a:pPr` a paragraph. They are not searched for either; a slide
   * `rewriteSlide` changes still is.
   */
  slidesFinal?: boolean;
}

/**
 * The JavaScript half of `normalizePptx`: the final parts, by name, in the archive's order
 * (content types first), ready to be deflated and zipped.
 */
export function normalizedEntries(
  /** The parts pptxgenjs wrote, by name, in its order (`pptxgenjsParts`); left as they are. */
  written: ReadonlyMap<string, Uint8Array>,
  options: NormalizeOptions,
): Array<[string, Uint8Array]> {
  // Pictures written as tokens get their bytes (a part replaced keeps its place in the order).
  const parts = new Map(written);
  if (options.media) {
    for (const [name, bytes] of parts) {
      if (!name.startsWith('ppt/media/') || bytes.length > maxTokenLength) continue;
      const picture = options.media.get(Buffer.from(bytes).toString('latin1'));
      if (picture) parts.set(name, picture);
    }
  }
  const text = (name: string) => {
    const bytes = parts.get(name);
    return bytes ? strFromU8(bytes) : undefined;
  };
  const setText = (name: string, value: string) => parts.set(name, strToU8(value));

  // Notes master: empty shape tree (the direct writer's has one already), own theme.
  const notesMasterBytes = parts.get(NOTES_MASTER);
  let addedTheme: string | undefined;
  if (notesMasterBytes) {
    const { buffer, byteOffset, byteLength } = notesMasterBytes;
    if (Buffer.from(buffer, byteOffset, byteLength).includes('<p:sp>')) {
      const notesMaster = strFromU8(notesMasterBytes);
      setText(NOTES_MASTER, notesMaster.replace(/<p:spTree>[\s\S]*?<\/p:spTree>/, EMPTY_SP_TREE));
    }
    const rels = text(NOTES_MASTER_RELS);
    const theme = parts.get('ppt/theme/theme1.xml');
    if (rels && theme && rels.includes('../theme/theme1.xml')) {
      let n = 2;
      while (parts.has(`ppt/theme/theme${n}.xml`)) n += 1;
      addedTheme = `ppt/theme/theme${n}.xml`;
      parts.set(addedTheme, theme);
      setText(NOTES_MASTER_RELS, rels.replace('../theme/theme1.xml', `../theme/theme${n}.xml`));
    }
  }

  // Media: keep one part per distinct content.
  const canonical = new Map<string, string>();
  const replaced = new Map<string, string>();
  for (const name of [...parts.keys()].filter((n) => n.startsWith('ppt/media/')).sort()) {
    const ext = name.slice(name.lastIndexOf('.'));
    const key = createHash('sha256').update(parts.get(name)!).digest('hex') + ext;
    const kept = canonical.get(key);
    if (kept) {
      replaced.set(name.slice('ppt/'.length), kept.slice('ppt/'.length));
      parts.delete(name);
    } else {
      canonical.set(key, name);
    }
  }
  if (replaced.size > 0) {
    for (const name of [...parts.keys()].filter((n) => n.endsWith('.rels'))) {
      const rels = text(name)!;
      const updated = rels.replace(/Target="\.\.\/(media\/[^"]+)"/g, (match, target: string) => {
        const to = replaced.get(target);
        return to ? `Target="../${to}"` : match;
      });
      if (updated !== rels) setText(name, updated);
    }
  }

  // Slide backgrounds: <p:bgPr> needs an effect list after its fill (pptxgenjs #1442); a
  // paragraph has one <a:pPr>, first (pptxgenjs writes one before each run of a paragraph with
  // a soft return); the caller's own changes. The first is put in the slide's bytes, and the
  // slide is read as text only for the others: a slide decoded or rewritten is a copy of it.
  for (const name of [...parts.keys()].filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))) {
    if (options.slidesFinal && !options.rewriteSlide) break;
    const bytes = options.slidesFinal ? parts.get(name)! : withBackgroundEffects(parts.get(name)!);
    parts.set(name, bytes);
    const slide = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (!options.rewriteSlide && !hasRepeatedParagraphProperties(slide)) continue;
    const xml = strFromU8(bytes);
    const rewritten = options.rewriteSlide?.(xml) ?? xml;
    const fixed = !hasRepeatedParagraphProperties(rewritten)
      ? rewritten
      : rewritten.replace(/<a:p>([\s\S]*?)<\/a:p>/g, (paragraph: string, inner: string) => {
          let seen = false;
          const kept = inner.replace(/<a:pPr\b[^>]*\/>|<a:pPr\b[^>]*>[\s\S]*?<\/a:pPr>/g, (pPr) => {
            if (seen) return '';
            seen = true;
            return pPr;
          });
          return kept === inner ? paragraph : `<a:p>${kept}</a:p>`;
        });
    if (fixed !== xml) setText(name, fixed);
  }

  // Charts: a missing figure is a point left out of the cache, not one with an empty value.
  // pptxgenjs numbers chart parts by a count kept across files: in order, they are this file's
  // charts in the order they were added.
  const chartNumber = (name: string) => Number(/(\d+)\.xml$/.exec(name)![1]);
  const charts = [...parts.keys()]
    .filter((n) => /^ppt\/charts\/chart\d+\.xml$/.test(n))
    .sort((a, b) => chartNumber(a) - chartNumber(b));
  charts.forEach((name, order) => {
    const xml = text(name)!;
    const fixed = (options.rewriteChart?.(xml, order) ?? xml).replace(
      /<c:pt idx="\d+"><c:v><\/c:v><\/c:pt>/g,
      '',
    );
    if (fixed !== xml) setText(name, fixed);
  });
  // ... and in the chart's own sheet (for "Edit Data"), an empty cell rather than an empty value.
  for (const name of [...parts.keys()].filter((n) => /^ppt\/embeddings\/[^/]+\.xlsx$/.test(n))) {
    const book = unzipSync(parts.get(name)!);
    let changed = false;
    for (const sheet of Object.keys(book).filter((n) => n.startsWith('xl/worksheets/'))) {
      const xml = strFromU8(book[sheet]!);
      const fixed = xml.replace(/<c r="[A-Z]+\d+"><v><\/v><\/c>/g, '');
      if (fixed !== xml) {
        book[sheet] = strToU8(fixed);
        changed = true;
      }
    }
    if (changed) parts.set(name, zipSync(book));
  }

  options.rewriteParts?.(parts);

  // Content types: only parts that exist, only extensions in use, correct JPEG type.
  let types = text(CONTENT_TYPES) ?? '';
  types = types.replace(/<Override PartName="\/([^"]+)"[^>]*\/>/g, (match, part: string) =>
    parts.has(part) ? match : '',
  );
  const extensions = new Set(
    [...parts.keys()].map((n) => n.slice(n.lastIndexOf('.') + 1).toLowerCase()),
  );
  types = types.replace(/<Default Extension="([^"]+)"[^>]*\/>/g, (match, ext: string) =>
    extensions.has(ext.toLowerCase()) ? match : '',
  );
  types = types.replace('ContentType="image/jpg"', 'ContentType="image/jpeg"');
  if (addedTheme) {
    types = types.replace(
      '</Types>',
      `<Override PartName="/${addedTheme}" ContentType="${THEME_TYPE}"/></Types>`,
    );
  }
  setText(CONTENT_TYPES, types);

  // Reproducible document dates.
  const stamp = `${options.date.slice(0, 10)}T00:00:00Z`;
  const core = text('docProps/core.xml');
  if (core) {
    setText(
      'docProps/core.xml',
      core.replace(
        /(<dcterms:(?:created|modified) xsi:type="dcterms:W3CDTF">)[^<]*(<\/dcterms:)/g,
        `$1${stamp}$2`,
      ),
    );
  }

  // Content types first, as Office writes it.
  const names = [CONTENT_TYPES, ...[...parts.keys()].filter((n) => n !== CONTENT_TYPES)];
  return names.filter((name) => parts.has(name)).map((name) => [name, parts.get(name)!]);
}

const BACKGROUND_FILL_END = '</a:solidFill></p:bgPr>';
const EFFECT_LIST = Buffer.from('<a:effectLst/>');

/**
 * A slide's background properties with an effect list after their fill: each `<p:bgPr>`'s first
 * `</a:solidFill></p:bgPr>`, as the regular expression `(<p:bgPr>[\s\S]*?<\/a:solidFill>)` then
 * `(<\/p:bgPr>)` finds it, searched in the slide's bytes (its tags are ASCII).
 */
function withBackgroundEffects(slide: Uint8Array): Uint8Array {
  const bytes = Buffer.from(slide.buffer, slide.byteOffset, slide.byteLength);
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (
    let start = bytes.indexOf('<p:bgPr>');
    start !== -1;
    start = bytes.indexOf('<p:bgPr>', from)
  ) {
    const end = bytes.indexOf(BACKGROUND_FILL_END, start);
    if (end === -1) break;
    const at = end + '</a:solidFill>'.length;
    pieces.push(bytes.subarray(from, at), EFFECT_LIST);
    from = at;
  }
  if (pieces.length === 0) return slide;
  pieces.push(bytes.subarray(from));
  return Buffer.concat(pieces);
}

/**
 * Whether a paragraph (`<a:p>` to the next `</a:p>`) of a slide, its text or its bytes (its tags
 * are ASCII), holds two `<a:pPr` start tags: found by searching, without copying the slide.
 */
function hasRepeatedParagraphProperties(slide: string | Buffer): boolean {
  const tag = '<a:pPr';
  // `<a:pPr\b`: the tag's name ends there (no letter, digit or underscore follows).
  const isStartTag = (at: number) => {
    const next =
      typeof slide === 'string' ? slide.charCodeAt(at + tag.length) : slide[at + tag.length];
    return next === undefined || Number.isNaN(next) || !/\w/.test(String.fromCharCode(next));
  };
  const nextStartTag = (from: number) => {
    let at = slide.indexOf(tag, from);
    while (at !== -1 && !isStartTag(at)) at = slide.indexOf(tag, at + 1);
    return at;
  };
  for (
    let start = slide.indexOf('<a:p>');
    start !== -1;
    start = slide.indexOf('<a:p>', start + 1)
  ) {
    const end = slide.indexOf('</a:p>', start);
    if (end === -1) return false;
    const first = nextStartTag(start);
    if (first === -1) return false;
    if (first < end) {
      const second = nextStartTag(first + 1);
      if (second !== -1 && second < end) return true;
    }
    start = end;
  }
  return false;
}

/**
 * Every entry is dated by the deck. Zip dates are local wall-clock fields from 1980 to 2099, so
 * the date is built from local parts (noon, clear of clock changes) and the year clamped: the
 * same deck gives the same bytes in every time zone, and a deck dated 2150 still zips.
 */
export function entryDate(date: string): Date {
  const [year = 1980, month = 1, day = 1] = date.slice(0, 10).split('-').map(Number);
  const valid = [year, month, day].every(Number.isFinite);
  return valid
    ? new Date(Math.min(Math.max(year, 1980), 2099), month - 1, day, 12)
    : new Date(1980, 0, 1, 12);
}

/** Pictures (compressed already) are only framed as deflate (level 0); XML at level 6. */
const levelOf = (filename: string) => (filename.startsWith('ppt/media/') ? 0 : 6);

/**
 * fflate writes the archive; Node's zlib compresses and checksums (native code, fast from the
 * first call). fflate's streaming writer puts each entry's sizes after its data (a data
 * descriptor), which readers accept only for deflated entries, so every entry is deflated:
 * XML at level 6, pictures (compressed already) at level 0, which only frames them.
 */
export function writeZip(entries: Array<[string, Uint8Array]>, mtime: Date): Buffer {
  return zipDeflated(
    entries.map(([filename, bytes]) => [
      filename,
      bytes,
      crc32(bytes),
      deflateRawSync(bytes, { level: levelOf(filename) }),
    ]),
    mtime,
  );
}

/** The largest part whose deflate is kept for the next deck, and how many are kept. */
const REMEMBERED_SIZE = 8 * 1024;
const REMEMBERED_PARTS = 256;

/**
 * Small XML parts deflated before, by checksum and length, with the bytes they are: most of a
 * deck's parts (its notes slides and their relationships, the theme, master and layout, the
 * presentation's relationships) are the same from one deck to the next, and deflating a small
 * part costs mostly zlib's setting up. A part is taken from here only when its bytes are equal.
 */
const deflatedBefore = new Map<string, { bytes: Buffer; deflated: Buffer }>();

/**
 * `writeZip`'s archive, byte for byte, with every entry deflated on libuv's thread pool (Node's
 * asynchronous zlib, the same library at the same level) rather than on the JavaScript thread:
 * the deflating starts at once and runs while the caller draws other things (ADR 062); the
 * archive is put together when the last entry is done (a few at a time: `deflateAside`). A small
 * part deflated for an earlier deck with the same bytes is not deflated again.
 */
export async function writeZipDeflating(
  entries: Array<[string, Uint8Array]>,
  mtime: Date,
): Promise<Buffer> {
  const checksums = entries.map(([, bytes]) => crc32(bytes));
  const deflated = await Promise.all(
    entries.map(([filename, bytes], i) => {
      const level = levelOf(filename);
      const key =
        level > 0 && bytes.length <= REMEMBERED_SIZE ? `${checksums[i]}:${bytes.length}` : '';
      const known = key ? deflatedBefore.get(key) : undefined;
      if (known && known.bytes.equals(bytes)) return known.deflated;
      return deflateAside(bytes, { level, raw: true }).then((result) => {
        if (key) {
          if (deflatedBefore.size >= REMEMBERED_PARTS) deflatedBefore.clear();
          deflatedBefore.set(key, { bytes: Buffer.from(bytes), deflated: result });
        }
        return result;
      });
    }),
  );
  return zipDeflated(
    entries.map(([filename, bytes], i) => [filename, bytes, checksums[i]!, deflated[i]!]),
    mtime,
  );
}

/** The archive of entries deflated already: each its name, bytes, their CRC-32 and deflate. */
function zipDeflated(entries: Array<[string, Uint8Array, number, Buffer]>, mtime: Date): Buffer {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const [filename, bytes, crc, deflated] of entries) {
    const entry: ZipInputFile = { filename, size: bytes.length, crc, compression: 8, mtime };
    zip.add(entry);
    entry.ondata!(null, deflated as Uint8Array<ArrayBuffer>, true);
  }
  zip.end();
  return Buffer.concat(chunks);
}
