import { z } from 'zod';
import { isLinkAddress } from './link-address.ts';

/**
 * Words on a generated slide that open an address (a web page or an e-mail), placed as shares
 * of the slide's width and height (0 to 1) so a viewer lays them over the slide's picture at
 * any size. The PDF and the PPTX carry the same links themselves.
 */
export const slideLinkSchema = z.object({
  href: z.string().max(2_000).refine(isLinkAddress, 'a link opens a web page or an e-mail'),
  /** The linked words, as a screen reader names the link. */
  text: z.string().max(2_000),
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  w: z.number().min(0).max(1),
  h: z.number().min(0).max(1),
});
export type SlideLink = z.infer<typeof slideLinkSchema>;

/** A slide as a viewer shows it: its picture, and the links over it (none when absent). */
export const viewedSlideSchema = z.object({
  index: z.number().int(),
  url: z.string(),
  links: z.array(slideLinkSchema).optional(),
});
