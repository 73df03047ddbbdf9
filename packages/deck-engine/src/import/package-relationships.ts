import { posix } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * A package's relationships (`_rels/*.rels`) read the way any XML reader could read them, and
 * only the ones that point at a part of the package kept. An uploaded file is untrusted: a
 * relationship may name a web address or a file on the server, and LibreOffice, drawing the
 * original at import, would fetch or read it. So each one is parsed as XML (any prefix, any
 * entity spelling, any encoding) rather than matched as text, and what is not plainly a part of
 * the package is dropped.
 */

/** A relationship as written: its attributes, entities decoded. */
export interface RawRelationship {
  id: string;
  type: string;
  target: string;
  /** `TargetMode` as written; undefined when absent (which means Internal). */
  targetMode?: string;
}

export const RELATIONSHIPS_NAMESPACE =
  'http://schemas.openxmlformats.org/package/2006/relationships';

const localName = (name: string) => name.slice(name.lastIndexOf(':') + 1);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: true,
  // Character references (`&#69;xternal`) are decoded: the parser files them under HTML's.
  htmlEntities: true,
  parseAttributeValue: false,
  parseTagValue: false,
  isArray: (name) => localName(name) === 'Relationship',
});

function startsWithBytes(bytes: Uint8Array, magic: number[]) {
  return magic.every((b, i) => bytes[i] === b);
}

/**
 * An XML part's text in the encoding it is saved in: a byte-order mark, UTF-16 without one
 * (its `<?` shows), or the declaration's `encoding`; UTF-8 otherwise. Throws on an encoding
 * this platform cannot decode.
 */
export function decodeXml(bytes: Uint8Array): string {
  let encoding = 'utf-8';
  if (startsWithBytes(bytes, [0xef, 0xbb, 0xbf])) encoding = 'utf-8';
  else if (startsWithBytes(bytes, [0xff, 0xfe]) || startsWithBytes(bytes, [0x3c, 0, 0x3f, 0])) {
    encoding = 'utf-16le';
  } else if (startsWithBytes(bytes, [0xfe, 0xff]) || startsWithBytes(bytes, [0, 0x3c, 0, 0x3f])) {
    encoding = 'utf-16be';
  } else {
    // The declaration is ASCII in every encoding it may name (bar UTF-16, handled above).
    const head = String.fromCharCode(...bytes.subarray(0, 200));
    const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
    if (declared) encoding = declared.toLowerCase();
  }
  // Throws on a label it does not know: the part is then unreadable, not read as UTF-8.
  return new TextDecoder(encoding, { fatal: true }).decode(bytes);
}

/**
 * The relationships in a `.rels` part, whatever prefix its elements carry. Throws when the part
 * is not well-formed XML or declares a DOCTYPE (entity expansion, outside references).
 */
export function parseRelationships(bytes: Uint8Array): RawRelationship[] {
  const text = decodeXml(bytes);
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new Error('declares a DOCTYPE');
  // Not well-formed (a repeated attribute, an unclosed element): another reader might take it
  // another way, so nothing of it is trusted.
  if (XMLValidator.validate(text) !== true) throw new Error('is not well-formed XML');
  const tree = parser.parse(text) as Record<string, unknown>;
  const rootName = Object.keys(tree).find((name) => localName(name) === 'Relationships');
  const root = rootName ? tree[rootName] : undefined;
  if (!root || typeof root !== 'object') return [];
  const relationships: RawRelationship[] = [];
  for (const [name, value] of Object.entries(root)) {
    if (localName(name) !== 'Relationship' || !Array.isArray(value)) continue;
    for (const element of value as unknown[]) {
      if (!element || typeof element !== 'object') continue;
      // An attribute under a prefix counts as well: a reader that goes by local names reads it.
      const values = new Map<string, string[]>();
      for (const [attr, v] of Object.entries(element as Record<string, unknown>)) {
        if (typeof v !== 'string') continue;
        const key = localName(attr);
        values.set(key, [...(values.get(key) ?? []), v]);
      }
      const one = (key: string) => {
        const all = values.get(key);
        if (!all) return undefined;
        // Two spellings that disagree: which one another reader takes is anyone's guess.
        return all.every((v) => v === all[0]) ? all[0] : null;
      };
      const [id, type, target, targetMode] = ['Id', 'Type', 'Target', 'TargetMode'].map(one);
      if (id === null || type === null || target === null || targetMode === null) {
        relationships.push({ id: id ?? '', type: type ?? '', target: '', targetMode: 'External' });
        continue;
      }
      relationships.push({
        id: id ?? '',
        type: type ?? '',
        target: target ?? '',
        ...(targetMode === undefined ? {} : { targetMode }),
      });
    }
  }
  return relationships;
}

/** The folder a `.rels` part's targets are relative to: that of the part it describes. */
export function relationshipsBase(relsPath: string): string {
  const dir = posix.dirname(relsPath);
  // `ppt/slides/_rels/slide1.xml.rels` describes `ppt/slides/slide1.xml`; `_rels/.rels`, the
  // package itself.
  if (posix.basename(dir) === '_rels') {
    const base = posix.dirname(dir);
    return base === '.' ? '' : base;
  }
  return dir === '.' ? '' : dir;
}

