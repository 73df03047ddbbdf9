import { ssim } from 'ssim.js';
import type { PageRaster } from './pdf-pages.ts';

/** The raster both pages are drawn on: 640 × 360, the slide at two thirds of a point a pixel. */
export const RASTER_WIDTH = 640;

function crop(raster: PageRaster, area: PageRaster['content']) {
  const data = new Uint8ClampedArray(area.width * area.height * 4);
  for (let row = 0; row < area.height; row += 1) {
    const from = ((area.y + row) * raster.width + area.x) * 4;
    data.set(raster.data.subarray(from, from + area.width * 4), row * area.width * 4);
  }
  return { data, width: area.width, height: area.height };
}

/**
 * SSIM of the two pages in grayscale (ssim.js takes RGBA and converts it with integer luma
 * weights), over the part of the slide the reference page covers: the bars beside a 4:3 slide
 * are outside the presentation, and whatever colour the importer gives them is not scored.
 */
export function scorePixelSimilarity(reference: PageRaster, ours: PageRaster): number {
  if (reference.width !== ours.width || reference.height !== ours.height) {
    throw new Error('the two pages must be rasterised at the same size');
  }
  const area = reference.content;
  // Full resolution: at 640 × 360 ssim.js would not downsample anyway, and text needs the pixels.
  const { mssim } = ssim(crop(reference, area), crop(ours, area), { downsample: false });
  return mssim;
}
