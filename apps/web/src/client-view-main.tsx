/** @jsxImportSource preact */
import { render } from 'preact';
import './features/client-view/client-view.css';
import { ClientViewPage } from './features/client-view/client-view-page.tsx';
import { readClientViewToken } from './features/client-view/client-view-token.ts';
import { loadScriptFonts } from './lib/script-fonts/load-script-fonts.ts';

// The page a client opens from a link (/v/{token}): its own entry, written with Preact and plain
// CSS rather than the portal's React and Mantine, so a prospect on a slow phone gets the first
// slide after a few kilobytes (docs/decisions/019-client-page.md).
loadScriptFonts(document.body);
render(
  <ClientViewPage token={readClientViewToken(window.location.pathname)} />,
  document.getElementById('root')!,
);
