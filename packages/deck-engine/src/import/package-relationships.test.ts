import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  decodeXml,
  keepPackageRelationshipsOnly,
  parseRelationships,
  RELATIONSHIPS_NAMESPACE,
  UnpacksTooLarge,
} from './package-relationships.ts';

// Before LibreOffice draws an uploaded file, its relationships are rewritten so that every one
// names a part of the package: each way of writing a link out of it is dropped.

const image = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';
const layout = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/slideLayout';
const declaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

/** A `.rels` part in the package namespace, relationships written as given. */
const rels = (body: string) =>
  `${declaration}<Relationships xmlns="${RELATIONSHIPS_NAMESPACE}">${body}</Relationships>`;

/** Bytes of a text in UTF-16 (little-endian) with its byte-order mark. */
function utf16(text: string): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i += 1) {
    bytes[2 + i * 2] = text.charCodeAt(i) & 0xff;
    bytes[3 + i * 2] = text.charCodeAt(i) >> 8;
  }
  return bytes;
}

const hyperlink = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink';
const kept = `<Relationship Id="rId1" Type="${layout}" Target="../slideLayouts/slideLayout1.xml"/><Relationship Id="rId9" Type="${image}" Target="../media/image1.png"/><Relationship Id="rId8" Type="${hyperlink}" Target="#_ftn1"/>`;

/** Every spelling of a link out of the package, one slide's relationships each. */
const hostile: Record<string, Uint8Array> = {
  'open and close element': strToU8(
    rels(
      `${kept}<Relationship Id="rId2" Type="${image}" Target="http://127.0.0.1:9/a.png" TargetMode="External"></Relationship>`,
    ),
  ),
  'entity-encoded target mode': strToU8(
    rels(
      `${kept}<Relationship Id="rId2" Type="${image}" Target="http://127.0.0.1:9/b.png" TargetMode="&#69;xternal"/>`,
    ),
  ),
  'prefixed elements': strToU8(
    `${declaration}<q:Relationships xmlns:q="${RELATIONSHIPS_NAMESPACE}">` +
      `<q:Relationship Id="rId1" Type="${layout}" Target="../slideLayouts/slideLayout1.xml"/>` +
      `<q:Relationship Id="rId9" Type="${image}" Target="../media/image1.png"/>` +
      `<q:Relationship Id="rId8" Type="${hyperlink}" Target="#_ftn1"/>` +
      `<q:Relationship Id="rId2" Type="${image}" Target="http://127.0.0.1:9/c.png" TargetMode="External"/>` +
      '</q:Relationships>',
  ),
  'a UTF-16 part': utf16(
    `<?xml version="1.0" encoding="UTF-16"?><Relationships xmlns="${RELATIONSHIPS_NAMESPACE}">${kept}<Relationship Id="rId2" Type="${image}" Target="http://127.0.0.1:9/d.png" TargetMode="External"/></Relationships>`,
  ),
  'a file: address': strToU8(
    rels(
      `${kept}<Relationship Id="rId2" Type="${image}" Target="file:///srv/secret.png" TargetMode="External"/>` +
        // Internal by its mode, but an address all the same.
        `<Relationship Id="rId3" Type="${image}" Target="file:///srv/secret.png"/>`,
    ),
  ),
  'a path climbing out of the package': strToU8(
    rels(
      `${kept}<Relationship Id="rId2" Type="${image}" Target="../../../../srv/secret.png"/>` +
        `<Relationship Id="rId3" Type="${image}" Target="%2e%2e/%2e%2e/%2e%2e/srv/secret.png"/>` +
        `<Relationship Id="rId4" Type="${image}" Target="..\\..\\..\\srv\\secret.png"/>`,
    ),
  ),
  'an absolute path not in the package, a host, another mode': strToU8(
    rels(
      `${kept}<Relationship Id="rId2" Type="${image}" Target="/srv/secret.png"/>` +
        `<Relationship Id="rId3" Type="${image}" Target="//127.0.0.1:9/e.png"/>` +
        `<Relationship Id="rId4" Type="${image}" Target="../media/image1.png" TargetMode="external"/>` +
        `<Relationship Id="rId5" Type="${image}" Target="&#104;ttp://127.0.0.1:9/f.png"/>`,
    ),
  ),
};

function packageWith(slideRels: Uint8Array, extra: Zippable = {}): Uint8Array {
  return zipSync({
    '[Content_Types].xml': strToU8('<Types/>'),
    'ppt/presentation.xml': strToU8('<p:presentation xmlns:p="p"/>'),
    'ppt/slides/slide1.xml': strToU8('<p:sld xmlns:p="p"/>'),
    'ppt/slideLayouts/slideLayout1.xml': strToU8('<p:sldLayout xmlns:p="p"/>'),
    'ppt/media/image1.png': new Uint8Array([1, 2, 3]),
    'ppt/slides/_rels/slide1.xml.rels': slideRels,
    ...extra,
  });
}

