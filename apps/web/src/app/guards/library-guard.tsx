import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { isLibraryEditor, useSession } from '../../lib/session.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { SessionError } from './session-error.tsx';

/**
 * The content library's pages: content editors and admins. Nobody signed in → /auth; anyone
 * else → /dashboard (where the approval guard takes over).
 */
export function LibraryGuard() {
  const session = useSession();
  const location = useLocation();

  if (session.isPending) return <PageLoader label="Checking your session" />;
  if (session.isError) return <SessionError onRetry={() => void session.refetch()} />;

  const user = session.data;
  if (!user) return <Navigate to={paths.auth} replace state={{ from: location.pathname }} />;
  if (!isLibraryEditor(user)) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
