/** @jsxImportSource preact */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach } from 'vitest';
import { ClientViewPage } from '../features/client-view/client-view-page.tsx';

const mounted = new Set<HTMLElement>();

afterEach(() => {
  for (const container of mounted) {
    render(null, container);
    container.remove();
  }
  mounted.clear();
});

/** Renders the client's page (/v/{token}) as client-view-main.tsx does. */
export function renderClientView(token: string | null) {
  const container = document.body.appendChild(document.createElement('div'));
  mounted.add(container);
  act(() => render(<ClientViewPage token={token} />, container));
  return {
    container,
    unmount: () => {
      act(() => render(null, container));
      mounted.delete(container);
      container.remove();
    },
  };
}
