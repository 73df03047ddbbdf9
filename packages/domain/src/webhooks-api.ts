import { z } from 'zod';
import { eventTypeSchema, eventTypes } from './integrations.ts';
import { plainText } from './text.ts';

/**
 * Webhooks (issue 51): addresses an admin registers at `/admin/webhooks` to be sent the portal's
 * events, signed as the Standard Webhooks specification says, with a log of each delivery.
 */

const isoDateTime = z.iso.datetime({ offset: true });

/** The event type of the message "Send test event" sends; no event row stands behind it. */
export const webhookTestEventType = 'webhook.test';

/** What an admin reads next to each event type's checkbox. */
export const webhookEventLabels: Record<(typeof eventTypes)[number], string> = {
  'link.created': 'A client link is created',
  'link.opened': 'A client opens a link',
  'visit.ended': 'A visit ends (time per slide and product)',
  'proposal.accepted': 'A client accepts a proposal',
  'proposal.declined': 'A client declines a proposal',
  'approval.requested': 'Prices are sent for approval',
  'approval.decided': 'Prices are approved or not',
  'deck.version_created': 'A new version of a deck is made',
};

const webhookUrlMessage = 'Address must be a full http:// or https:// address.';

/** An endpoint's address: http or https, no credentials in it (where it may point is the server's check). */
export const webhookUrlSchema = z
  .string({ error: webhookUrlMessage })
  .trim()
  .min(1, 'Address is required.')
  .max(2000, 'Address must be at most 2000 characters.')
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  }, webhookUrlMessage)
  .refine((value) => {
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    return url.username === '' && url.password === '';
  }, 'Address must not hold a user name or password.');

const webhookEventTypesSchema = z
  .array(eventTypeSchema, { error: 'Events must be a list of event types.' })
  .min(1, 'Choose at least one event.')
  .transform((types) => eventTypes.filter((type) => types.includes(type)));

const webhookDescriptionSchema = plainText('Description').max(
  200,
  'Description must be at most 200 characters.',
);

/** `POST /api/admin/webhooks`. */
export const webhookCreateSchema = z
  .object({
    url: webhookUrlSchema,
    description: webhookDescriptionSchema.default(''),
    eventTypes: webhookEventTypesSchema,
  })
  .strict();
export type WebhookCreate = z.input<typeof webhookCreateSchema>;

/** `PATCH /api/admin/webhooks/:id`: only what is given changes; `enabled` turns it on or off. */
export const webhookUpdateSchema = z
  .object({
    url: webhookUrlSchema.optional(),
    description: webhookDescriptionSchema.optional(),
    eventTypes: webhookEventTypesSchema.optional(),
    enabled: z.boolean({ error: 'Enabled must be true or false.' }).optional(),
  })
  .strict();
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

/** `/api/admin/webhooks/:id`. */
export const webhookParamsSchema = z.object({
  id: z.uuid({ error: 'There is no such webhook.' }),
});

/** `/api/admin/webhooks/:id/deliveries/:deliveryId`. */
export const webhookDeliveryParamsSchema = webhookParamsSchema.extend({
  deliveryId: z.uuid({ error: 'There is no such delivery.' }),
});

/** An endpoint as admins see it, with its secret (admins copy it into the receiving tool). */
export const webhookEndpointViewSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  /** `whsec_…`: the receiver verifies each message's signature with it. */
  secret: z.string(),
  enabled: z.boolean(),
  disabledAt: isoDateTime.nullable(),
  /** Why it is off: turned off by an admin, or after deliveries failed again and again. */
  disabledReason: z.string().nullable(),
  failuresInRow: z.number().int(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointViewSchema>;

/** `GET /api/admin/webhooks`: every endpoint, newest first. */
export const webhookEndpointsResponseSchema = z.object({
  endpoints: z.array(webhookEndpointViewSchema),
});
export type WebhookEndpointsResponse = z.infer<typeof webhookEndpointsResponseSchema>;

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** One message to one endpoint, with what its attempts so far came to. */
export const webhookDeliveryViewSchema = z.object({
  id: z.string(),
  eventType: z.string(),
  /** `webhook-id`: the same on every attempt, so the receiver can drop repeats. */
  messageId: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  nextAttemptAt: isoDateTime.nullable(),
  lastAttemptAt: isoDateTime.nullable(),
  /** The receiver's HTTP status; null when no answer came (refused, timed out). */
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryViewSchema>;

/** `GET /api/admin/webhooks/:id/deliveries`: the newest deliveries first. */
export const webhookDeliveriesResponseSchema = z.object({
  deliveries: z.array(webhookDeliveryViewSchema),
});
export type WebhookDeliveriesResponse = z.infer<typeof webhookDeliveriesResponseSchema>;
