import { canEditLibrary, sessionResponseSchema, type SessionUser } from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** The signed-in user, shared by the guards and every feature: `GET /api/auth/session`. */
export const sessionQueryKey = ['auth', 'session'] as const;

export async function getSession(signal?: AbortSignal): Promise<SessionUser | null> {
  const { user } = await apiRequest('/api/auth/session', {
    schema: sessionResponseSchema,
    signal,
  });
  return user;
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 30_000,
  });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** An approved account may use the app; `pending` role or status keeps it on /unapproved. */
export function isApproved(user: SessionUser): boolean {
  return user.status === 'approved' && user.role !== 'pending';
}

export function isAdmin(user: SessionUser): boolean {
  return isApproved(user) && user.role === 'admin';
}

/** Content editors and admins edit the content library (`/admin/library`). */
export function isLibraryEditor(user: SessionUser): boolean {
  return isApproved(user) && canEditLibrary(user.role);
}
