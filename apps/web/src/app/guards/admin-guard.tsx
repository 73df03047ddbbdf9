import { Navigate, Outlet } from 'react-router';
import { paths } from '../../config/paths.ts';
import { isAdmin, useSession } from '../../lib/session.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { SessionError } from './session-error.tsx';

/**
 * /admin's own rule (SPEC.md section 2): once loading finishes, nobody signed in → /auth and a
 * signed-in non-admin → /dashboard (where the approval guard takes over).
 */
export function AdminGuard() {
  const session = useSession();

  if (session.isPending) return <PageLoader label="Checking your session" />;
  if (session.isError) return <SessionError onRetry={() => void session.refetch()} />;

  const user = session.data;
  if (!user) return <Navigate to={paths.auth} replace state={{ from: paths.admin }} />;
  if (!isAdmin(user)) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
