import { z } from 'zod';
import { emailSchema, fullNameSchema } from './auth.ts';
import {
  accountStatusSchema,
  assignableRoleSchema,
  defaultApprovalRole,
  roleSchema,
} from './users.ts';

/** Payloads of the admin portal's endpoints (DESIGN.md section 5a), shared by server and web. */

/** Timestamps travel as ISO 8601 strings. */
const isoDateTime = z.iso.datetime({ offset: true });

/** Which list `GET /api/admin/users?status=` answers. */
export const adminUserListStatuses = ['pending_approval', 'approved', 'declined', 'all'] as const;
export const adminUsersQuerySchema = z.object({
  status: z.enum(adminUserListStatuses, {
    error: 'Choose one of: pending_approval, approved, declined, all.',
  }),
});
export type AdminUserListStatus = (typeof adminUserListStatuses)[number];

/** SPEC.md section 7: a pending user is id, name, email, requestedAt. */
export const pendingUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  requestedAt: isoDateTime,
});
export type PendingUser = z.infer<typeof pendingUserSchema>;

/** SPEC.md section 7: an approved user is id, name, email, role, approvedAt. */
export const approvedUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  approvedAt: isoDateTime,
});
export type ApprovedUser = z.infer<typeof approvedUserSchema>;

/** Any account, with its status (the `all` list and the answer of every user action). */
export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  status: accountStatusSchema,
  requestedAt: isoDateTime,
  approvedAt: isoDateTime.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** A declined sign-up, kept so an administrator can reconsider it. */
export const declinedUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  requestedAt: isoDateTime,
  declinedAt: isoDateTime,
});
export type DeclinedUser = z.infer<typeof declinedUserSchema>;

export const declinedUsersResponseSchema = z.object({
  status: z.literal('declined'),
  users: z.array(declinedUserSchema),
});

export const pendingUsersResponseSchema = z.object({
  status: z.literal('pending_approval'),
  users: z.array(pendingUserSchema),
});
export const approvedUsersResponseSchema = z.object({
  status: z.literal('approved'),
  users: z.array(approvedUserSchema),
});
export const allUsersResponseSchema = z.object({
  status: z.literal('all'),
  users: z.array(adminUserSchema),
});
/** The answer names the list it holds, so each list keeps its own shape. */
export const adminUsersResponseSchema = z.discriminatedUnion('status', [
  pendingUsersResponseSchema,
  approvedUsersResponseSchema,
  declinedUsersResponseSchema,
  allUsersResponseSchema,
]);
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const adminStatsSchema = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  total: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const userIdParamsSchema = z.object({ id: z.string() });

export const approveUserRequestSchema = z.object({
  role: assignableRoleSchema.default(defaultApprovalRole),
});
export type ApproveUserRequest = z.input<typeof approveUserRequestSchema>;

export const changeUserRoleRequestSchema = z.object({ role: assignableRoleSchema });
export type ChangeUserRoleRequest = z.input<typeof changeUserRoleRequestSchema>;

export const adminUserResponseSchema = z.object({ user: adminUserSchema });

export const invitationLifetimeDays = 7;

export const inviteUserRequestSchema = z.object({
  email: emailSchema,
  name: fullNameSchema,
  role: assignableRoleSchema.default(defaultApprovalRole),
});
export type InviteUserRequest = z.input<typeof inviteUserRequestSchema>;

export const invitationSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  expiresAt: isoDateTime,
});
export const inviteUserResponseSchema = z.object({ invitation: invitationSchema });
export type Invitation = z.infer<typeof invitationSchema>;

/** SPEC.md section 3: a notification is id, message, read, createdAt. */
export const adminNotificationSchema = z.object({
  id: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: isoDateTime,
});
export type AdminNotification = z.infer<typeof adminNotificationSchema>;

export const adminNotificationsResponseSchema = z.object({
  notifications: z.array(adminNotificationSchema),
  unreadCount: z.number().int(),
});
export type AdminNotificationsResponse = z.infer<typeof adminNotificationsResponseSchema>;

