import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  openPptxPackage,
  presentationCreated,
  presentationOutline,
  readXmlPart,
  relationshipsOf,
  type PptxPackage,
} from './pptx-package.ts';

// The importer's first step: an untrusted upload opened as a PowerPoint package, or refused
// with a reason a person can act on.
const contentTypes = '<?xml version="1.0"?><Types/>';
const presentation = `<?xml version="1.0"?>
<p:presentation xmlns:p="p" xmlns:r="r">
  <p:sldIdLst><p:sldId id="257" r:id="rId3"/><p:sldId id="256" r:id="rId2"/></p:sldIdLst>
  <p:sldSz cx="12192000" cy="6858000"/>
</p:presentation>`;
const presentationRels = `<?xml version="1.0"?>
<Relationships>
  <Relationship Id="rId2" Type="http://schemas/slide" Target="slides/slide1.xml"/>
  <Relationship Id="rId3" Type="http://schemas/slide" Target="slides/slide2.xml"/>
</Relationships>`;
const slideRels = `<?xml version="1.0"?>
<Relationships>
  <Relationship Id="rId1" Type="http://schemas/slideLayout" Target="../slideLayouts/slideLayout1.xml"/>
  <Relationship Id="rId2" Type="http://schemas/image" Target="https://tracker.example/p.png" TargetMode="External"/>
  <Relationship Id="rId3" Type="http://schemas/image" Target="../../../../etc/passwd"/>
</Relationships>`;

function pptx(extra: Zippable = {}): Uint8Array {
  return zipSync({
    '[Content_Types].xml': strToU8(contentTypes),
    'ppt/presentation.xml': strToU8(presentation),
    'ppt/_rels/presentation.xml.rels': strToU8(presentationRels),
    'ppt/slides/slide1.xml': strToU8('<p:sld xmlns:p="p"/>'),
    'ppt/slides/slide2.xml': strToU8('<p:sld xmlns:p="p"/>'),
    'ppt/slides/_rels/slide1.xml.rels': strToU8(slideRels),
    ...extra,
  });
}

function opened(bytes: Uint8Array): PptxPackage {
  const result = openPptxPackage(bytes);
  if (!result.ok) throw new Error(result.reason);
  return result.package;
}

