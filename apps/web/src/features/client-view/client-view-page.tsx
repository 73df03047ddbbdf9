/** @jsxImportSource preact */
import { clientLinkMessages } from '@deck-portal/domain/client-link-rules';
import { useCallback, useState } from 'preact/hooks';
import { ApiError } from '../../lib/api-error.ts';
import { getClientView, getLinkSender } from './api/client-view-api.ts';
import { ClientDeck } from './components/client-deck.tsx';
import { ClientViewMessage } from './components/client-view-message.tsx';
import { PasscodeForm } from './components/passcode-form.tsx';
import { SenderHeader } from './components/sender-header.tsx';
import { useRequest } from './use-request.ts';
import { createVisitSession } from './use-view-tracking.ts';

const isStatus = (error: unknown, status: number) =>
  error instanceof ApiError && error.status === status;

function Unavailable() {
  return <ClientViewMessage title="Link unavailable" message={clientLinkMessages.unavailable} />;
}

function ClientViewContent({ token }: { token: string }) {
  const view = useRequest((signal) => getClientView(token, signal));
  const sender = useRequest((signal) => getLinkSender(token, signal));
  // One visit per page load, whatever comes and goes on the page.
  const [session] = useState(() => createVisitSession(token));
  // Any call may find the link gone (revoked while the page is open): then nothing else shows.
  const [isGone, setGone] = useState(false);
  const onUnavailable = useCallback(() => setGone(true), []);
  const { reload } = view;
  const onRejected = useCallback(
    (error: unknown) => {
      if (isStatus(error, 404)) setGone(true);
      // The passcode's cookie ran out: asking for the view again brings back the form.
      else if (isStatus(error, 401)) reload();
    },
    [reload],
  );

  if (isGone || isStatus(view.error, 404) || isStatus(sender.error, 404)) return <Unavailable />;
  let body;
  if (view.data) {
    body = (
      <ClientDeck
        token={token}
        session={session}
        view={view.data}
        onRejected={onRejected}
        onReload={reload}
        onUnavailable={onUnavailable}
      />
    );
  } else if (view.error instanceof ApiError && view.error.code === 'passcode_required') {
    body = <PasscodeForm token={token} onUnlocked={reload} onUnavailable={onUnavailable} />;
  } else if (view.error) {
    body = (
      <ClientViewMessage
        title="The deck did not load"
        message={view.error instanceof Error ? view.error.message : 'Something went wrong.'}
      >
        <button type="button" class="cv-button cv-button-light" onClick={reload}>
          Try again
        </button>
      </ClientViewMessage>
    );
  } else {
    body = (
      <div class="cv-loading" role="status" aria-label="Loading deck">
        <span class="cv-spinner" />
      </div>
    );
  }
  return (
    <>
      {sender.data && <SenderHeader sender={sender.data} />}
      {body}
    </>
  );
}

/**
 * /v/{token}: a deck shared with a client through a link, for someone without an account.
 * None of the portal around it: no header, no sign-in, nothing but this deck.
 */
export function ClientViewPage({ token }: { token: string | null }) {
  return (
    <main class="cv-page">{token ? <ClientViewContent token={token} /> : <Unavailable />}</main>
  );
}
