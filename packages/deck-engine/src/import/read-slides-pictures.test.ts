import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importPresentation } from '../import-presentation.ts';
import { buildPptx, shape, xfrm, withoutResolution, solid } from './test-fixtures.ts';
import { readFixture } from './test-slides.ts';

// The PowerPoint reader on small presentations written by hand: pictures cut, faded, tiled and
// shaped as the slide shows them, and embedded objects as their pictures.

const picture = (
  id: number,
  box: [number, number, number, number],
  blipFill: string,
  properties = '<a:prstGeom prst="rect"/>',
) =>
  `<p:pic><p:nvPicPr><p:cNvPr id="${id}" name="Picture ${id}" descr="Four quarters"/>` +
  `<p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill>${blipFill}</p:blipFill>` +
  `<p:spPr>${xfrm(...box)}${properties}</p:spPr></p:pic>`;

describe('pictures', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** 400 × 100 in four quarters: red, green, blue, yellow. */
  async function quarters(): Promise<Uint8Array> {
    const colors = ['#FF0000', '#00FF00', '#0000FF', '#FFFF00'];
    const png = await sharp({
      create: { width: 400, height: 100, channels: 3, background: '#000000' },
    })
      .composite(
        await Promise.all(
          colors.map(async (background, i) => ({
            input: await sharp({ create: { width: 100, height: 100, channels: 3, background } })
              .png()
              .toBuffer(),
            left: i * 100,
            top: 0,
          })),
        ),
      )
      .removeAlpha()
      .png()
      .toBuffer();
    return new Uint8Array(png);
  }

  async function pixels(bytes: Uint8Array) {
    const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({
      resolveWithObject: true,
    });
    const at = (x: number, y: number) => {
      const i = (y * info.width + x) * 4;
      return [data[i], data[i + 1], data[i + 2], data[i + 3]];
    };
    return { width: info.width, height: info.height, at };
  }

  it('draws a picture style: an oval cut, a border over the picture, and a shadow behind a box', async () => {
    const stretched = '<a:blip r:embed="rId2"/><a:stretch><a:fillRect/></a:stretch>';
    const shadow =
      '<a:effectLst><a:outerShdw blurRad="50800" dist="38100" dir="2700000">' +
      '<a:srgbClr val="000000"><a:alpha val="40000"/></a:srgbClr></a:outerShdw></a:effectLst>';
    const [slide] = await readFixture({
      slides: [
        {
          shapes:
            picture(
              4,
              [100, 100, 200, 100],
              stretched,
              `<a:prstGeom prst="ellipse"/><a:ln w="25400">${solid('000000')}</a:ln>${shadow}`,
            ) +
            picture(
              5,
              [400, 100, 200, 100],
              stretched,
              `<a:prstGeom prst="rect"/><a:ln w="12700">${solid('FFFFFF')}</a:ln>${shadow}`,
            ),
          relationships: [{ id: 'rId2', type: 'image', target: '../media/image1.png' }],
        },
      ],
      parts: { 'ppt/media/image1.png': await quarters() },
    });
    expect(slide!.elements).toMatchObject([
      { kind: 'picture', x: 100, y: 100, w: 200, h: 100, alt: 'Four quarters' },
      { kind: 'path', x: 100, y: 100, w: 200, h: 100, stroke: { color: '#000000', width: 2 } },
      {
        kind: 'picture',
        x: 400,
        y: 100,
        w: 200,
        h: 100,
        shadow: { color: '#000000', opacity: 0.4, blur: 4, dx: 2.12, dy: 2.12 },
      },
      { kind: 'rect', x: 400, y: 100, w: 200, h: 100, stroke: { color: '#FFFFFF', width: 1 } },
    ]);
    expect(slide!.elements[0]).not.toHaveProperty('shadow');
    // The oval's picture: its corners see-through.
    const oval = await pixels(slide!.pictures.get((slide!.elements[0] as { src: string }).src)!);
    expect(oval.at(0, 0)[3]).toBe(0);
    expect(oval.at(Math.floor(oval.width / 2), Math.floor(oval.height / 2))[3]).toBe(255);
    expect(slide!.report.notImported).toEqual([
      {
        kind: 'effect',
        why: 'a shadow behind a picture cut to a shape or see-through is not drawn',
      },
    ]);
  });

  it('stores a cropped picture cut to what the slide shows, and a faded one half transparent', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const [slide] = await readFixture({
      slides: [
        {
          shapes:
            picture(
              4,
              [100, 100, 200, 100],
              '<a:blip r:embed="rId2"/><a:srcRect l="25000" r="25000"/><a:stretch><a:fillRect/></a:stretch>',
            ) +
            picture(
              5,
              [400, 100, 400, 100],
              '<a:blip r:embed="rId2"><a:alphaModFix amt="50000"/></a:blip><a:stretch><a:fillRect/></a:stretch>',
            ) +
            picture(
              6,
              [100, 300, 200, 100],
              '<a:blip r:link="rId3"/><a:stretch><a:fillRect/></a:stretch>',
            ),
          relationships: [
            { id: 'rId2', type: 'image', target: '../media/image1.png' },
            {
              id: 'rId3',
              type: 'image',
              target: 'https://images.example.com/logo.png',
              external: true,
            },
          ],
        },
      ],
      parts: { 'ppt/media/image1.png': await quarters() },
    });

    const pictures = slide!.elements.filter((e) => e.kind === 'picture');
    expect(pictures.map(({ src: _src, ...rest }) => rest)).toEqual([
      { kind: 'picture', x: 100, y: 100, w: 200, h: 100, fit: 'cover', alt: 'Four quarters' },
      { kind: 'picture', x: 400, y: 100, w: 400, h: 100, fit: 'cover', alt: 'Four quarters' },
    ]);
    const [cropped, faded] = pictures.map((p) => slide!.pictures.get(p.src)!);

    // The middle half: green then blue, the red and yellow quarters cut away.
    const middle = await pixels(cropped!);
    expect({ width: middle.width, height: middle.height }).toEqual({ width: 200, height: 100 });
    expect([middle.at(0, 50), middle.at(99, 50), middle.at(100, 50), middle.at(199, 50)]).toEqual([
      [0, 255, 0, 255],
      [0, 255, 0, 255],
      [0, 0, 255, 255],
      [0, 0, 255, 255],
    ]);

    const half = await pixels(faded!);
    expect({ width: half.width, height: half.height }).toEqual({ width: 400, height: 100 });
    expect([half.at(50, 50), half.at(350, 50)]).toEqual([
      [255, 0, 0, 128],
      [255, 255, 0, 128],
    ]);

    // The linked picture is named, never fetched.
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(slide!.report.notImported).toEqual([
      {
        kind: 'picture',
        why: 'a picture linked to https://images.example.com/logo.png was not fetched',
      },
    ]);
  });
});