export const notificationIdParamsSchema = z.object({ id: z.string() });

/** SPEC.md section 7: marking a notification read answers true or false. */
export const markNotificationReadResponseSchema = z.object({ success: z.boolean() });

/** The admin screen's texts: SPEC.md sections 2, 5, 6 and 8. */
export const adminMessages = {
  onlyAdminsCanInvite: 'Only admins can invite users',
  removeUserConfirm: 'Are you sure you want to remove this user? This action cannot be undone.',
  loadPendingFailed: 'Failed to load pending users: ',
  approveFailed: 'Failed to approve user',
  declineFailed: 'Failed to decline user',
  changeRoleFailed: 'Failed to update user role',
  removeFailed: 'Failed to remove user',
  inviteFailed: 'Failed to invite user',
  noPendingUsers: 'No pending user approvals',
  noDeclinedUsers: 'No declined sign-ups',
  loadDeclinedFailed: 'Failed to load declined users: ',
  noApprovedUsers: 'No approved users yet',
  invalidInvitation:
    'This invitation link is invalid, has expired or was already used. Please ask an administrator for a new one.',
} as const;

/** The audit log's action names, one per administrator action. */
export const auditActions = [
  'user.approved',
  'user.declined',
  'user.role_changed',
  'user.removed',
  'user.invited',
  'invitation.accepted',
  'notification.read',
  'library.slide_created',
  'library.slide_deleted',
  'library.slide_saved',
  'library.layout_saved',
  'library.brand_saved',
  'library.categories_saved',
  'library.slides_reordered',
  'library.published',
  'library.version_restored',
  'library.draft_discarded',
  'library.slides_imported',
  'library.picture_uploaded',
  'library.font_uploaded',
  'library.translations_saved',
  'product.created',
  'product.changed',
  'deal_desk.updated',
  'market.changed',
  'market.deleted',
  'price_list.changed',
  'price_list.deleted',
  'deck.approval_requested',
  'deck.approval_approved',
  'deck.approval_rejected',
  'webhook.created',
  'webhook.changed',
  'webhook.deleted',
  'webhook.secret_rolled',
  'deck.deleted',
  'deck.shared',
  'deck.share_changed',
  'deck.unshared',
  'deck.version_restored',
  'link.created',
  'link.revoked',
  'api_token.created',
  'api_token.revoked',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** One mail of the outbox, as the admin Outbox page shows it. */
export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** Null when the text is withheld: a private link already handed to the mail server. */
  text: z.string().nullable(),
  status: z.enum(['pending', 'sent', 'failing']),
  createdAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** The files sent with the mail (an accepted proposal's PDF); size null once it is gone. */
  attachments: z.array(
    z.object({
      filename: z.string(),
      contentType: z.string(),
      size: z.number().int().nullable(),
      /** Where an administrator downloads it. */
      url: z.string(),
    }),
  ),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxResponseSchema = z.object({
  /** `outbox`: no SMTP server, the mails stay here; `smtp`: they are sent. */
  delivery: z.enum(['outbox', 'smtp']),
  mails: z.array(outboxMailSchema),
});
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;

/** One mail template, shown to administrators rendered from its sample props. */
export const mailTemplatePreviewSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** When the portal sends it. */
  sentWhen: z.string(),
  /** It holds a private link: its text is kept only until a mail server has it. */
  isSecret: z.boolean(),
  subject: z.string(),
  /** The whole HTML document, for a sandboxed frame. */
  html: z.string(),
  text: z.string(),
});
export type MailTemplatePreview = z.infer<typeof mailTemplatePreviewSchema>;

export const mailTemplatesResponseSchema = z.object({
  templates: z.array(mailTemplatePreviewSchema),
});
export type MailTemplatesResponse = z.infer<typeof mailTemplatesResponseSchema>;
