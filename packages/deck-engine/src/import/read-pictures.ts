import { createHash } from 'node:crypto';
import type { TemplateShadow } from '@deck-portal/domain';
import { isOpaqueImage, sniffImage } from '../images/sniff-image.ts';
import { EMU_PER_POINT } from '../ooxml/units.ts';
import { resolveColor } from './drawingml-color.ts';
import { ELLIPSE_PATH, flipPath, rectangles, roundedRectPath, shapeOutline } from './geometry.ts';
import { shapeFrame } from './shape-frame.ts';
import { endlessOutlineOf, readEffects } from './shape-style.ts';
import { round, type PartContext, type SlideRead, type Transform } from './slide-read.ts';
import { child, numberAttr, pathOf, type XmlElement } from './xml-tree.ts';

// Pictures: a picture shape, a shape's picture fill, a background picture and an embedded
// object's picture, each noted to be cut and faded once read (see `prepare-pictures.ts`).

/** Whether a shape or picture does something when clicked (a video's own "play" aside). */
export function isClickable(nonVisual: XmlElement | undefined): boolean {
  const click = child(nonVisual, 'a:hlinkClick');
  return click !== undefined && click.attrs.action !== 'ppaction://media';
}

/**
 * A picture (a picture shape's, or a shape's picture fill) cut to its shape's outline (its own
 * flips turn the cut with it), and the outline drawn over it.
 */
export function pushPicture(
  read: SlideRead,
  fill: XmlElement | undefined,
  context: PartContext,
  frame: { rotation: number; flipH: boolean; flipV: boolean },
  box: { x: number; y: number; w: number; h: number },
  what: string,
  alt: string,
  shape: {
    ellipse: boolean;
    geometry: string;
    /** The preset's or freeform's outline, when it is drawn as a path. */
    outline: string | undefined;
    /** A rounded rectangle's corner radius in points. */
    radius: number | undefined;
    stroke: { color: string; width: number; dash?: boolean; opacity?: number } | undefined;
    /** The shadow it casts, when it has one. */
    shadow?: TemplateShadow | undefined;
  },
) {
  const { ellipse, geometry, outline, stroke } = shape;
  const radius = Math.min(shape.radius ?? 0, box.w / 2, box.h / 2);
  const mask = ellipse
    ? ELLIPSE_PATH
    : outline !== undefined
      ? outline
      : radius > 0
        ? roundedRectPath((radius / box.w) * 1000, (radius / box.h) * 1000)
        : undefined;
  if (!mask && geometry !== 'rect' && !rectangles.has(geometry)) {
    read.skip('picture', `a ${what} is drawn over its shape's bounding box`);
  }
  readBlip(read, fill, box, context, what, alt, frame, mask, shape.shadow);
  if (!stroke) return;
  read.push({
    kind: mask ? 'path' : 'rect',
    ...box,
    ...(mask ? { path: flipPath(mask, frame.flipH, frame.flipV) } : {}),
    stroke,
    ...(frame.rotation !== 0 ? { rotation: frame.rotation } : {}),
  });
}

export function readPicture(
  read: SlideRead,
  picture: XmlElement,
  transform: Transform,
  context: PartContext,
) {
  const nonVisual = child(picture, 'p:nvPicPr');
  const media = pathOf(nonVisual, 'p:nvPr');
  if (
    media?.children.some(
      (c) => c.name === 'a:videoFile' || c.name === 'a:audioFile' || c.name === 'a:quickTimeFile',
    )
  ) {
    read.skip('video', 'a video or sound is shown as its poster picture');
  }
  if (isClickable(pathOf(nonVisual, 'p:cNvPr'))) {
    read.skip('picture', 'a link or action on a picture is not kept');
  }
  const properties = child(picture, 'p:spPr');
  const frame = shapeFrame(child(properties, 'a:xfrm'), transform);
  if (!frame) return;
  const alt = pathOf(nonVisual, 'p:cNvPr')?.attrs.descr ?? '';
  // Cut to its shape (a picture style's oval or rounded corners), its border drawn over it.
  const geometry =
    child(properties, 'a:prstGeom')?.attrs.prst ??
    (child(properties, 'a:custGeom') ? 'custom' : 'rect');
  const box = read.box(frame);
  pushPicture(read, child(picture, 'p:blipFill'), context, frame, box, 'picture', alt, {
    ...shapeOutline(geometry, properties, box),
    geometry,
    stroke: endlessOutlineOf(read, picture, properties, context, geometry),
    shadow: readEffects(read, picture, properties, context, 'picture'),
  });
}

