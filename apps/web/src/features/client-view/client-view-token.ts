import { clientLinkPaths } from '@deck-portal/domain/client-link-rules';

const prefix = clientLinkPaths.view('');

/** The token of a `/v/{token}` address, or null for any other. */
export function readClientViewToken(pathname: string): string | null {
  if (!pathname.startsWith(prefix)) return null;
  const token = pathname.slice(prefix.length).replace(/\/$/, '');
  return token && !token.includes('/') ? token : null;
}
