import type { SessionUser } from '@deck-portal/domain';
import { photoUrlOf } from '../users/profile.ts';
import type { User } from './sessions.ts';

/** What the browser may know about the signed-in user. */
export function toSessionUser(user: User): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    status: user.status,
    photoURL: photoUrlOf(user),
    provider: user.provider,
  };
}