const slideRelsOf = (zip: Uint8Array) =>
  strFromU8(unzipSync(zip)['ppt/slides/_rels/slide1.xml.rels']!);

describe('keeping only the relationships to parts of the package', () => {
  for (const [spelling, part] of Object.entries(hostile)) {
    it(`drops a link out of it written as ${spelling}, and keeps the parts`, () => {
      const text = slideRelsOf(keepPackageRelationshipsOnly(packageWith(part)));
      expect(text).toBe(
        `${declaration}\n<Relationships xmlns="${RELATIONSHIPS_NAMESPACE}">` +
          `<Relationship Id="rId1" Type="${layout}" Target="../slideLayouts/slideLayout1.xml"/>` +
          `<Relationship Id="rId9" Type="${image}" Target="../media/image1.png"/>` +
          // A hyperlink to a place in the document itself.
          `<Relationship Id="rId8" Type="${hyperlink}" Target="#_ftn1"/>` +
          '</Relationships>',
      );
    });
  }

  it('keeps a part named from the root, and one whose name is percent-encoded', () => {
    const text = slideRelsOf(
      keepPackageRelationshipsOnly(
        packageWith(
          strToU8(
            rels(
              `<Relationship Id="rId1" Type="${image}" Target="/ppt/media/image1.png"/>` +
                `<Relationship Id="rId2" Type="${image}" Target="../media/image%31.png"/>`,
            ),
          ),
        ),
      ),
    );
    expect(parseRelationships(strToU8(text)).map((rel) => rel.target)).toEqual([
      '/ppt/media/image1.png',
      '../media/image%31.png',
    ]);
  });

  it('keeps no relationship of a part it cannot read', () => {
    const cases = [
      '<!DOCTYPE r [<!ENTITY x "http://127.0.0.1:9/">]><Relationships><Relationship Id="a" Target="&x;"/></Relationships>',
      // A repeated attribute: which one counts depends on the reader.
      `<Relationships><Relationship Id="a" Type="${image}" Target="../media/image1.png" TargetMode="Internal" TargetMode="External"/></Relationships>`,
      '<Relationships><Relationship Id="a"',
    ];
    for (const xml of cases) {
      expect(slideRelsOf(keepPackageRelationshipsOnly(packageWith(strToU8(xml))))).toBe(
        `${declaration}\n<Relationships xmlns="${RELATIONSHIPS_NAMESPACE}"></Relationships>`,
      );
    }
  });

  it('treats a package inside the package (an embedded workbook) the same', () => {
    const workbook = zipSync({
      'xl/workbook.xml': strToU8('<workbook/>'),
      'xl/_rels/workbook.xml.rels': strToU8(
        rels(
          `<Relationship Id="rId1" Type="${image}" Target="http://127.0.0.1:9/g.png" TargetMode="External"/>`,
        ),
      ),
    });
    const zip = keepPackageRelationshipsOnly(
      packageWith(strToU8(rels(kept)), { 'ppt/embeddings/Workbook1.xlsx': workbook }),
    );
    const inner = unzipSync(unzipSync(zip)['ppt/embeddings/Workbook1.xlsx']!);
    expect(strFromU8(inner['xl/_rels/workbook.xml.rels']!)).not.toContain('127.0.0.1');
    expect(strFromU8(inner['xl/workbook.xml']!)).toBe('<workbook/>');
  });

  it('leaves out a package inside it that unpacks to far more than it holds, and refuses such a file', () => {
    // 64 MB of zeros packs into about 64 KB: unpacking it in the render worker (and then in
    // LibreOffice) is what a bomb is for.
    const bomb = zipSync({ 'xl/workbook.xml': new Uint8Array(64 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const zip = keepPackageRelationshipsOnly(
      packageWith(strToU8(rels(kept)), { 'ppt/embeddings/Workbook1.xlsx': bomb }),
    );
    const parts = unzipSync(zip);
    expect(parts['ppt/embeddings/Workbook1.xlsx']).toBeUndefined();
    expect(parts['ppt/presentation.xml']).toBeDefined();
    expect(() => keepPackageRelationshipsOnly(bomb)).toThrow(UnpacksTooLarge);
  });
});

describe('reading an XML part in its encoding', () => {
  it('reads UTF-8, UTF-16 with or without its mark, and the encoding a declaration names', () => {
    const text = '<?xml version="1.0"?><a>é</a>';
    expect(decodeXml(strToU8(text))).toBe(text);
    expect(decodeXml(utf16(text))).toBe(text);
    expect(decodeXml(utf16(text).subarray(2))).toBe(text);
    const latin1 = '<?xml version="1.0" encoding="ISO-8859-1"?><a>é</a>';
    expect(decodeXml(Uint8Array.from(latin1, (c) => c.charCodeAt(0)))).toBe(latin1);
    expect(() => decodeXml(strToU8('<?xml version="1.0" encoding="x-unknown"?><a/>'))).toThrow();
  });
});
