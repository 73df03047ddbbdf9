import { z } from 'zod';

export { defaultProductName } from './product-name.ts';

/** What the browser needs to know about this installation: `GET /api/config`. */
export const portalConfigSchema = z.object({
  /** The video the dashboard's tutorial card opens (TUTORIAL_URL). */
  tutorialUrl: z.string(),
  /** Whether 'Continue with Google' can work on this server. */
  isGoogleSignInEnabled: z.boolean(),
  /** What the portal calls itself in its pages and title (PRODUCT_NAME). */
  productName: z.string().min(1),
});
export type PortalConfig = z.infer<typeof portalConfigSchema>;