describe('a large photo', () => {
  it("is kept whole for the slide, and drawn in its thumbnail at a thumbnail's size", async () => {
    // 2,000 × 1,125 of noise, stored uncompressed: 6.8 MB, as a photo pasted into a slide can be.
    const [width, height] = [2000, 1125];
    const noise = Buffer.alloc(width * height * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919) % 251;
    const photo = new Uint8Array(
      await sharp(noise, { raw: { width, height, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer(),
    );
    const imported = await importPresentation(
      buildPptx({
        slides: [
          {
            shapes: picture(
              4,
              [0, 0, 960, 540],
              '<a:blip r:embed="rId2"/><a:stretch><a:fillRect/></a:stretch>',
            ),
            relationships: [{ id: 'rId2', type: 'image', target: '../media/image1.png' }],
          },
        ],
        parts: { 'ppt/media/image1.png': photo },
      }),
    );
    if (!imported.ok) throw new Error(imported.reason);
    const [slide] = imported.slides;
    const [kept] = Object.values(slide!.pictures);
    expect(await sharp(kept!).metadata()).toMatchObject({ width, height });
    // The thumbnail's picture: at most 1,280 px, as JPEG, in a thumbnail a page can load.
    const embedded = /href="data:(image\/\w+);base64,([^"]+)"/.exec(slide!.thumbnail);
    expect(embedded?.[1]).toBe('image/jpeg');
    expect(await sharp(Buffer.from(embedded![2]!, 'base64')).metadata()).toMatchObject({
      width: 1280,
      height: 720,
    });
    expect(slide!.thumbnail.length).toBeLessThan(photo.length / 4);
  });
});

describe('embedded objects', () => {
  it("draws an embedded object's own picture where it was, and says it is not editable", async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 40, height: 20, channels: 3, background: '#204080' } })
        .png()
        .toBuffer(),
    );
    const object =
      '<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="9" name="Object 2"/>' +
      `<p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>${xfrm(500, 100, 300, 150, 'p:xfrm')}` +
      '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/presentationml/2006/ole">' +
      '<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">' +
      '<mc:Choice Requires="v"><p:oleObj name="Image" r:id="rId3" progId="Photoshop.Image.8"><p:embed/></p:oleObj></mc:Choice>' +
      '<mc:Fallback><p:oleObj name="Image" r:id="rId3" progId="Photoshop.Image.8"><p:embed/>' +
      '<p:pic><p:nvPicPr><p:cNvPr id="0" name="Object 2"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr>' +
      '<p:blipFill><a:blip r:embed="rId2"/><a:stretch><a:fillRect/></a:stretch></p:blipFill>' +
      `<p:spPr>${xfrm(500, 100, 300, 150)}</p:spPr></p:pic></p:oleObj></mc:Fallback>` +
      '</mc:AlternateContent></a:graphicData></a:graphic></p:graphicFrame>';
    const [slide] = await readFixture({
      slides: [
        {
          shapes: object,
          relationships: [
            { id: 'rId2', type: 'image', target: '../media/image1.png' },
            { id: 'rId3', type: 'oleObject', target: '../embeddings/oleObject1.bin' },
          ],
        },
      ],
      parts: { 'ppt/media/image1.png': png },
    });
    const [picture] = slide!.elements;
    expect(picture).toMatchObject({ kind: 'picture', x: 500, y: 100, w: 300, h: 150 });
    expect(slide!.pictures.size).toBe(1);
    expect(slide!.leftOut).toEqual([]);
    expect(slide!.report.notImported).toEqual([
      { kind: 'object', why: 'an embedded object is shown as its picture: it is not editable' },
    ]);
  });

  it('tiles a picture fill at the size its resolution gives it', async () => {
    // 64 × 64 px, its left half red and its right half blue.
    const half = (background: string) =>
      sharp({ create: { width: 32, height: 64, channels: 3, background } })
        .png()
        .toBuffer();
    const tile = async (density: number) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: '#000000' } })
        .composite([
          { input: await half('#FF0000'), left: 0, top: 0 },
          { input: await half('#0000FF'), left: 32, top: 0 },
        ])
        .png()
        .withMetadata({ density })
        .toBuffer();
    const tiled = (id: number, y: number, rId: string) =>
      shape({
        id,
        box: [0, y, 192, 96],
        properties:
          `<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:blipFill><a:blip r:embed="${rId}"/>` +
          '<a:tile tx="0" ty="0" sx="100000" sy="100000" flip="none" algn="tl"/></a:blipFill>',
      });
    const [slide] = await readFixture({
      slides: [
        {
          shapes: tiled(4, 0, 'rId2') + tiled(5, 200, 'rId3'),
          relationships: [
            { id: 'rId2', type: 'image', target: '../media/image1.png' },
            { id: 'rId3', type: 'image', target: '../media/image2.png' },
          ],
        },
      ],
      parts: {
        'ppt/media/image1.png': new Uint8Array(await tile(48)),
        'ppt/media/image2.png': withoutResolution(new Uint8Array(await tile(72))),
      },
    });
    // Drawn at 2 px a point: 120 px in is 60 points, in the first tile's blue half at 48 dpi
    // (tiles 96 points wide), in the second tile's red half at 96 dpi, taken for a picture
    // that says no resolution (tiles 48 points wide).
    const colorAt = async (element: number, x: number) => {
      const src = (slide!.elements[element] as { src: string }).src;
      const { data, info } = await sharp(slide!.pictures.get(src)!)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(info.width).toBe(384);
      const at = (10 * info.width + x) * 3;
      return [data[at], data[at + 1], data[at + 2]];
    };
    expect(await colorAt(0, 120)).toEqual([0, 0, 255]);
    expect(await colorAt(1, 120)).toEqual([255, 0, 0]);
  });

  it('cuts a picture fill to its shape: an ellipse with its outline over it; a cloud is its box', async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 40, height: 20, channels: 3, background: '#206040' } })
        .png()
        .toBuffer(),
    );
    const filled = (id: number, x: number, geometry: string, outline = '') =>
      shape({
        id,
        box: [x, 100, 200, 80],
        properties:
          `<a:prstGeom prst="${geometry}"><a:avLst/></a:prstGeom>` +
          '<a:blipFill><a:blip r:embed="rId2"/><a:stretch><a:fillRect/></a:stretch></a:blipFill>' +
          outline,
      });
    const [slide] = await readFixture({
      slides: [
        {
          shapes:
            filled(4, 100, 'ellipse', `<a:ln w="12700">${solid('000000')}</a:ln>`) +
            filled(5, 400, 'cloud'),
          relationships: [{ id: 'rId2', type: 'image', target: '../media/image1.png' }],
        },
      ],
      parts: { 'ppt/media/image1.png': png },
    });
    expect(slide!.elements).toMatchObject([
      { kind: 'picture', x: 100, y: 100, w: 200, h: 80 },
      { kind: 'path', x: 100, y: 100, w: 200, h: 80, stroke: { color: '#000000', width: 1 } },
      { kind: 'picture', x: 400, y: 100, w: 200, h: 80 },
    ]);
    expect(slide!.elements[1]).not.toHaveProperty('fill');
    // The ellipse's picture: its corners see-through, its middle the picture's green.
    const cut = slide!.pictures.get((slide!.elements[0] as { src: string }).src)!;
    const { data, info } = await sharp(cut).ensureAlpha().raw().toBuffer({
      resolveWithObject: true,
    });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    expect(alphaAt(0, 0)).toBe(0);
    expect(alphaAt(info.width - 1, info.height - 1)).toBe(0);
    expect(alphaAt(Math.floor(info.width / 2), Math.floor(info.height / 2))).toBe(255);
    expect(slide!.report.notImported).toEqual([
      { kind: 'picture', why: "a picture fill is drawn over its shape's bounding box" },
    ]);
  });
});
