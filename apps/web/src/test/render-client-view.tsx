/** @jsxImportSource preact */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { ClientViewPage } from '../features/client-view/client-view-page.tsx';
import { unmountAfterEach } from './unmount-after-each.ts';

/** Renders the client's page (/v/{token}) as client-view-main.tsx does. */
export function renderClientView(token: string | null) {
  const container = document.body.appendChild(document.createElement('div'));
  act(() => render(<ClientViewPage token={token} />, container));
  const unmount = unmountAfterEach(() => {
    act(() => render(null, container));
    container.remove();
  });
  return { container, unmount };
}
