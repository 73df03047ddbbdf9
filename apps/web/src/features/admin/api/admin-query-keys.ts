/**
 * Every admin query lives under `admin`: after any admin action the lists, the stats and the
 * notifications reload together (SPEC.md section 4).
 */
export const adminQueryKeys = {
  all: ['admin'] as const,
  users: (status: 'pending_approval' | 'approved' | 'declined') =>
    ['admin', 'users', status] as const,
  stats: ['admin', 'stats'] as const,
  notifications: ['admin', 'notifications'] as const,
};
