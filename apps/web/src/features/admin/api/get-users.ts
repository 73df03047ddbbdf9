import {
  approvedUsersResponseSchema,
  declinedUsersResponseSchema,
  pendingUsersResponseSchema,
  type ApprovedUser,
  type DeclinedUser,
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

/** `GET /api/admin/users?status=declined`: declined sign-ups, newest first. */
export async function getDeclinedUsers(signal?: AbortSignal): Promise<DeclinedUser[]> {
  const { users } = await apiRequest('/api/admin/users?status=declined', {
    schema: declinedUsersResponseSchema,
    signal,
  });
  return users;
}

export function useDeclinedUsers() {
  return useQuery({
    queryKey: adminQueryKeys.users('declined'),
    queryFn: ({ signal }) => getDeclinedUsers(signal),
  });
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
