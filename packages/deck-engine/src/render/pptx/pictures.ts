import { escapeXml, toEmu } from './markup.ts';
import { correctShadow, shadowFigures, turnAttributes, type ShadowOptions } from './shapes.ts';

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
export function pictureXml(picture: PictureObject, index: number): string {
  const options = picture.options;
  const x = toEmu(options.x || 0);
  const y = toEmu(options.y || 0);
  let width = toEmu(options.w || 1);
  let height = toEmu(options.h || 1);
  // A picture without a description is described by pptxgenjs's name for pasted data.
  const description = escapeXml(options.altText || 'preencoded.png');
  let xml =
    `<p:pic>  <p:nvPicPr><p:cNvPr id="${index + 2}" name="${picture.name}" descr="${description}">    </p:cNvPr>` +
    '    <p:cNvPicPr><a:picLocks noChangeAspect="1"/></p:cNvPicPr>    <p:nvPr></p:nvPr>  </p:nvPicPr>' +
    `<p:blipFill><a:blip r:embed="rId${picture.relationshipId}"></a:blip>`;
  const sizing = options.sizing;
  if (sizing?.type) {
    const box = {
      w: sizing.w ? toEmu(sizing.w) : width,
      h: sizing.h ? toEmu(sizing.h) : height,
      x: toEmu(sizing.x || 0),
      y: toEmu(sizing.y || 0),
    };
    xml += sourceRectangle(sizing.type, { w: width, h: height }, box);
    width = box.w;
    height = box.h;
  } else {
    xml += '  <a:stretch><a:fillRect/></a:stretch>';
  }
  xml +=
    `</p:blipFill><p:spPr> <a:xfrm${turnAttributes({ ...options, rotate: options.rotate || 0 })}>` +
    `  <a:off x="${x}" y="${y}"/>  <a:ext cx="${width}" cy="${height}"/> </a:xfrm>` +
    ' <a:prstGeom prst="rect"><a:avLst/></a:prstGeom>';
  if (options.shadow && options.shadow.type !== 'none') {
    const s = shadowFigures(options.shadow);
    xml +=
      `<a:effectLst><a:${s.type}Shdw ${s.type === 'outer' ? 'sx="100000" sy="100000" kx="0" ky="0" algn="bl" rotWithShape="0"' : ''} blurRad="${s.blur}" dist="${s.offset}" dir="${s.angle}">` +
      `<a:srgbClr val="${s.color}"><a:alpha val="${s.opacity}"/></a:srgbClr></a:${s.type}Shdw></a:effectLst>`;
  }
  return `${xml}</p:spPr></p:pic>`;
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
