import { auditPageSchema, type AuditAction, type AuditTargetKind } from '@deck-portal/domain';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type AuditLogFilter = {
  /** A user's e-mail address or id; empty for anyone. */
  actor: string;
  actions: AuditAction[];
  targetKind: AuditTargetKind | '';
  targetId: string;
  /** Days (`YYYY-MM-DD`), both included; empty for no bound. */
  from: string;
  to: string;
};

/** The filter as the list's and the file's query string. */
export function auditSearch(filter: AuditLogFilter) {
  const query = new URLSearchParams();
  if (filter.actor.trim()) query.set('actor', filter.actor.trim());
  for (const action of filter.actions) query.append('action', action);
  if (filter.targetKind) query.set('targetKind', filter.targetKind);
  if (filter.targetId.trim()) query.set('targetId', filter.targetId.trim());
  if (filter.from) query.set('from', filter.from);
  if (filter.to) query.set('to', filter.to);
  return query;
}

/** Where the filtered rows are downloaded as a CSV file. */
export function auditCsvUrl(filter: AuditLogFilter) {
  const query = auditSearch(filter);
  return `/api/admin/audit.csv${query.size > 0 ? `?${query.toString()}` : ''}`;
}

export const auditLogQueryKey = ['audit-log'] as const;

/** `GET /api/admin/audit`: the rows the filter keeps, newest first, a page at a time. */
export function auditLogQuery(filter: AuditLogFilter) {
  return infiniteQueryOptions({
    queryKey: [...auditLogQueryKey, filter],
    queryFn: ({ pageParam, signal }) => {
      const query = auditSearch(filter);
      if (pageParam) query.set('cursor', pageParam);
      const search = query.size > 0 ? `?${query.toString()}` : '';
      return apiRequest(`/api/admin/audit${search}`, { schema: auditPageSchema, signal });
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useAuditLog(filter: AuditLogFilter) {
  // The rows shown stay while a new filter loads, so the table does not flash empty.
  return useInfiniteQuery({ ...auditLogQuery(filter), placeholderData: keepPreviousData });
}