/** A picture (its crop and transparency noted, to apply once read) in a box. */
export function readBlip(
  read: SlideRead,
  fill: XmlElement | undefined,
  box: { x: number; y: number; w: number; h: number },
  context: PartContext,
  what: string,
  alt = '',
  turn: { rotation: number; flipH: boolean; flipV: boolean } = {
    rotation: 0,
    flipH: false,
    flipV: false,
  },
  /** The outline the picture is cut to (a shape's, in its 1000 × 1000 square); none: its box. */
  mask?: string,
  /** The shadow it casts: drawn from its box, so only for a picture that fills its box. */
  shadow?: TemplateShadow,
) {
  const blip = child(fill, 'a:blip');
  if (!blip || box.w <= 0 || box.h <= 0) return;
  const linked = blip.attrs['r:link'];
  if (linked) {
    const rel = context.rels.get(linked);
    read.skip(
      'picture',
      `a ${what} linked to ${rel?.external ?? 'a file outside the presentation'} was not fetched`,
    );
    return;
  }
  const rel = context.rels.get(blip.attrs['r:embed'] ?? '');
  if (rel?.external) {
    read.skip('picture', `a ${what} linked to ${rel.external} was not fetched`);
    return;
  }
  const bytes = rel?.part ? read.pkg.parts.get(rel.part) : undefined;
  if (!bytes) {
    read.skip('picture', `a ${what} whose file is missing from the presentation was left out`);
    return;
  }
  const kind = sniffImage(bytes);
  if (!kind || kind === 'svg') {
    const extension = rel?.part?.split('.').pop()?.toUpperCase() ?? 'unknown';
    const why = `a ${what} in a format we cannot draw (${extension}) was left out`;
    read.skip('picture', why);
    // An office renderer draws it: a picture of it can take its place.
    read.leftOut.push({
      kind: 'picture',
      what: `a ${what} in ${extension}`,
      why,
      box: { ...box },
      at: read.elements.length,
    });
    return;
  }
  const rect = child(fill, 'a:srcRect');
  // A share of the picture, at most all of it either way (a negative crop pads).
  const share = (name: string) =>
    Math.max(-1, Math.min(1, (numberAttr(rect, name) ?? 0) / 100_000));
  const crop = rect
    ? { left: share('l'), top: share('t'), right: share('r'), bottom: share('b') }
    : undefined;
  const opacity = (numberAttr(child(blip, 'a:alphaModFix'), 'amt') ?? 100_000) / 100_000;
  const duotoneColors = (child(blip, 'a:duotone')?.children ?? [])
    .map((color) => resolveColor(color, context.colors)?.hex)
    .filter((hex): hex is string => hex !== undefined);
  const duotone = duotoneColors.length === 2 ? (duotoneColors as [string, string]) : undefined;
  const grayscale = child(blip, 'a:grayscl') !== undefined;
  const tiling = child(fill, 'a:tile');
  const pointScale = read.base.sx * EMU_PER_POINT;
  const tile = tiling
    ? {
        frameWidth: box.w,
        frameHeight: box.h,
        scaleX: ((numberAttr(tiling, 'sx') ?? 100_000) / 100_000) * pointScale,
        scaleY: ((numberAttr(tiling, 'sy') ?? 100_000) / 100_000) * pointScale,
      }
    : undefined;
  const key = createHash('sha256')
    .update(bytes)
    .update(
      JSON.stringify({
        crop,
        opacity,
        aspect: round(box.w / box.h),
        tile,
        duotone,
        grayscale,
        mask,
      }),
    )
    .digest('hex')
    .slice(0, 24);
  const src = `pptx:${key}`;
  if (!read.pictures.has(src)) {
    read.pictures.set(src, bytes);
    read.pending.push({
      src,
      bytes,
      ...(crop ? { crop } : {}),
      ...(opacity < 1 ? { opacity } : {}),
      ...(tile ? { tile } : {}),
      ...(duotone ? { duotone } : {}),
      ...(grayscale ? { grayscale } : {}),
      ...(mask ? { mask } : {}),
      aspect: box.w / box.h,
    });
  }
  const castsBox = !mask && opacity === 1 && !tile && isOpaqueImage(bytes);
  if (shadow && !castsBox) {
    read.skip('effect', 'a shadow behind a picture cut to a shape or see-through is not drawn');
  }
  read.push({
    kind: 'picture',
    ...box,
    src,
    fit: 'cover',
    alt: alt.slice(0, 500),
    ...(shadow && castsBox ? { shadow } : {}),
    ...(turn.rotation !== 0 ? { rotation: turn.rotation } : {}),
    ...(turn.flipH ? { flipH: true } : {}),
    ...(turn.flipV ? { flipV: true } : {}),
  });
}

/**
 * An embedded object (a Visio drawing, a Photoshop image, a worksheet) keeps the picture
 * PowerPoint shows of it, in `p:oleObj`'s `p:pic`, often inside an `mc:AlternateContent`
 * whose fallback is the one a reader like us takes. That picture is drawn where the object
 * was, and the editor is told it is no longer the object.
 */
export function readObjectPicture(
  read: SlideRead,
  data: XmlElement | undefined,
  frame: { x: number; y: number; w: number; h: number },
  context: PartContext,
): boolean {
  const alternate = child(data, 'mc:AlternateContent');
  const object =
    child(data, 'p:oleObj') ??
    child(child(alternate, 'mc:Fallback'), 'p:oleObj') ??
    child(child(alternate, 'mc:Choice'), 'p:oleObj');
  const picture = child(object, 'p:pic');
  if (!picture) return false;
  const [elements, leftOut] = [read.elements.length, read.leftOut.length];
  const name = object?.attrs.name || object?.attrs.progId || 'object';
  readBlip(read, child(picture, 'p:blipFill'), read.box(frame), context, 'picture', name);
  if (read.elements.length > elements) {
    read.skip('object', 'an embedded object is shown as its picture: it is not editable');
    return true;
  }
  // A picture we cannot draw (a WMF) is reported, and put back by the office renderer.
  return read.leftOut.length > leftOut;
}
