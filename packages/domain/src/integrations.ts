import { z } from 'zod';

/**
 * Issue 51: what happened that people outside the portal care about, as rows first (ADR 045).
 * Alerts, digests and webhooks are jobs that read these events; the names are the webhooks'.
 */
export const eventTypes = [
  'link.created',
  'link.opened',
  'visit.ended',
  'proposal.accepted',
  'proposal.declined',
  'approval.requested',
  'approval.decided',
  'deck.version_created',
] as const;
export type EventType = (typeof eventTypes)[number];
export const eventTypeSchema = z.enum(eventTypes);

/** The seconds of a visit given to one product, and to the slides about none ("general"). */
export type ProductSeconds = { productId: string; name: string; seconds: number };

/**
 * Which products a slide of a version is about, with the share of the slide's time each gets
 * (shares of one slide add up to 1; a slide about no product has none). Kept per version, in
 * slide order, so a visit's seconds are given to products as the version the client saw had them.
 */
export const slideProductShareSchema = z.object({
  productId: z.string().min(1),
  share: z.number().positive().max(1),
});
export type SlideProductShare = z.infer<typeof slideProductShareSchema>;
export type SlideProducts = SlideProductShare[][];

/** What an API token may do: the same routes a session reaches, limited to these. */
export const apiTokenScopes = [
  'decks:read',
  'decks:write',
  'links:read',
  'links:write',
  'analytics:read',
] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];
export const apiTokenScopeSchema = z.enum(apiTokenScopes);

/** The alerts a rep may turn on or off, each per channel. `firstOpen` is the alert reps had before. */
export const alertKinds = [
  'firstOpen',
  'everyVisit',
  'returnAfterSilence',
  'pricingViewed',
  'newViewer',
  'accepted',
  'declined',
] as const;
export type AlertKind = (typeof alertKinds)[number];
export const alertChannels = ['inApp', 'email', 'slack'] as const;
export type AlertChannel = (typeof alertChannels)[number];
