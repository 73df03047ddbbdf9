import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type {
  AuditAction,
  WebhookEndpointView,
  webhookCreateSchema,
  webhookUpdateSchema,
} from '@deck-portal/domain';
import type { z } from 'zod';
import type { User } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { users, webhookEndpoints } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { recordAudit } from '../users/record-audit.ts';
import { checkWebhookAddress } from './webhook-address.ts';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** Who acts (the audit row also keeps the request's address). */
export type WebhookActor = { user: Pick<User, 'id'> };

/** `whsec_` and the base64 of 24 random bytes: the Standard Webhooks form of a signing secret. */
export function newWebhookSecret() {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** Refuses (400, naming why) an address no message could go to. */
async function requireDeliverableAddress(services: Pick<Services, 'config'>, url: string) {
  const checked = await checkWebhookAddress(url, {
    allowPrivate: services.config.webhooksAllowPrivate,
  });
  if (!checked.ok) {
    const message = `Webhooks cannot go to this address: ${checked.reason}`;
    throw new AppError('validation_failed', message, { fields: { url: message } });
  }
}

/** The audit row of a change to an endpoint, naming it by its address. */
async function recordWebhookAudit(
  tx: Db,
  {
    actor,
    action,
    endpoint,
    oldValue = null,
    newValue = null,
    at,
  }: {
    actor: WebhookActor;
    action: AuditAction;
    endpoint: WebhookEndpointRow;
    oldValue?: string | null;
    newValue?: string | null;
    at: Date;
  },
) {
  await recordAudit(tx, {
    actorId: actor.user.id,
    action,
    subject: { kind: 'webhook', id: endpoint.id, label: endpoint.url },
    oldValue,
    newValue,
    at,
  });
}

/** What the audit row keeps of an endpoint: never its secret. */
const audited = (endpoint: WebhookEndpointRow) =>
  JSON.stringify({
    url: endpoint.url,
    description: endpoint.description,
    eventTypes: endpoint.eventTypes,
    enabled: endpoint.disabledAt === null,
  });

export function toEndpointView(
  endpoint: WebhookEndpointRow,
  creator: { id: string; name: string } | null,
): WebhookEndpointView {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    eventTypes: endpoint.eventTypes,
    secret: endpoint.secret,
    enabled: endpoint.disabledAt === null,
    disabledAt: endpoint.disabledAt?.toISOString() ?? null,
    disabledReason: endpoint.disabledReason,
    failuresInRow: endpoint.failuresInRow,
    createdBy: creator,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
}

/** Every endpoint, newest first, with who registered it. */
export async function listWebhookEndpoints(db: Db): Promise<WebhookEndpointView[]> {
  const rows = await db
    .select({ endpoint: webhookEndpoints, creatorName: users.name })
    .from(webhookEndpoints)
    .leftJoin(users, eq(users.id, webhookEndpoints.createdBy))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map(({ endpoint, creatorName }) =>
    toEndpointView(
      endpoint,
      endpoint.createdBy && creatorName ? { id: endpoint.createdBy, name: creatorName } : null,
    ),
  );
}

async function readEndpointView(db: Db, id: string) {
  const view = (await listWebhookEndpoints(db)).find((endpoint) => endpoint.id === id);
  if (!view) throw new AppError('not_found', 'There is no such webhook.');
  return view;
}

/** Locks an endpoint's row for a change, or 404. */
async function lockEndpoint(tx: Db, id: string) {
  const [endpoint] = await tx
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .for('update');
  if (!endpoint) throw new AppError('not_found', 'There is no such webhook.');
  return endpoint;
}

/** Registers an endpoint with a new secret (admins); its address must be one messages may go to. */
export async function createWebhookEndpoint(
  services: Pick<Services, 'db' | 'clock' | 'config'>,
  { actor, input }: { actor: WebhookActor; input: z.output<typeof webhookCreateSchema> },
): Promise<WebhookEndpointView> {
  await requireDeliverableAddress(services, input.url);
  const now = services.clock.now();
  const id = await services.db.transaction(async (tx) => {
    const [endpoint] = await tx
      .insert(webhookEndpoints)
      .values({
        url: input.url,
        description: input.description,
        eventTypes: input.eventTypes,
        secret: newWebhookSecret(),
        createdBy: actor.user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordWebhookAudit(tx, {
      actor,
      action: 'webhook.created',
      endpoint: endpoint!,
      newValue: audited(endpoint!),
      at: now,
    });
    return endpoint!.id;
  });
  return readEndpointView(services.db, id);
}

/**
 * Changes an endpoint (admins). Turning it on again clears the failures counted against it;
 * turning it off stops its pending deliveries' further attempts.
 */
export async function updateWebhookEndpoint(
  services: Pick<Services, 'db' | 'clock' | 'config'>,
  {
    actor,
    id,
    change,
  }: { actor: WebhookActor; id: string; change: z.output<typeof webhookUpdateSchema> },
): Promise<WebhookEndpointView> {
  if (change.url !== undefined) await requireDeliverableAddress(services, change.url);
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const old = await lockEndpoint(tx, id);
    const isEnabled = change.enabled ?? old.disabledAt === null;
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({
        ...(change.url !== undefined ? { url: change.url } : {}),
        ...(change.description !== undefined ? { description: change.description } : {}),
        ...(change.eventTypes !== undefined ? { eventTypes: change.eventTypes } : {}),
        ...(isEnabled
          ? { disabledAt: null, disabledReason: null }
          : old.disabledAt
            ? {}
            : { disabledAt: now, disabledReason: 'Turned off by an administrator.' }),
        ...(isEnabled && old.disabledAt ? { failuresInRow: 0 } : {}),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    await recordWebhookAudit(tx, {
      actor,
      action: 'webhook.changed',
      endpoint: endpoint!,
      oldValue: audited(old),
      newValue: audited(endpoint!),
      at: now,
    });
  });
  return readEndpointView(services.db, id);
}

/** Deletes an endpoint and its delivery log (admins). */
export async function deleteWebhookEndpoint(
  services: Pick<Services, 'db' | 'clock'>,
  { actor, id }: { actor: WebhookActor; id: string },
): Promise<void> {
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    const old = await lockEndpoint(tx, id);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    await recordWebhookAudit(tx, {
      actor,
      action: 'webhook.deleted',
      endpoint: old,
      oldValue: audited(old),
      at: now,
    });
  });
}

/**
 * Gives an endpoint a new secret (admins): every attempt from now on, retries of older messages
 * too, is signed with it; the receiver needs the new one at once.
 */
export async function rollWebhookSecret(
  services: Pick<Services, 'db' | 'clock'>,
  { actor, id }: { actor: WebhookActor; id: string },
): Promise<WebhookEndpointView> {
  const now = services.clock.now();
  await services.db.transaction(async (tx) => {
    await lockEndpoint(tx, id);
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({ secret: newWebhookSecret(), updatedAt: now })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    await recordWebhookAudit(tx, {
      actor,
      action: 'webhook.secret_rolled',
      endpoint: endpoint!,
      at: now,
    });
  });
  return readEndpointView(services.db, id);
}
