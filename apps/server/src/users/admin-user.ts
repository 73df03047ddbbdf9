import type { AdminUser } from '@deck-portal/domain';
import type { User } from '../auth/sessions.ts';

/** What the admin portal may know about an account. */
export function toAdminUser(user: User): AdminUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    status: user.status,
    requestedAt: (user.requestedAt ?? user.createdAt).toISOString(),
    approvedAt: user.approvedAt?.toISOString() ?? null,
  };
}
