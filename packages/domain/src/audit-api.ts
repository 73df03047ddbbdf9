import { z } from 'zod';
import { auditActions } from './admin.ts';
import { isUuid } from './ids.ts';
import { plainText } from './text.ts';

/** The audit log's screen and export (issue 51): who did what to which thing, when, from where. */

/** What an audit row names besides a user (`targetKind`). */
export const auditTargetKinds = [
  'user',
  'deck',
  'link',
  'product',
  'market',
  'price_list',
  'library',
  'deal_desk',
  'webhook',
  'api_token',
] as const;
export type AuditTargetKind = (typeof auditTargetKinds)[number];

/** At most this many rows a page (`limit`), newest first. */
export const auditPageSizeMax = 200;

const auditActionSchema = z.enum(auditActions, {
  error: (issue) =>
    `action must be one of the audit log's actions, not '${String(issue.input).slice(0, 60)}'`,
});

/** A day (`2026-11-29`, the whole day in UTC) or an instant (`2026-11-29T13:00:00Z`). */
const dayOrInstant = (field: string) =>
  z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: `${field} must be a date (2026-11-29) or a time (2026-11-29T13:00:00Z)`,
  });

/** `GET /api/admin/audit.csv`: every filter of the screen. */
export const auditFilterQuerySchema = z.object({
  /** Who acted: a user id or an e-mail address (any case). */
  actor: plainText('actor').trim().min(1, 'actor must not be empty').max(320).optional(),
  /** One action, or several (`action=a&action=b`): rows of any of them. */
  action: z
    .union([auditActionSchema, z.array(auditActionSchema).max(auditActions.length)])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional(),
  targetKind: z
    .enum(auditTargetKinds, {
      error: `targetKind must be one of: ${auditTargetKinds.join(', ')}`,
    })
    .optional(),
  /** The id of what was acted on (a deck's, a link's, a user's, a market's code…). */
  targetId: plainText('targetId').trim().min(1, 'targetId must not be empty').max(200).optional(),
  /** From this day or instant on (inclusive). */
  from: dayOrInstant('from').optional(),
  /** Up to this instant, or to the end of this day (inclusive). */
  to: dayOrInstant('to').optional(),
});
export type AuditFilterQuery = z.input<typeof auditFilterQuerySchema>;
export type AuditFilter = z.output<typeof auditFilterQuerySchema>;

/** `GET /api/admin/audit`: the filters and the page (`cursor` from the page before). */
export const auditQuerySchema = auditFilterQuerySchema.extend({
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'cursor must be a position this list answered')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${auditPageSizeMax}`)
    .max(auditPageSizeMax, `limit must be between 1 and ${auditPageSizeMax}`)
    .default(50),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** True when `actor` names a user by id rather than by e-mail. */
export function isActorId(actor: string) {
  return isUuid(actor);
}

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime({ offset: true }),
  /** Null for the portal's own work (a job, the command line) or a user since deleted. */
  actor: z
    .object({
      id: z.string().nullable(),
      name: z.string().nullable(),
      email: z.string().nullable(),
    })
    .nullable(),
  action: z.string(),
  /** What was acted on; null when the row names nothing (a library publication). */
  target: z
    .object({
      kind: z.string(),
      id: z.string().nullable(),
      /** Its name as it was then (a deck's title, a market's name, a user's e-mail). */
      label: z.string().nullable(),
      /** The user concerned, when there is one (the deck's owner, the user approved). */
      userEmail: z.string().nullable(),
    })
    .nullable(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  /** The address the request came from; null for work no request did. */
  address: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** The `cursor` of the page after this one, or null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
