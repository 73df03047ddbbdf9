import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isShapePath, type TemplateElement } from '@deck-portal/domain';
import { importPptx } from './import-pptx.ts';
import { buildPptx, paragraph, shape, xfrm } from './test-fixtures.ts';

// A file made to hurt: numbers far outside what PowerPoint writes, shapes too big to keep.
// Each is read to the end, quickly, with what could not be kept reported; the rest stays.

const title = shape({
  id: 2,
  name: 'Title',
  box: [60, 40, 600, 60],
  properties: '<a:prstGeom prst="rect"/>',
  paragraphs: paragraph('Still here'),
});

async function importSlide(
  shapes: string,
  {
    relationships,
    parts,
  }: {
    relationships?: { id: string; type: string; target: string }[];
    parts?: Record<string, Uint8Array>;
  } = {},
) {
  const imported = await importPptx(
    buildPptx({
      slides: [{ shapes: title + shapes, ...(relationships ? { relationships } : {}) }],
      ...(parts ? { parts } : {}),
    }),
  );
  if (!imported.ok) throw new Error(imported.reason);
  return { imported, slide: imported.slides[0]! };
}

const texts = (elements: readonly TemplateElement[]) =>
  elements.flatMap((e) => (e.kind === 'text' ? (Array.isArray(e.text) ? e.text : [e.text]) : []));

function freeform(path: string) {
  return shape({
    id: 5,
    box: [100, 150, 200, 200],
    properties: `<a:custGeom><a:pathLst><a:path w="1000" h="1000">${path}</a:path></a:pathLst></a:custGeom><a:solidFill><a:srgbClr val="336699"/></a:solidFill>`,
  });
}

describe('hostile numbers', () => {
  it('draws an arc that claims to turn a billion times as at most one turn', async () => {
    const { slide } = await importSlide(
      freeform(
        '<a:moveTo><a:pt x="500" y="0"/></a:moveTo><a:arcTo wR="500" hR="500" stAng="0" swAng="1000000000000000"/><a:close/>',
      ),
    );
    const path = slide.document.elements.find((e) => e.kind === 'path');
    expect(path).toBeDefined();
    expect(isShapePath(path!.kind === 'path' ? path!.path! : '')).toBe(true);
    expect(texts(slide.document.elements)).toContain('Still here');
  });

  it('keeps a freeform too long for the format as its bounding box, and says so', async () => {
    const points = Array.from(
      { length: 3_000 },
      (_, i) => `<a:lnTo><a:pt x="${(i * 7) % 1000}" y="${(i * 13) % 1000}"/></a:lnTo>`,
    ).join('');
    const { slide } = await importSlide(
      freeform(`<a:moveTo><a:pt x="0" y="0"/></a:moveTo>${points}<a:close/>`),
    );
    expect(slide.document.elements.map((e) => e.kind)).toEqual(['text', 'rect']);
    expect(slide.report.notImported).toContainEqual({
      kind: 'shape',
      why: 'a freeform shape is drawn as its bounding box',
    });
  });

  it('numbers from at most 32,767, whatever the file asks', async () => {
    const { slide } = await importSlide(
      shape({
        id: 6,
        box: [100, 150, 600, 100],
        properties: '<a:prstGeom prst="rect"/>',
        paragraphs: paragraph('One', {
          pPr: '<a:pPr marL="342900" indent="-342900"><a:buAutoNum type="romanUcPeriod" startAt="1000000000000"/></a:pPr>',
        }),
      }),
    );
    const one = slide.document.elements.find((e) => e.kind === 'text' && e.text[0] === 'One');
    expect(one?.kind === 'text' && one.style.numbering).toEqual({
      scheme: 'romanUcPeriod',
      startAt: 32_767,
    });
  });

  it('takes a slide size that is not a number as PowerPoint’s default', async () => {
    const file = buildPptx({ slides: [{ shapes: title }] });
    const { strFromU8, strToU8, unzipSync, zipSync } = await import('fflate');
    const parts = unzipSync(file);
    parts['ppt/presentation.xml'] = strToU8(
      strFromU8(parts['ppt/presentation.xml']!).replace(/cx="\d+"/, 'cx="1e400"'),
    );
    const imported = await importPptx(zipSync(parts));
    if (!imported.ok) throw new Error(imported.reason);
    expect({ width: imported.width, height: imported.height }).toEqual({ width: 720, height: 540 });
  });

  it('stores a picture in a hair-thin frame within 2,400 pixels either way', async () => {
    const png = await sharp({
      create: { width: 1000, height: 1000, channels: 3, background: '#3366AA' },
    })
      .png()
      .toBuffer();
    const { slide } = await importSlide(
      `<p:pic><p:nvPicPr><p:cNvPr id="7" name="Thin"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr>` +
        `<p:blipFill><a:blip r:embed="rId2"/><a:stretch><a:fillRect/></a:stretch></p:blipFill>` +
        `<p:spPr>${xfrm(100, 0, 1, 540)}<a:prstGeom prst="rect"/></p:spPr></p:pic>`,
      {
        relationships: [{ id: 'rId2', type: 'image', target: '../media/image1.png' }],
        parts: { 'ppt/media/image1.png': new Uint8Array(png) },
      },
    );
    const picture = slide.document.elements.find((e) => e.kind === 'picture');
    expect(picture).toBeDefined();
    const meta = await sharp(
      slide.pictures.get(picture!.kind === 'picture' ? picture!.src : '')!,
    ).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(2_400);
  });

  it('leaves out a table whose columns have no width, and keeps the rest of the slide', async () => {
    const cell = (text: string) =>
      `<a:tc><a:txBody><a:bodyPr/><a:lstStyle/>${paragraph(text)}</a:txBody><a:tcPr/></a:tc>`;
    const { slide } = await importSlide(
      `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="8" name="Table"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>` +
        `${xfrm(100, 150, 400, 100, 'p:xfrm')}<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table">` +
        `<a:tbl><a:tblPr/><a:tblGrid><a:gridCol w="0"/><a:gridCol w="0"/></a:tblGrid>` +
        `<a:tr h="370840">${cell('A')}${cell('B')}</a:tr></a:tbl></a:graphicData></a:graphic></p:graphicFrame>`,
    );
    expect(slide.document.elements.map((e) => e.kind)).toEqual(['text']);
    expect(slide.report.notImported).toContainEqual({
      kind: 'table',
      why: 'a table that could not be read was left out',
    });
  });
});
