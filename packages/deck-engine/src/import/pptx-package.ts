import { posix } from 'node:path';
import { unzipSync } from 'fflate';
import { XMLParser } from 'fast-xml-parser';
import { EMU_PER_POINT } from '../ooxml/units.ts';
import { classifyTarget, parseRelationships, relationshipsBase } from './package-relationships.ts';

/**
 * The parts of an uploaded PowerPoint file, read safely (issue 17): the upload is untrusted, so
 * its size, entry names and XML are checked before anything is read from them.
 */
export interface PptxPackage {
  /** Every part by its path in the package (`ppt/slides/slide1.xml`), unpacked. */
  parts: ReadonlyMap<string, Uint8Array>;
}

export interface PackageLimits {
  /** Unpacked bytes of all parts together. */
  maxTotalBytes: number;
  /** Entries in the zip. */
  maxEntries: number;
  /** How many times larger than its packed size a part may unpack (past its first megabyte). */
  maxRatio: number;
}

export const DEFAULT_PACKAGE_LIMITS: PackageLimits = {
  maxTotalBytes: 256 * 1024 * 1024,
  maxEntries: 10_000,
  maxRatio: 200,
};

export type PackageResult = { ok: true; package: PptxPackage } | { ok: false; reason: string };

const zipMagic = [0x50, 0x4b, 0x03, 0x04];
// An OLE compound file: PowerPoint 97–2003, or any Office file saved with a password.
const oleMagic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** Why a password-protected or 97–2003 file is refused (after "This file "). */
export const legacyFileReason =
  'is password-protected or a PowerPoint 97–2003 file: save it as a .pptx without a password';

/**
 * What an upload is by its first bytes, before anything is unpacked: a zip (maybe a PowerPoint
 * package), an OLE file (PowerPoint 97–2003, or an Office file saved with a password), or other.
 */
export function presentationFileKind(bytes: Uint8Array): 'zip' | 'legacy' | 'other' {
  if (startsWith(bytes, oleMagic)) return 'legacy';
  return startsWith(bytes, zipMagic) ? 'zip' : 'other';
}

/** A part name that stays inside the package: relative, no `..`, no drive or backslash. */
function isSafeName(name: string): boolean {
  if (name === '' || name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name)) {
    return false;
  }
  return !name.split('/').some((segment) => segment === '..');
}

/**
 * Unpacks an uploaded file as a PowerPoint package, refusing (with the reason a person can act
 * on) what is not one: another kind of file, a password-protected or 97–2003 file, a damaged
 * zip, a zip bomb, or an entry whose name points outside the package. Never throws.
 */
export function openPptxPackage(
  bytes: Uint8Array,
  limits: PackageLimits = DEFAULT_PACKAGE_LIMITS,
): PackageResult {
  const kind = presentationFileKind(bytes);
  if (kind === 'legacy') return { ok: false, reason: legacyFileReason };
  if (kind === 'other') return { ok: false, reason: 'is not a PowerPoint file' };
  let refusal: string | undefined;
  let entries = 0;
  let total = 0;
  let unpacked: Record<string, Uint8Array>;
  try {
    unpacked = unzipSync(bytes, {
      filter: (entry) => {
        if (refusal) return false;
        entries += 1;
        total += entry.originalSize;
        if (!isSafeName(entry.name))
          refusal = `has a part named outside the package (${entry.name})`;
        else if (entries > limits.maxEntries) refusal = 'has too many parts to be a presentation';
        else if (total > limits.maxTotalBytes)
          refusal = 'unpacks to more than a presentation can be';
        else if (
          entry.originalSize > 1024 * 1024 &&
          entry.originalSize > Math.max(1, entry.size) * limits.maxRatio
        ) {
          refusal = `unpacks ${entry.name} to far more than it holds (a zip bomb)`;
        }
        return !refusal && !entry.name.endsWith('/');
      },
    });
  } catch {
    return { ok: false, reason: 'is damaged and cannot be read' };
  }
  if (refusal) return { ok: false, reason: refusal };
  const parts = new Map(Object.entries(unpacked));
  if (!parts.has('[Content_Types].xml') || !parts.has('ppt/presentation.xml')) {
    return { ok: false, reason: 'is not a PowerPoint presentation' };
  }
  return { ok: true, package: { parts } };
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Entities beyond XML's five are never expanded (a DOCTYPE is refused before parsing);
  // character references (`&#x2022;`) are read as their characters (the parser files them
  // under HTML's entities).
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => name === 'Relationship' || name === 'p:sldId',
});

