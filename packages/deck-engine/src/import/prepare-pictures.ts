import { declaredResolution } from '../images/sniff-image.ts';
import { placePath, svgPathData } from '../render/shape-path.ts';
import type { PendingPicture, ReadSlide } from './slide-read.ts';

// The pictures of a read presentation, cut, stretched, tiled, tinted, shaped and faded as the
// slides show them, once each.

/** Cuts, stretches and fades each picture as its slide shows it (sharp, once per picture). */
export async function preparePictures(
  pending: readonly PendingPicture[],
  slides: readonly ReadSlide[],
) {
  if (pending.length === 0) return;
  const { default: sharp } = await import('sharp');
  // A master's picture is pending once per slide: it is prepared once, for all of them.
  const done = new Set<string>();
  for (const picture of pending) {
    if (done.has(picture.src)) continue;
    done.add(picture.src);
    let prepared: Uint8Array | undefined;
    try {
      const image = sharp(picture.bytes, { limitInputPixels: 100_000_000 });
      const meta = await image.metadata();
      const width = meta.width ?? 0;
      const height = meta.height ?? 0;
      if (width === 0 || height === 0) throw new Error('no size');
      let pipeline = sharp(picture.bytes, { limitInputPixels: 100_000_000 }).rotate();
      let cropW = width;
      let cropH = height;
      if (picture.crop) {
        const { left, top, right, bottom } = picture.crop;
        const x0 = Math.round(width * left);
        const y0 = Math.round(height * top);
        const x1 = Math.round(width * (1 - right));
        const y1 = Math.round(height * (1 - bottom));
        // A negative crop pads the picture: PowerPoint shrinks it inside its frame.
        const extract = {
          left: Math.max(0, x0),
          top: Math.max(0, y0),
          width: Math.max(1, Math.min(width, x1) - Math.max(0, x0)),
          height: Math.max(1, Math.min(height, y1) - Math.max(0, y0)),
        };
        pipeline = pipeline.extract(extract);
        const pad = {
          left: Math.max(0, -x0),
          top: Math.max(0, -y0),
          right: Math.max(0, x1 - width),
          bottom: Math.max(0, y1 - height),
        };
        if (pad.left + pad.top + pad.right + pad.bottom > 0) {
          pipeline = sharp(await pipeline.png().toBuffer()).extend({
            ...pad,
            background: { r: 0, g: 0, b: 0, alpha: 0 },
          });
        }
        cropW = extract.width + pad.left + pad.right;
        cropH = extract.height + pad.top + pad.bottom;
      }
      // Stretched to the frame's shape at the picture's own resolution (at most 2,400 px wide).
      // Within 2,400 px either way, whatever shape the frame has.
      let targetW = Math.max(1, Math.min(2_400, cropW));
      let targetH = Math.max(1, Math.round(targetW / picture.aspect));
      if (targetH > 2_400) {
        targetH = 2_400;
        targetW = Math.max(1, Math.round(2_400 * picture.aspect));
      }
      if (picture.tile) {
        // Repeated at its own size (scaled) across the frame, drawn at 2 px a point. Its size is
        // its pixels at the resolution it says it has, as office suites take it (96 dpi when
        // it says none, or one no picture has).
        const { frameWidth, frameHeight, scaleX, scaleY } = picture.tile;
        const declared = declaredResolution(picture.bytes);
        const dpi = declared && declared >= 24 && declared <= 2_400 ? declared : 96;
        const pointsPerPixel = 72 / dpi;
        const tileW = Math.max(1, Math.min(4_000, Math.round(cropW * pointsPerPixel * scaleX * 2)));
        const tileH = Math.max(1, Math.min(4_000, Math.round(cropH * pointsPerPixel * scaleY * 2)));
        const frameW = Math.max(1, Math.min(4_000, Math.round(frameWidth * 2)));
        const frameH = Math.max(1, Math.min(4_000, Math.round(frameHeight * 2)));
        // A tile larger than the frame shows only its top-left part.
        const tileBytes = await sharp(
          await pipeline.resize(tileW, tileH, { fit: 'fill' }).png().toBuffer(),
        )
          .extract({
            left: 0,
            top: 0,
            width: Math.min(tileW, frameW),
            height: Math.min(tileH, frameH),
          })
          .png()
          .toBuffer();
        pipeline = sharp({
          create: {
            width: frameW,
            height: frameH,
            channels: 4,
            background: { r: 0, g: 0, b: 0, alpha: 0 },
          },
        }).composite([{ input: tileBytes, tile: true, top: 0, left: 0 }]);
        pipeline = sharp(await pipeline.png().toBuffer());
      } else if (Math.abs(cropW / cropH - picture.aspect) > 0.01 || targetW !== cropW) {
        pipeline = sharp(await pipeline.png().toBuffer()).resize(targetW, targetH, { fit: 'fill' });
      }
      if (picture.duotone) {
        // Each pixel's lightness picks its colour between the two (the picture's own alpha kept).
        const [dark, light] = picture.duotone.map((hex) => [
          parseInt(hex.slice(0, 2), 16),
          parseInt(hex.slice(2, 4), 16),
          parseInt(hex.slice(4, 6), 16),
        ]) as [number[], number[]];
        const { data, info } = await pipeline
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        for (let i = 0; i < data.length; i += 4) {
          const l = (0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!) / 255;
          for (let c = 0; c < 3; c += 1)
            data[i + c] = Math.round(dark[c]! + (light[c]! - dark[c]!) * l);
        }
        pipeline = sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } });
        pipeline = sharp(await pipeline.png().toBuffer());
      } else if (picture.grayscale) {
        pipeline = sharp(await pipeline.grayscale().png().toBuffer());
      }
      if (picture.mask) {
        // Outside the outline, nothing: the outline as a white shape keeps what it covers.
        const shaped = await pipeline.ensureAlpha().png().toBuffer();
        const { width = 1, height = 1 } = await sharp(shaped).metadata();
        const outline = Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1000 1000" preserveAspectRatio="none">` +
            `<path d="${svgPathData(placePath(picture.mask, { x: 0, y: 0, w: 1000, h: 1000 }))}" fill="#fff"/></svg>`,
        );
        pipeline = sharp(
          await sharp(shaped)
            .composite([{ input: outline, blend: 'dest-in' }])
            .png()
            .toBuffer(),
        );
      }
      if (picture.opacity !== undefined) {
        const { data, info } = await pipeline
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        for (let i = 3; i < data.length; i += 4) data[i] = Math.round(data[i]! * picture.opacity);
        pipeline = sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } });
        prepared = await pipeline.png().toBuffer();
      } else {
        const alpha = (await pipeline.clone().metadata()).hasAlpha || meta.hasAlpha;
        prepared =
          alpha || meta.format === 'png'
            ? await pipeline.png().toBuffer()
            : await pipeline.jpeg({ quality: 90 }).toBuffer();
      }
    } catch {
      prepared = undefined;
    }
    for (const slide of slides) {
      if (!slide.pictures.has(picture.src)) continue;
      if (prepared) slide.pictures.set(picture.src, prepared);
      else {
        slide.pictures.delete(picture.src);
        const why = 'a picture that could not be read was left out';
        // Taken out, last first, each noted where it was (an office renderer may draw it).
        for (let i = slide.elements.length - 1; i >= 0; i -= 1) {
          const element = slide.elements[i]!;
          if (element.kind !== 'picture' || element.src !== picture.src) continue;
          slide.elements.splice(i, 1);
          for (const other of slide.leftOut) if (other.at > i) other.at -= 1;
          const { x, y, w, h } = element;
          slide.leftOut.push({
            kind: 'picture',
            what: 'a picture',
            why,
            box: { x, y, w, h },
            at: i,
          });
          const noted = slide.report.notImported.find((n) => n.kind === 'picture' && n.why === why);
          if (noted) noted.count = (noted.count ?? 1) + 1;
          else slide.report.notImported.push({ kind: 'picture', why });
        }
      }
    }
  }
}
