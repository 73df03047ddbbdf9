/** @jsxImportSource preact */
import { preferredClientPageLanguage } from '@deck-portal/domain/client-page-texts';
import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError } from '../../lib/api-error.ts';
import { getClientView, getLinkSender } from './api/client-view-api.ts';
import { ClientDeck } from './components/client-deck.tsx';
import { ClientViewMessage } from './components/client-view-message.tsx';
import { EmailStep, useEmailStepLanguage } from './components/email-step.tsx';
import { PasscodeForm } from './components/passcode-form.tsx';
import { SenderHeader } from './components/sender-header.tsx';
import {
  PageLanguageProvider,
  pageLanguage,
  usePageLanguage,
  type PageLanguage,
} from './page-language.ts';
import { useRequest } from './use-request.ts';
import { createVisitSession } from './use-view-tracking.ts';

const isStatus = (error: unknown, status: number) =>
  error instanceof ApiError && error.status === status;

/**
 * The language of a page that knows no deck yet, or none at all (an unknown or expired link):
 * the browser's, when the page speaks it. It says nothing about which link this was.
 */
const browserLanguage = () =>
  preferredClientPageLanguage(
    typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
  );

function Unavailable() {
  const { texts } = usePageLanguage();
  return <ClientViewMessage title={texts.unavailableTitle} message={texts.unavailable} />;
}

/**
 * The page's frame in its language: `lang` and `dir` on the page and on the document (so the
 * browser's own parts, a scroll bar or a full-screen slide, mirror too), the words below it.
 */
function LanguageFrame({
  language,
  children,
}: {
  language: PageLanguage;
  children: ComponentChildren;
}) {
  const { lang, texts } = language;
  useEffect(() => {
    const root = document.documentElement;
    const before = { lang: root.lang, dir: root.dir };
    root.lang = lang;
    root.dir = texts.direction;
    return () => {
      root.lang = before.lang;
      root.dir = before.dir;
    };
  }, [lang, texts.direction]);
  return (
    <PageLanguageProvider value={language}>
      <main class="cv-page" lang={lang} dir={texts.direction}>
        {children}
      </main>
    </PageLanguageProvider>
  );
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
  // A link that asks who opens it shows nothing, the rep included, before the address is proved.
  const isEmailAsked = view.error instanceof ApiError && view.error.code === 'email_required';
  const emailStepLanguage = useEmailStepLanguage(token, isEmailAsked);
  const reloadSender = sender.reload;
  const onVerified = useCallback(() => {
    reload();
    reloadSender();
  }, [reload, reloadSender]);
  const onRejected = useCallback(
    (error: unknown) => {
      if (isStatus(error, 404)) setGone(true);
      // The passcode's cookie ran out: asking for the view again brings back the form.
      else if (isStatus(error, 401)) reload();
    },
    [reload],
  );
  // The deck's language as soon as either answer names it: the sender's comes before the passcode.
  const deckLanguage =
    view.data?.language ?? sender.data?.language ?? emailStepLanguage ?? browserLanguage();
  const locale = view.data?.locale ?? deckLanguage;
  const language = useMemo(() => pageLanguage(deckLanguage, locale), [deckLanguage, locale]);
  const { texts } = language;

  let body;
  if (isGone || isStatus(view.error, 404) || isStatus(sender.error, 404)) {
    body = <Unavailable />;
  } else if (view.data) {
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
  } else if (isEmailAsked) {
    body = <EmailStep token={token} onVerified={onVerified} onUnavailable={onUnavailable} />;
  } else if (view.error instanceof ApiError && view.error.code === 'passcode_required') {
    body = <PasscodeForm token={token} onUnlocked={reload} onUnavailable={onUnavailable} />;
  } else if (view.error) {
    body = (
      <ClientViewMessage
        title={texts.loadFailedTitle}
        message={
          // The server's words are English: a page in another language says it in its own.
          language.lang === 'en' && view.error instanceof Error
            ? view.error.message
            : texts.somethingWentWrong
        }
      >
        <button type="button" class="cv-button cv-button-light" onClick={reload}>
          {texts.tryAgain}
        </button>
      </ClientViewMessage>
    );
  } else {
    body = (
      <div class="cv-loading" role="status" aria-label={texts.loading}>
        <span class="cv-spinner" />
      </div>
    );
  }
  const isShown = !(isGone || isStatus(view.error, 404) || isStatus(sender.error, 404));
  return (
    <LanguageFrame language={language}>
      {isShown && sender.data && <SenderHeader sender={sender.data} />}
      {body}
    </LanguageFrame>
  );
}

/**
 * /v/{token}: a deck shared with a client through a link, for someone without an account.
 * None of the portal around it: no header, no sign-in, nothing but this deck, in the deck's
 * language (its words from client-page-texts.ts; right to left for Arabic).
 */
export function ClientViewPage({ token }: { token: string | null }) {
  if (token) return <ClientViewContent token={token} />;
  const lang = browserLanguage();
  return (
    <LanguageFrame language={pageLanguage(lang, lang)}>
      <Unavailable />
    </LanguageFrame>
  );
}
