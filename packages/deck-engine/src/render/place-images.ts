import type { ImageStore, ResolvedImage } from '../images/image-store.ts';
import type { Box, ImageElement, Shadow, Slide, SlideElement, Turn } from '../layout/model.ts';
import { layoutText } from '../layout/text-layout.ts';

export interface PlacedImage extends Box, Turn {
  kind: 'placed-image';
  image: ResolvedImage;
  /** The frame the picture is clipped to (cover) or centred in (contain), turned about its centre. */
  frame: Box;
  alt: string;
  shadow?: Shadow;
}

/** Where a placed picture shows: its fitted box, cut to its frame. */
export function shownBox(image: PlacedImage): Box {
  const x = Math.max(image.x, image.frame.x);
  const y = Math.max(image.y, image.frame.y);
  const right = Math.min(image.x + image.w, image.frame.x + image.frame.w);
  const bottom = Math.min(image.y + image.h, image.frame.y + image.frame.h);
  return { x, y, w: Math.max(0, right - x), h: Math.max(0, bottom - y) };
}

export type RenderElement = Exclude<SlideElement, ImageElement> | PlacedImage;

export interface RenderSlide extends Omit<Slide, 'elements'> {
  elements: RenderElement[];
}

/** Where a picture of the given size lands in its frame. */
export function fitImage(frame: Box, width: number, height: number, fit: 'cover' | 'contain'): Box {
  const scale =
    fit === 'cover'
      ? Math.max(frame.w / width, frame.h / height)
      : Math.min(frame.w / width, frame.h / height);
  const w = width * scale;
  const h = height * scale;
  return { x: frame.x + (frame.w - w) / 2, y: frame.y + (frame.h - h) / 2, w, h };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url.slice(0, 60);
  }
}

/** The clearly marked empty frame a picture that could not be loaded leaves behind. */
export function missingImageFrame(element: ImageElement): RenderElement[] {
  const label = Math.min(element.w - 16, 320);
  const labelX = element.x + (element.w - label) / 2;
  const middle = element.y + element.h / 2;
  return [
    {
      kind: 'rect',
      x: element.x,
      y: element.y,
      w: element.w,
      h: element.h,
      fill: 'F4F6F9',
      stroke: { color: 'A9B4C2', width: 1, dash: true },
      radius: 6,
    },
    layoutText({
      name: 'missing-image',
      x: labelX,
      y: middle - 20,
      w: label,
      h: 20,
      text: 'Picture unavailable',
      weight: 'semibold',
      size: 12,
      minSize: 7,
      maxLines: 1,
      color: '5A6B80',
      align: 'center',
      valign: 'bottom',
    }),
    layoutText({
      x: labelX,
      y: middle + 2,
      w: label,
      h: 16,
      text: hostOf(element.src),
      size: 9,
      minSize: 6,
      maxLines: 1,
      color: '8795A6',
      align: 'center',
      valign: 'top',
    }),
  ];
}

/** Swaps each image element for its resolved picture or, when it failed, a marked empty frame. */
export function placeImages(slide: Slide, images: ImageStore): RenderSlide {
  const elements: RenderElement[] = [];
  for (const element of slide.elements) {
    if (element.kind !== 'image') {
      elements.push(element);
      continue;
    }
    const image = images.get(element.src);
    if (!image) {
      elements.push(...missingImageFrame(element));
      continue;
    }
    const frame = { x: element.x, y: element.y, w: element.w, h: element.h };
    elements.push({
      kind: 'placed-image',
      image,
      frame,
      alt: element.alt,
      ...fitImage(frame, image.width, image.height, element.fit),
      ...(element.rotation ? { rotation: element.rotation } : {}),
      ...(element.flipH ? { flipH: true } : {}),
      ...(element.flipV ? { flipV: true } : {}),
      ...(element.shadow ? { shadow: element.shadow } : {}),
    });
  }
  return { ...slide, elements };
}
