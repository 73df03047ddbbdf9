import type PptxGenJS from 'pptxgenjs';

/** The pptxgenjs release whose internals `pptxgenjsParts` relies on (ADR 058). */
export const PPTXGENJS_VERSION = '4.0.1';

/** What `pptxgenjsParts` uses of the JSZip archive pptxgenjs fills. */
interface PartsArchive {
  files: Record<string, ArchiveEntry>;
  generateAsync: (options?: unknown) => Promise<unknown>;
}

/** A JSZip 3 entry: its public API, and (JSZip 3.10's own fields) what it was given. */
interface ArchiveEntry {
  dir: boolean;
  async(type: 'nodebuffer'): Promise<Buffer>;
  /** What `zip.file` was given, prepared: a promise of a string or of bytes. */
  _data?: unknown;
  /** Whether that is bytes (true) or text to be written as UTF-8 (false). */
  _dataBinary?: unknown;
}

/**
 * pptxgenjs 4.0.1's step that adds pictures and charts to its archive, once per layout, slide
 * and master, after every XML part is in: an instance property, not in its types.
 */
type AddChartsAndMedia = (
  slide: unknown,
  zip: PartsArchive,
  chartPromises: Array<Promise<unknown>>,
) => void;

/**
 * The presentation's parts, by name, in the order pptxgenjs adds them (the order its archive
 * would have), without its archive: pptxgenjs writes every part into a JSZip and then zips it
 * (UTF-8 encoding and CRC-32 in JavaScript), which we only unzipped again to zip the parts our
 * way. pptxgenjs exports none of its part writers and takes no archive from its caller; what it
 * does hand a caller is `createChartMediaRels`, an instance property it calls with its archive
 * once the XML parts are in. Ours calls pptxgenjs's, then gives that archive its own
 * `generateAsync`, which pptxgenjs calls last (after the charts' sheets are in): it reads the
 * parts instead of zipping them. Folder entries are left out.
 *
 * This leans on pptxgenjs's internals, so the version is pinned exactly (package.json) and the
 * hook is checked: an upgrade that moves it fails every PPTX render loudly, never quietly.
 */
export async function pptxgenjsParts(pptx: PptxGenJS): Promise<Map<string, Uint8Array>> {
  const hooked = pptx as unknown as { createChartMediaRels?: AddChartsAndMedia };
  const addChartsAndMedia = hooked.createChartMediaRels;
  if (typeof addChartsAndMedia !== 'function') throw unhooked('has no createChartMediaRels');
  hooked.createChartMediaRels = (slide, zip, chartPromises) => {
    addChartsAndMedia(slide, zip, chartPromises);
    zip.generateAsync = () => readParts(zip);
  };
  let written: unknown;
  try {
    written = await pptx.write({ outputType: 'nodebuffer', compression: false });
  } finally {
    hooked.createChartMediaRels = addChartsAndMedia;
  }
  if (!(written instanceof Map)) throw unhooked('zipped its parts without handing them over');
  return written as Map<string, Uint8Array>;
}

async function readParts(zip: PartsArchive): Promise<Map<string, Uint8Array>> {
  const entries = Object.entries(zip.files).filter(([, file]) => !file.dir);
  const contents = await Promise.all(entries.map(([, file]) => readPart(file)));
  return new Map(entries.map(([name], i) => [name, contents[i]!]));
}

/**
 * An entry's bytes as JSZip would zip them. JSZip's public reading (`async`) streams each part
 * through its workers in 16 KB chunks, a timer tick each (5.4 ms and 0.7 MB a deck of 110
 * parts, against 0.7 ms and 0.06 MB): what the entry holds is taken as it is when it is a string
 * JSZip would encode as UTF-8 or bytes it would store, and the public way is kept for anything
 * else, so a JSZip that holds its data otherwise is slower, never wrong
 * (`pptxgenjs-parts.test.ts` says when the quick way is lost).
 */
async function readPart(file: ArchiveEntry): Promise<Uint8Array> {
  const data: unknown = await file._data;
  if (file._dataBinary === false && typeof data === 'string') return Buffer.from(data, 'utf8');
  if (file._dataBinary === true && data instanceof Uint8Array) return data;
  return file.async('nodebuffer');
}

function unhooked(what: string): Error {
  return new Error(
    `pptxgenjs ${what}: the PPTX writer is built for pptxgenjs ${PPTXGENJS_VERSION} ` +
      '(ADR 058); pin that version or adapt render/pptxgenjs-parts.ts to the new one',
  );
}
