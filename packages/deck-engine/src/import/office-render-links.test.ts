import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPresentation } from '../import-presentation.ts';
import { officeConfinement, officePdf, pdfPagesAsPng } from './office-render.ts';
import { RELATIONSHIPS_NAMESPACE } from './package-relationships.ts';
import { buildPptx, xfrm } from './test-fixtures.ts';
import { hasOffice } from '../../test/office.ts';

// An uploaded file that links pictures out of itself, each way of writing the link LibreOffice
// once followed: to an address on this machine (an HTTP listener that counts what it is asked)
// and to a "secret" file on the server. Each linked picture is solid red, so a fetched or read
// one shows in the drawing LibreOffice makes of the slide.

// How LibreOffice is confined on this machine.
const sandbox = await officeConfinement();

const image = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';
const layout = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/slideLayout';

let server: Server;
let requests: string[] = [];
let secretDir: string;
let red: Buffer;

beforeAll(async () => {
  red = await sharp({
    create: { width: 200, height: 200, channels: 3, background: { r: 255, g: 0, b: 0 } },
  })
    .png()
    .toBuffer();
  secretDir = mkdtempSync(join(tmpdir(), 'deck-portal-secret-'));
  writeFileSync(join(secretDir, 'secret.png'), red);
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end(red);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(secretDir, { recursive: true, force: true });
});

/** A picture filling most of the slide, its bits from relationship `rId2` (embedded or linked). */
const picture = (attribute: 'r:link' | 'r:embed') =>
  `<p:pic><p:nvPicPr><p:cNvPr id="4" name="Linked" descr="Linked"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr>` +
  `<p:blipFill><a:blip ${attribute}="rId2"/><a:stretch><a:fillRect/></a:stretch></p:blipFill>` +
  `<p:spPr>${xfrm(80, 60, 800, 420)}<a:prstGeom prst="rect"/></p:spPr></p:pic>`;

/** A UTF-16 (little-endian) part with its byte-order mark. */
function utf16(text: string): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i += 1) {
    bytes[2 + i * 2] = text.charCodeAt(i) & 0xff;
    bytes[3 + i * 2] = text.charCodeAt(i) >> 8;
  }
  return bytes;
}

