import { z } from 'zod';

/** What the browser needs to know about this installation: `GET /api/config`. */
export const portalConfigSchema = z.object({
  /** The video the dashboard's tutorial card opens (TUTORIAL_URL). */
  tutorialUrl: z.string(),
  /** Whether 'Continue with Google' can work on this server. */
  isGoogleSignInEnabled: z.boolean(),
});
export type PortalConfig = z.infer<typeof portalConfigSchema>;