/**
 * Where a target points: a part of the package by its name, a place in the document itself
 * (`#_ftn1`, a hyperlink to a bookmark), outside the package, or nowhere safe.
 */
export type TargetKind =
  { part: string } | { fragment: string } | { external: string } | { unsafe: true };

const hasScheme = (target: string) => /^[A-Za-z][A-Za-z0-9+.-]*:/.test(target);

/** A path resolved against a folder of the package; undefined when it climbs out of it. */
function resolveInPackage(base: string, path: string): string | undefined {
  if (path.includes('\\') || path.includes('\0')) return undefined;
  const joined = path.startsWith('/') ? path.slice(1) : posix.join(base, path);
  if (joined.split('/').includes('..')) return undefined;
  const normal = posix.normalize(joined);
  if (normal === '.' || normal.startsWith('../') || normal === '..' || normal.startsWith('/')) {
    return undefined;
  }
  return normal;
}

/**
 * Where a relationship's target points. External: a target mode other than Internal, or a
 * target that names a scheme (`http:`, `file:`) or a host (`//host`). Unsafe: a path that climbs
 * out of the package (`..`, also percent-encoded), or one with a backslash. A fragment alone is
 * a place in the document. Otherwise the part it names, resolved against `base` (which may or
 * may not be in the package).
 */
export function classifyTarget(base: string, rel: RawRelationship): TargetKind {
  const target = rel.target.trim();
  if (rel.targetMode !== undefined && rel.targetMode !== 'Internal') return { external: target };
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return { unsafe: true };
  }
  if ([target, decoded].some((t) => hasScheme(t) || t.startsWith('//'))) {
    return { external: target };
  }
  if (target.startsWith('#')) return { fragment: target };
  // A fragment or query names nothing more in the package.
  const path = target.replace(/[#?].*$/s, '');
  const part = resolveInPackage(base, path);
  const decodedPart = resolveInPackage(base, decoded.replace(/[#?].*$/s, ''));
  if (!part || !decodedPart || path === '') return { unsafe: true };
  return { part };
}

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"\t\n\r]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Relationships written as plain UTF-8 XML in the package namespace. */
export function writeRelationships(relationships: readonly RawRelationship[]): Uint8Array {
  const body = relationships
    .map(
      (rel) =>
        `<Relationship Id="${escapeAttribute(rel.id)}" Type="${escapeAttribute(rel.type)}" Target="${escapeAttribute(rel.target)}"/>`,
    )
    .join('');
  return strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${RELATIONSHIPS_NAMESPACE}">${body}</Relationships>`,
  );
}

// Part names are case-insensitive in a package: `.RELS` is read as relationships too.
const isRelationshipsPart = (name: string) => name.toLowerCase().endsWith('.rels');

const zipMagic = [0x50, 0x4b, 0x03, 0x04];

/** A zip that unpacks to more than a presentation can be, or far more than it holds. */
export class UnpacksTooLarge extends Error {}

// The outer file passed openPptxPackage's limits before it got here; a package inside it (an
// embedded workbook) did not, and a small one may unpack to gigabytes.
const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;
const MAX_RATIO = 200;

function unzipWithinLimits(zip: Uint8Array): Record<string, Uint8Array> {
  let total = 0;
  return unzipSync(zip, {
    filter: (entry) => {
      total += entry.originalSize;
      const isBomb =
        entry.originalSize > 1024 * 1024 &&
        entry.originalSize > Math.max(1, entry.size) * MAX_RATIO;
      if (total > MAX_UNPACKED_BYTES || isBomb) throw new UnpacksTooLarge(entry.name);
      return true;
    },
  });
}

/**
 * Every `.rels` part rewritten with only the relationships that point at a part of the package
 * (one that is in it, by its name as written or percent-decoded); a part that cannot be read
 * keeps none. Packages inside it (an embedded workbook) are treated the same, a level or two
 * down. Given a zip that cannot be unpacked, throws.
 */
export function keepPackageRelationshipsOnly(zip: Uint8Array, depth = 0): Uint8Array {
  const parts: Record<string, Uint8Array> = unzipWithinLimits(zip);
  const names = new Set(Object.keys(parts));
  const inPackage = (part: string) => {
    if (names.has(part)) return true;
    try {
      return names.has(decodeURIComponent(part));
    } catch {
      return false;
    }
  };
  for (const [name, bytes] of Object.entries(parts)) {
    if (isRelationshipsPart(name)) {
      let kept: RawRelationship[] = [];
      try {
        const base = relationshipsBase(name);
        kept = parseRelationships(bytes).filter((rel) => {
          const kind = classifyTarget(base, rel);
          return 'fragment' in kind || ('part' in kind && inPackage(kind.part));
        });
      } catch {
        // Unreadable: it keeps no relationship.
      }
      parts[name] = writeRelationships(
        kept.map(({ id, type, target }) => ({ id, type, target: target.trim() })),
      );
    } else if (depth < 2 && startsWithBytes(bytes, zipMagic)) {
      try {
        parts[name] = keepPackageRelationshipsOnly(bytes, depth + 1);
      } catch (error) {
        // Not a zip after all (or a damaged one): it is left as it is. One that unpacks to far
        // more than it holds is left out: LibreOffice would unpack it too.
        if (error instanceof UnpacksTooLarge) delete parts[name];
      }
    }
  }
  return zipSync(parts);
}
