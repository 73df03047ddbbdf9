import { clientLinkMessages } from '@deck-portal/domain';
import { Button, Center, Container, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { clientViewQueryKey, useClientView } from './api/get-client-view.ts';
import { useLinkSender } from './api/get-link-sender.ts';
import { ClientDeck } from './components/client-deck.tsx';
import { ClientViewMessage } from './components/client-view-message.tsx';
import { PasscodeForm } from './components/passcode-form.tsx';
import { SenderHeader } from './components/sender-header.tsx';

const isStatus = (error: unknown, status: number) =>
  error instanceof ApiError && error.status === status;

function Unavailable() {
  return <ClientViewMessage title="Link unavailable" message={clientLinkMessages.unavailable} />;
}

function ClientViewContent({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const view = useClientView(token);
  const sender = useLinkSender(token);
  // Any call may find the link gone (revoked while the page is open): then nothing else shows.
  const [isGone, setGone] = useState(false);
  const onUnavailable = useCallback(() => setGone(true), []);
  const onRejected = useCallback(
    (error: unknown) => {
      if (isStatus(error, 404)) setGone(true);
      // The passcode's cookie ran out: asking for the view again brings back the form.
      else if (isStatus(error, 401))
        void queryClient.invalidateQueries({ queryKey: clientViewQueryKey(token) });
    },
    [queryClient, token],
  );

  if (isGone || isStatus(view.error, 404) || isStatus(sender.error, 404)) return <Unavailable />;
  return (
    <>
      {sender.data && <SenderHeader sender={sender.data} />}
      <ClientViewBody
        token={token}
        view={view}
        onUnavailable={onUnavailable}
        onRejected={onRejected}
      />
    </>
  );
}

function ClientViewBody({
  token,
  view,
  onUnavailable,
  onRejected,
}: {
  token: string;
  view: ReturnType<typeof useClientView>;
  onUnavailable: () => void;
  onRejected: (error: unknown) => void;
}) {
  if (view.isPending) {
    return (
      <Center py={80} role="status" aria-label="Loading deck">
        <Loader />
      </Center>
    );
  }
  if (view.isError) {
    if (view.error instanceof ApiError && view.error.code === 'passcode_required') {
      return <PasscodeForm token={token} onUnavailable={onUnavailable} />;
    }
    return (
      <ClientViewMessage title="The deck did not load" message={view.error.message}>
        <Button variant="light" onClick={() => void view.refetch()}>
          Try again
        </Button>
      </ClientViewMessage>
    );
  }
  return <ClientDeck token={token} view={view.data} onRejected={onRejected} />;
}

/**
 * /v/{token}: a deck shared with a client through a link, for someone without an account.
 * None of the portal around it: no header, no sign-in, nothing but this deck.
 */
export function ClientViewPage({ token }: { token: string | null }) {
  return (
    <Container component="main" size="lg" py="xl">
      {token ? <ClientViewContent token={token} /> : <Unavailable />}
    </Container>
  );
}