/** A part read as XML; refused when it declares a DOCTYPE (entity expansion, outside references). */
export function readXmlPart(pkg: PptxPackage, path: string): Record<string, unknown> | undefined {
  const bytes = pkg.parts.get(path);
  if (!bytes) return undefined;
  const text = new TextDecoder().decode(bytes);
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new Error(`${path} declares a DOCTYPE, which a presentation never needs`);
  }
  return parser.parse(text) as Record<string, unknown>;
}

export interface Relationship {
  id: string;
  type: string;
  /** The part it points to, resolved within the package; undefined for an external target. */
  part?: string;
  /** An address outside the package (a linked picture): never fetched, reported instead. */
  external?: string;
}

/**
 * The relationships of a part (`ppt/slides/_rels/slide1.xml.rels`), targets resolved, read as
 * LibreOffice's sanitiser reads them (see `package-relationships.ts`): a target that is not a
 * part of the package is never followed. Throws, naming the part, when it cannot be read.
 */
export function relationshipsOf(pkg: PptxPackage, partPath: string): Relationship[] {
  const relsPath = posix.join(posix.dirname(partPath), '_rels', `${posix.basename(partPath)}.rels`);
  const bytes = pkg.parts.get(relsPath);
  if (!bytes) return [];
  let rels;
  try {
    rels = parseRelationships(bytes);
  } catch (error) {
    throw new Error(`${relsPath} ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  const base = relationshipsBase(relsPath);
  return rels.map((rel) => {
    const known = { id: rel.id, type: rel.type.split('/').pop() ?? '' };
    const kind = classifyTarget(base, rel);
    if ('external' in kind) return { ...known, external: kind.external };
    return 'part' in kind && isSafeName(kind.part) ? { ...known, part: kind.part } : known;
  });
}

/** A part's relationships by their id (`rId3`), as its XML names them. */
export function relsOf(pkg: PptxPackage, part: string): Map<string, Relationship> {
  return new Map(relationshipsOf(pkg, part).map((rel) => [rel.id, rel]));
}

/**
 * The presentation's slide size in points and its slides in the order shown: each one's part
 * and its id in the presentation (`p:sldId`), which stays with the slide when slides are moved,
 * added or removed, as long as the file is saved from the same presentation.
 */
export function presentationOutline(pkg: PptxPackage) {
  const presentation = readXmlPart(pkg, 'ppt/presentation.xml') as {
    'p:presentation'?: {
      'p:sldSz'?: { cx?: string; cy?: string };
      'p:sldIdLst'?: { 'p:sldId'?: Record<string, string>[] };
    };
  };
  const root = presentation['p:presentation'];
  const rels = new Map(relationshipsOf(pkg, 'ppt/presentation.xml').map((r) => [r.id, r]));
  const slides = (root?.['p:sldIdLst']?.['p:sldId'] ?? []).flatMap((entry) => {
    const part = rels.get(entry['r:id'] ?? '')?.part;
    if (!part || !pkg.parts.has(part)) return [];
    // The ids the format allows; a slide with another is still read, without one.
    const id = Number(entry.id);
    return [Number.isInteger(id) && id >= 256 && id < 2 ** 31 ? { part, id } : { part }];
  });
  // PowerPoint's default (10 × 7.5 in) when the size is missing or outside what it allows.
  const side = (value: string | undefined, fallback: number) => {
    const emu = Number(value);
    return Number.isFinite(emu) && emu >= 914_400 && emu <= 51_206_400 ? emu : fallback;
  };
  const width = side(root?.['p:sldSz']?.cx, 9_144_000) / EMU_PER_POINT;
  const height = side(root?.['p:sldSz']?.cy, 6_858_000) / EMU_PER_POINT;
  return { width, height, slides };
}

/**
 * When the presentation was first made (its core properties' `dcterms:created`, ISO 8601): it
 * stays the same through every later save, whatever the file is then named. Undefined when the
 * file does not say, or says something that is not a time.
 */
export function presentationCreated(pkg: PptxPackage): string | undefined {
  let created: unknown;
  try {
    const part = relationshipsOf(pkg, '').find((r) => r.type === 'core-properties')?.part;
    const core = part ? readXmlPart(pkg, part) : undefined;
    const properties = core?.['cp:coreProperties'] as Record<string, unknown> | undefined;
    created = properties?.['dcterms:created'];
  } catch {
    // Properties that cannot be read say nothing of the slides: the file is read without them.
    return undefined;
  }
  // `<dcterms:created xsi:type="dcterms:W3CDTF">2012-04-02T18:30:00Z</dcterms:created>`
  const text =
    typeof created === 'object' && created ? (created as { '#text'?: unknown })['#text'] : created;
  if (typeof text !== 'string') return undefined;
  const time = new Date(text.trim());
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}
