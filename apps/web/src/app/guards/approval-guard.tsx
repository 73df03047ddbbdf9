import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { SessionError } from './session-error.tsx';

/**
 * SPEC.md section 2's approval guard: a spinner while the session loads; nobody signed in →
 * /auth; a pending status or role → /unapproved; anything else but approved → /auth.
 */
export function ApprovalGuard() {
  const session = useSession();
  const location = useLocation();

  if (session.isPending) return <PageLoader label="Checking your session" />;
  if (session.isError) return <SessionError onRetry={() => void session.refetch()} />;

  const user = session.data;
  if (!user) {
    return (
      <Navigate to={paths.auth} replace state={{ from: location.pathname + location.search }} />
    );
  }
  if (user.status === 'pending_approval' || user.role === 'pending') {
    return <Navigate to={paths.unapproved} replace />;
  }
  if (user.status !== 'approved') return <Navigate to={paths.auth} replace />;
  return <Outlet />;
}
