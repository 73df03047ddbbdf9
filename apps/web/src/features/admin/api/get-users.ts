import {
  approvedUsersResponseSchema,
  pendingUsersResponseSchema,
  type ApprovedUser,
  type PendingUser,
} from '@deck-portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminQueryKeys } from './admin-query-keys.ts';

/** `GET /api/admin/users?status=pending_approval`. */
export async function getPendingUsers(signal?: AbortSignal): Promise<PendingUser[]> {
  const { users } = await apiRequest('/api/admin/users?status=pending_approval', {
    schema: pendingUsersResponseSchema,
    signal,
  });
  return users;
}

/** `GET /api/admin/users?status=approved`. */
export async function getApprovedUsers(signal?: AbortSignal): Promise<ApprovedUser[]> {
  const { users } = await apiRequest('/api/admin/users?status=approved', {
    schema: approvedUsersResponseSchema,
    signal,
  });
  return users;
}

export function pendingUsersQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.users('pending_approval'),
    queryFn: ({ signal }) => getPendingUsers(signal),
  });
}

export function approvedUsersQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.users('approved'),
    queryFn: ({ signal }) => getApprovedUsers(signal),
  });
}

export function usePendingUsers() {
  return useQuery(pendingUsersQueryOptions());
}

export function useApprovedUsers() {
  return useQuery(approvedUsersQueryOptions());
}