describe('opening an uploaded PowerPoint file', () => {
  it('reads the slide size and the slides in the order shown', () => {
    const outline = presentationOutline(opened(pptx()));
    expect(outline).toEqual({
      width: 960,
      height: 540,
      slides: [
        { part: 'ppt/slides/slide2.xml', id: 257 },
        { part: 'ppt/slides/slide1.xml', id: 256 },
      ],
    });
  });

  it('tells when the presentation was first made, when its core properties say', () => {
    const rootRels = (target: string) =>
      strToU8(
        `<?xml version="1.0"?><Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="${target}"/></Relationships>`,
      );
    const core = (created: string) =>
      strToU8(
        `<?xml version="1.0"?><cp:coreProperties xmlns:cp="cp" xmlns:dcterms="dcterms" xmlns:xsi="xsi"><dcterms:created xsi:type="dcterms:W3CDTF">${created}</dcterms:created></cp:coreProperties>`,
      );
    const createdIn = (extra: Zippable) => presentationCreated(opened(pptx(extra)));
    expect(
      createdIn({
        '_rels/.rels': rootRels('docProps/core.xml'),
        'docProps/core.xml': core('2012-04-02T18:30:00Z'),
      }),
    ).toBe('2012-04-02T18:30:00.000Z');
    // Not a time, no properties part, or a part that cannot be read: the file does not say.
    expect(
      createdIn({
        '_rels/.rels': rootRels('docProps/core.xml'),
        'docProps/core.xml': core('soon'),
      }),
    ).toBeUndefined();
    expect(createdIn({})).toBeUndefined();
    expect(
      createdIn({
        '_rels/.rels': rootRels('docProps/core.xml'),
        'docProps/core.xml': strToU8('<!DOCTYPE x [<!ENTITY a "b">]><cp:coreProperties/>'),
      }),
    ).toBeUndefined();
  });

  it('resolves relationships inside the package and never follows one outside it', () => {
    const rels = relationshipsOf(opened(pptx()), 'ppt/slides/slide1.xml');
    expect(rels).toEqual([
      { id: 'rId1', type: 'slideLayout', part: 'ppt/slideLayouts/slideLayout1.xml' },
      { id: 'rId2', type: 'image', external: 'https://tracker.example/p.png' },
      // A target climbing out of the package names no part.
      { id: 'rId3', type: 'image' },
    ]);
  });

  it('reads relationships however they are written, and follows none out of the package', () => {
    const ns = 'http://schemas.openxmlformats.org/package/2006/relationships';
    const layout = 'Type="http://schemas/slideLayout" Target="../slideLayouts/slideLayout1.xml"';
    const relsOf = (part: Uint8Array) =>
      relationshipsOf(
        opened(pptx({ 'ppt/slides/_rels/slide1.xml.rels': part })),
        'ppt/slides/slide1.xml',
      );
    // A prefix on the elements, or the part saved in UTF-16: the same relationships.
    const prefixed = `<?xml version="1.0"?><q:Relationships xmlns:q="${ns}"><q:Relationship Id="rId1" ${layout}/></q:Relationships>`;
    const plain = `<?xml version="1.0" encoding="UTF-16"?><Relationships xmlns="${ns}"><Relationship Id="rId1" ${layout}></Relationship></Relationships>`;
    const utf16 = Uint8Array.from([0xff, 0xfe, ...Buffer.from(plain, 'utf16le')]);
    const found = [{ id: 'rId1', type: 'slideLayout', part: 'ppt/slideLayouts/slideLayout1.xml' }];
    expect(relsOf(strToU8(prefixed))).toEqual(found);
    expect(relsOf(utf16)).toEqual(found);

    const hostile = `<?xml version="1.0"?><Relationships xmlns="${ns}">
      <Relationship Id="rId2" Type="http://schemas/image" Target="http://127.0.0.1/a.png" TargetMode="&#69;xternal"/>
      <Relationship Id="rId3" Type="http://schemas/image" Target="file:///srv/secret.png"/>
      <Relationship Id="rId4" Type="http://schemas/image" Target="//127.0.0.1/b.png"/>
      <Relationship Id="rId5" Type="http://schemas/image" Target="../media/image1.png" TargetMode="external"/>
      <Relationship Id="rId6" Type="http://schemas/image" Target="%2e%2e/%2e%2e/%2e%2e/srv/secret.png"/>
    </Relationships>`;
    expect(relsOf(strToU8(hostile))).toEqual([
      { id: 'rId2', type: 'image', external: 'http://127.0.0.1/a.png' },
      { id: 'rId3', type: 'image', external: 'file:///srv/secret.png' },
      { id: 'rId4', type: 'image', external: '//127.0.0.1/b.png' },
      { id: 'rId5', type: 'image', external: '../media/image1.png' },
      { id: 'rId6', type: 'image' },
    ]);
  });

  it('refuses what is not a presentation, with the reason', () => {
    const cases: [Uint8Array, string][] = [
      [strToU8('just some text'), 'is not a PowerPoint file'],
      [
        Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]),
        'is password-protected or a PowerPoint 97–2003 file: save it as a .pptx without a password',
      ],
      [pptx().subarray(0, 300), 'is damaged and cannot be read'],
      [
        zipSync({ 'word/document.xml': strToU8('<w:document/>') }),
        'is not a PowerPoint presentation',
      ],
    ];
    for (const [bytes, reason] of cases) {
      expect(openPptxPackage(bytes)).toEqual({ ok: false, reason });
    }
  });

  it('refuses a part named outside the package', () => {
    const result = openPptxPackage(pptx({ '../../evil.xml': strToU8('<x/>') }));
    expect(result).toEqual({
      ok: false,
      reason: 'has a part named outside the package (../../evil.xml)',
    });
  });

  it('refuses a zip bomb before unpacking it', () => {
    // 8 MB of zeros packs into a few kilobytes: far past the ratio a real part has.
    const bomb = pptx({ 'ppt/media/image1.png': new Uint8Array(8 * 1024 * 1024) });
    const result = openPptxPackage(bomb);
    expect(result).toEqual({
      ok: false,
      reason: 'unpacks ppt/media/image1.png to far more than it holds (a zip bomb)',
    });
    const tooBig = openPptxPackage(pptx(), { maxTotalBytes: 100, maxEntries: 100, maxRatio: 200 });
    expect(tooBig).toEqual({ ok: false, reason: 'unpacks to more than a presentation can be' });
  });

  it('refuses XML that declares entities', () => {
    const pkg = opened(
      pptx({
        'ppt/slides/slide1.xml': strToU8(
          '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><p:sld>&b;</p:sld>',
        ),
      }),
    );
    expect(() => readXmlPart(pkg, 'ppt/slides/slide1.xml')).toThrow(/declares a DOCTYPE/);
  });
});

// The real files of the shared corpus, when it is beside the project (../shared/pptx-corpus).
const corpus =
  process.env.PPTX_CORPUS ??
  fileURLToPath(new URL('../../../../../shared/pptx-corpus', import.meta.url));

describe.skipIf(!existsSync(corpus))('the PowerPoint corpus', () => {
  it('opens every file and finds the slides SOURCES.md counts', () => {
    const files = readdirSync(corpus).filter((name) => name.endsWith('.pptx'));
    expect(files.length).toBeGreaterThanOrEqual(22);
    const counts: Record<string, number> = {
      'aascu-workarea-5864.pptx': 34,
      'ececapstonespring2012.pptx': 24,
      'alterman_security.pptx': 23,
      'layouts.pptx': 10,
      'themes.pptx': 10,
      'aptia.pptx': 9,
      'shapes.pptx': 6,
      'backgrounds.pptx': 4,
      'SampleShow.pptx': 2,
      'WithMaster.pptx': 2,
      // A master and its layouts, with no slide.
      'pp-mst-placeholders.pptx': 0,
    };
    for (const file of files) {
      const result = openPptxPackage(readFileSync(`${corpus}/${file}`));
      expect(result.ok, file).toBe(true);
      if (!result.ok) continue;
      const outline = presentationOutline(result.package);
      // SOURCES.md counts the larger files; every other one has a slide or two.
      if (counts[file] !== undefined) expect(outline.slides.length, file).toBe(counts[file]);
      else expect(outline.slides.length, file).toBeGreaterThanOrEqual(1);
      expect(outline.width, file).toBeGreaterThan(100);
    }
  });
});
