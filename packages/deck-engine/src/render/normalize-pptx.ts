import { createHash } from 'node:crypto';
import JSZip from 'jszip';

const CONTENT_TYPES = '[Content_Types].xml';
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
 * - slide backgrounds lack the `<a:effectLst/>` the schema requires (#1442), and empty
 *   folders are written for charts and media that do not exist (#1449).
 * - `docProps/core.xml` dates come from the deck, not the clock, so output is reproducible.
 */
export async function normalizePptx(raw: Buffer, options: { date: string }): Promise<Buffer> {
  const zip = await JSZip.loadAsync(raw);
  const names = new Set(Object.keys(zip.files).filter((n) => !zip.files[n]?.dir));

  // Notes master: empty shape tree, own theme.
  const notesMaster = await zip.file(NOTES_MASTER)?.async('string');
  let addedTheme: string | undefined;
  if (notesMaster) {
    zip.file(NOTES_MASTER, notesMaster.replace(/<p:spTree>[\s\S]*?<\/p:spTree>/, EMPTY_SP_TREE));
    const rels = await zip.file(NOTES_MASTER_RELS)?.async('string');
    const theme = await zip.file('ppt/theme/theme1.xml')?.async('string');
    if (rels && theme && rels.includes('../theme/theme1.xml')) {
      let n = 2;
      while (names.has(`ppt/theme/theme${n}.xml`)) n += 1;
      addedTheme = `ppt/theme/theme${n}.xml`;
      zip.file(addedTheme, theme);
      names.add(addedTheme);
      zip.file(NOTES_MASTER_RELS, rels.replace('../theme/theme1.xml', `../theme/theme${n}.xml`));
    }
  }

  // Media: keep one part per distinct content.
  const canonical = new Map<string, string>();
  const replaced = new Map<string, string>();
  for (const name of [...names].filter((n) => n.startsWith('ppt/media/')).sort()) {
    const bytes = await zip.file(name)!.async('nodebuffer');
    const ext = name.slice(name.lastIndexOf('.'));
    const key = createHash('sha256').update(bytes).digest('hex') + ext;
    const kept = canonical.get(key);
    if (kept) {
      replaced.set(name.slice('ppt/'.length), kept.slice('ppt/'.length));
      zip.remove(name);
      names.delete(name);
    } else {
      canonical.set(key, name);
    }
  }
  if (replaced.size > 0) {
    for (const name of [...names].filter((n) => n.endsWith('.rels'))) {
      const rels = await zip.file(name)!.async('string');
      const updated = rels.replace(/Target="\.\.\/(media\/[^"]+)"/g, (match, target: string) => {
        const to = replaced.get(target);
        return to ? `Target="../${to}"` : match;
      });
      if (updated !== rels) zip.file(name, updated);
    }
  }

  // Slide backgrounds: <p:bgPr> needs an effect list after its fill (pptxgenjs #1442).
  for (const name of [...names].filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))) {
    const xml = await zip.file(name)!.async('string');
    const fixed = xml.replace(
      /(<p:bgPr>[\s\S]*?<\/a:solidFill>)(<\/p:bgPr>)/g,
      '$1<a:effectLst/>$2',
    );
    if (fixed !== xml) zip.file(name, fixed);
  }

  // Content types: only parts that exist, only extensions in use, correct JPEG type.
  let types = (await zip.file(CONTENT_TYPES)?.async('string')) ?? '';
  types = types.replace(/<Override PartName="\/([^"]+)"[^>]*\/>/g, (match, part: string) =>
    names.has(part) ? match : '',
  );
  const extensions = new Set([...names].map((n) => n.slice(n.lastIndexOf('.') + 1).toLowerCase()));
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
  zip.file(CONTENT_TYPES, types);

  // Reproducible document dates.
  const core = await zip.file('docProps/core.xml')?.async('string');
  if (core) {
    const stamp = `${options.date.slice(0, 10)}T00:00:00Z`;
    zip.file(
      'docProps/core.xml',
      core.replace(
        /(<dcterms:(?:created|modified) xsi:type="dcterms:W3CDTF">)[^<]*(<\/dcterms:)/g,
        `$1${stamp}$2`,
      ),
    );
  }

  // No empty scaffold folders (pptxgenjs writes charts/, embeddings/, media/ even when unused).
  // (`zip.remove` on a folder would delete its files too: drop only the folder entries.)
  for (const [name, entry] of Object.entries(zip.files)) {
    if (entry.dir) delete zip.files[name];
  }

  // Pictures are compressed already: store them, deflate the XML.
  for (const name of names) {
    const entry = zip.files[name];
    if (entry && name.startsWith('ppt/media/')) {
      (entry as unknown as { options: { compression: string } }).options.compression = 'STORE';
    }
  }
  return zip.generateAsync({
    type: 'nodebuffer',
    compression: 'DEFLATE',
    compressionOptions: { level: 6 },
  });
}