/** Each slide: how its picture is written and its relationships part. */
function hostileSlides(port: number) {
  const url = (name: string) => `http://127.0.0.1:${port}/${name}.png`;
  const secret = join(secretDir, 'secret.png');
  const layoutRel = `<Relationship Id="rId1" Type="${layout}" Target="../slideLayouts/slideLayout1.xml"/>`;
  const rels = (body: string) =>
    strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${RELATIONSHIPS_NAMESPACE}">${layoutRel}${body}</Relationships>`,
    );
  return [
    {
      picture: picture('r:link'),
      rels: rels(
        `<Relationship Id="rId2" Type="${image}" Target="${url('open-close')}" TargetMode="External"></Relationship>`,
      ),
    },
    {
      picture: picture('r:link'),
      rels: rels(
        `<Relationship Id="rId2" Type="${image}" Target="${url('entity')}" TargetMode="&#69;xternal"/>`,
      ),
    },
    {
      picture: picture('r:link'),
      rels: strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><q:Relationships xmlns:q="${RELATIONSHIPS_NAMESPACE}">` +
          `<q:Relationship Id="rId1" Type="${layout}" Target="../slideLayouts/slideLayout1.xml"/>` +
          `<q:Relationship Id="rId2" Type="${image}" Target="${url('prefixed')}" TargetMode="External"/>` +
          '</q:Relationships>',
      ),
    },
    {
      picture: picture('r:link'),
      rels: utf16(
        `<?xml version="1.0" encoding="UTF-16" standalone="yes"?><Relationships xmlns="${RELATIONSHIPS_NAMESPACE}">${layoutRel}` +
          `<Relationship Id="rId2" Type="${image}" Target="${url('utf-16')}" TargetMode="External"/></Relationships>`,
      ),
    },
    {
      picture: picture('r:link'),
      rels: rels(
        `<Relationship Id="rId2" Type="${image}" Target="file://${secret}" TargetMode="External"/>`,
      ),
    },
    {
      picture: picture('r:embed'),
      rels: rels(
        `<Relationship Id="rId2" Type="${image}" Target="../../../../../../../..${secret}"/>`,
      ),
    },
    {
      picture: picture('r:embed'),
      rels: rels(`<Relationship Id="rId2" Type="${image}" Target="${secret}"/>`),
    },
  ];
}

/** The file with its hostile slides. */
function hostileFile(): Uint8Array {
  const { port } = server.address() as AddressInfo;
  const slides = hostileSlides(port);
  const parts: Record<string, Uint8Array> = unzipSync(
    buildPptx({ slides: slides.map((slide) => slide.picture) }),
  );
  slides.forEach((slide, i) => {
    parts[`ppt/slides/_rels/slide${i + 1}.xml.rels`] = slide.rels;
  });
  // LibreOffice finds the presentation through the package's own relationships.
  parts['_rels/.rels'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${RELATIONSHIPS_NAMESPACE}"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
  );
  return zipSync(parts);
}

/** How many of a drawing's pixels are the linked pictures' red. */
async function redPixels(png: Uint8Array): Promise<number> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (data[i]! > 200 && data[i + 1]! < 60 && data[i + 2]! < 60) count += 1;
  }
  return count;
}

async function redPerPage(pdf: Uint8Array | undefined): Promise<number[]> {
  expect(pdf, 'LibreOffice drew the file').toBeDefined();
  const pages = await pdfPagesAsPng(pdf!, 320);
  expect(pages).toHaveLength(7);
  return Promise.all(pages.map(redPixels));
}

describe.skipIf(!hasOffice)('LibreOffice never reaches past an uploaded file', () => {
  it('draws each slide without its linked picture: nothing fetched, no file read, and the report says so', async () => {
    requests = [];
    const imported = await importPresentation(hostileFile(), { office: { command: 'soffice' } });
    if (!imported.ok) throw new Error(imported.reason);
    expect(imported.slides).toHaveLength(7);
    for (const slide of imported.slides) {
      expect(slide.original, `slide ${slide.number} drawn`).toBeDefined();
      expect(await redPixels(slide.original!), `slide ${slide.number}`).toBe(0);
      expect(slide.document.elements.some((e) => e.kind === 'picture')).toBe(false);
    }
    expect(requests).toEqual([]);
    // The importer names each link it did not follow.
    const notes = imported.slides.map((slide) => slide.report.notImported.map((n) => n.why));
    for (const [i, name] of ['open-close', 'entity', 'prefixed', 'utf-16'].entries()) {
      expect(notes[i]).toContain(
        `a picture linked to http://127.0.0.1:${(server.address() as AddressInfo).port}/${name}.png was not fetched`,
      );
    }
    expect(notes[4]).toContain(
      `a picture linked to file://${join(secretDir, 'secret.png')} was not fetched`,
    );
  }, 180_000);

  // Each defence alone, the other two turned off: any one of them keeps the file in. CI installs
  // bubblewrap; elsewhere the sandbox is tested where it runs.
  it.skipIf(!process.env.CI && sandbox !== 'bubblewrap')(
    'is confined: with the links left in and allowed, it still fetches nothing and reads no file',
    async () => {
      expect(await officeConfinement()).toBe('bubblewrap');
      requests = [];
      const pdf = await officePdf(
        hostileFile(),
        { command: 'soffice' },
        { sanitise: false, blockLinks: false },
      );
      expect(await redPerPage(pdf)).toEqual([0, 0, 0, 0, 0, 0, 0]);
      expect(requests).toEqual([]);
    },
    180_000,
  );

  it('loads no link, by its profile, with the links left in and unconfined', async () => {
    requests = [];
    const pdf = await officePdf(
      hostileFile(),
      { command: 'soffice' },
      { sanitise: false, confine: false },
    );
    expect(await redPerPage(pdf)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(requests).toEqual([]);
  }, 180_000);

  it('would fetch and read them with no defence at all (what the tests above guard against)', async () => {
    requests = [];
    const pdf = await officePdf(
      hostileFile(),
      { command: 'soffice' },
      { sanitise: false, confine: false, blockLinks: false },
    );
    const red = await redPerPage(pdf);
    // Each address is fetched, and the file: link's picture read; a target in the package's
    // own relationships is looked for in the package only.
    expect(new Set(requests)).toEqual(
      new Set(['/open-close.png', '/entity.png', '/prefixed.png', '/utf-16.png']),
    );
    expect(red.map((count) => count > 0)).toEqual([true, true, true, true, true, false, false]);
  }, 180_000);
});
