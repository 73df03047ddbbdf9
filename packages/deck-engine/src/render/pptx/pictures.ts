import { escapeXml, toEmu } from './markup.ts';
import type { PartWriter } from './part-writer.ts';
import { correctShadow, shadowFigures, writeTurn, type ShadowOptions } from './shapes.ts';

/** A picture's options, as `render-pptx.ts` gives them (pptxgenjs's `ImageProps`). */
export interface PictureOptions {
  /** `image/png;base64,…`: the picture's bytes (or the token standing for them). */
  data: string;
  altText?: string;
  x?: number;
  y?: number;
  w?: number;
  h?: number;
  sizing?: { type: 'cover' | 'contain' | 'crop'; w?: number; h?: number; x?: number; y?: number };
  shadow?: ShadowOptions;
  rotate?: number;
  flipH?: boolean;
  flipV?: boolean;
  objectName?: string;
}

/** A picture of a slide, as it was added: its relationship and media part. */
export interface PictureObject {
  kind: 'picture';
  name: string;
  options: PictureOptions;
  relationshipId: number;
  /** Its part's name in the package (`ppt/media/image-S-N.ext`). */
  part: string;
  /** Its relationship's target (`../media/image-S-N.ext`). */
  target: string;
}

/** The picture's extension, from its data's media type (pptxgenjs's rule). */
export function pictureExtension(data: string): string {
  return /image\/(\w+);/.exec(data)?.[1] ?? 'png';
}

/**
 * What pptxgenjs's `addImage` records: a name ("Image n"), a relationship numbered after the
 * slide's others, and a media part named by the slide and the picture's place among them.
 */
export function addedPicture(
  options: PictureOptions,
  slideNumber: number,
  picturesSoFar: number,
  relationshipsSoFar: number,
  mediaSoFar: number,
): PictureObject {
  const extension = pictureExtension(options.data);
  const file = `image-${slideNumber}-${mediaSoFar + 1}.${extension}`;
  correctShadow(options.shadow);
  return {
    kind: 'picture',
    name: options.objectName ? escapeXml(options.objectName) : `Image ${picturesSoFar}`,
    options,
    relationshipId: relationshipsSoFar + 1,
    part: `ppt/media/${file}`,
    target: `../media/${file}`,
  };
}

/** A picture as `p:pic`, the `index`-th object of its slide (pptxgenjs's spaces kept). */
export function writePicture(w: PartWriter, picture: PictureObject, index: number): void {
  const options = picture.options;
  const x = toEmu(options.x || 0);
  const y = toEmu(options.y || 0);
  let width = toEmu(options.w || 1);
  let height = toEmu(options.h || 1);
  w.raw('<p:pic>  <p:nvPicPr><p:cNvPr id="')
    .number(index + 2)
    .raw('" name="')
    .raw(picture.name);
  // A picture without a description is described by pptxgenjs's name for pasted data.
  w.raw('" descr="')
    .escaped(options.altText || 'preencoded.png')
    .raw('">    </p:cNvPr>');
  w.raw(
    '    <p:cNvPicPr><a:picLocks noChangeAspect="1"/></p:cNvPicPr>    <p:nvPr></p:nvPr>  </p:nvPicPr>',
  );
  w.raw('<p:blipFill><a:blip r:embed="rId').number(picture.relationshipId).raw('"></a:blip>');
  const sizing = options.sizing;
  if (sizing?.type) {
    const box = {
      w: sizing.w ? toEmu(sizing.w) : width,
      h: sizing.h ? toEmu(sizing.h) : height,
      x: toEmu(sizing.x || 0),
      y: toEmu(sizing.y || 0),
    };
    w.raw(sourceRectangle(sizing.type, { w: width, h: height }, box));
    width = box.w;
    height = box.h;
  } else {
    w.raw('  <a:stretch><a:fillRect/></a:stretch>');
  }
  writeTurn(w.raw('</p:blipFill><p:spPr> <a:xfrm'), options);
  w.raw('>  <a:off x="').number(x).raw('" y="').number(y).raw('"/>  <a:ext cx="').number(width);
  w.raw('" cy="')
    .number(height)
    .raw('"/> </a:xfrm> <a:prstGeom prst="rect"><a:avLst/></a:prstGeom>');
  if (options.shadow && options.shadow.type !== 'none') {
    const s = shadowFigures(options.shadow);
    w.raw('<a:effectLst><a:').raw(s.type).raw('Shdw ');
    if (s.type === 'outer')
      w.raw('sx="100000" sy="100000" kx="0" ky="0" algn="bl" rotWithShape="0"');
    w.raw(' blurRad="').number(s.blur).raw('" dist="').number(s.offset).raw('" dir="');
    w.number(s.angle).raw('"><a:srgbClr val="').raw(s.color).raw('"><a:alpha val="');
    w.number(s.opacity).raw('"/></a:srgbClr></a:').raw(s.type).raw('Shdw></a:effectLst>');
  }
  w.raw('</p:spPr></p:pic>');
}

/** The part of the picture shown, as `a:srcRect` (pptxgenjs's cover, contain and crop). */
function sourceRectangle(
  type: 'cover' | 'contain' | 'crop',
  picture: { w: number; h: number },
  box: { w: number; h: number; x: number; y: number },
): string {
  if (type === 'crop') {
    const l = Math.round(1e5 * (box.x / picture.w));
    const r = Math.round(1e5 * ((picture.w - (box.x + box.w)) / picture.w));
    const t = Math.round(1e5 * (box.y / picture.h));
    const b = Math.round(1e5 * ((picture.h - (box.y + box.h)) / picture.h));
    return `<a:srcRect l="${l}" r="${r}" t="${t}" b="${b}"/><a:stretch/>`;
  }
  const pictureRatio = picture.h / picture.w;
  const boxRatio = box.h / box.w;
  const byBox = type === 'cover' ? boxRatio > pictureRatio : boxRatio > pictureRatio;
  const width =
    type === 'cover'
      ? byBox
        ? box.h / pictureRatio
        : box.w
      : byBox
        ? box.w
        : box.h / pictureRatio;
  const height =
    type === 'cover'
      ? byBox
        ? box.h
        : box.w * pictureRatio
      : byBox
        ? box.w * pictureRatio
        : box.h;
  const across = Math.round(1e5 * 0.5 * (1 - box.w / width));
  const down = Math.round(1e5 * 0.5 * (1 - box.h / height));
  return `<a:srcRect l="${across}" r="${across}" t="${down}" b="${down}"/><a:stretch/>`;
}
