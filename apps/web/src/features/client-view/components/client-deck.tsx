/** @jsxImportSource preact */
import type { ClientView } from '@deck-portal/domain';
import { defaultProductName } from '@deck-portal/domain/product-name';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { getProductName } from '../api/client-view-api.ts';
import { sendLinkClick } from '../api/send-view-events.ts';
import { usePageLanguage } from '../page-language.ts';
import { useViewTracking, type VisitSession } from '../use-view-tracking.ts';
import { ClientSlideViewer } from './client-slide-viewer.tsx';
import { AcceptProposal, acceptStepId } from './accept-proposal.tsx';
import { Download, Present } from './icons.tsx';

/** The deck as the client sees it: the viewer, Present and (when allowed) the PDF. */
export function ClientDeck({
  token,
  session,
  view,
  onRejected,
  onReload,
  onUnavailable,
}: {
  token: string;
  session: VisitSession;
  view: ClientView;
  /** Asks for the view again (after the client answered the proposal). */
  onReload: () => void;
  /** The link is gone. */
  onUnavailable: () => void;
  /** A visit or report the server refused (the link gone meanwhile, the passcode expired). */
  onRejected: (error: unknown) => void;
}) {
  const { title, clientName, recipientName, senderName, slides, pdfUrl } = view;
  const { texts, locale } = usePageLanguage();
  const updatedOn = useMemo(
    () => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' }),
    [locale],
  );
  const [isPresenting, setPresenting] = useState(false);
  const [atLastSlide, setAtLastSlide] = useState(false);
  const { onSlideChange, visit } = useViewTracking({ session, onRejected });
  // Declined ("Not now") still may be accepted; a proposal being updated (its new version
  // awaits approval) may not, so nothing offers to.
  const mayAccept =
    !!view.acceptance && view.acceptance.state !== 'accepted' && !view.acceptance.isUpdating;

  useEffect(() => {
    document.title = title;
  }, [title]);

  // Only a colleague is told the portal's name: the client's page asks for it then, not before.
  const isTeamVisit = visit?.untrackedReason === 'team';
  const [productName, setProductName] = useState(defaultProductName);
  useEffect(() => {
    if (!isTeamVisit) return;
    const abort = new AbortController();
    getProductName(abort.signal).then(
      (name) => !abort.signal.aborted && setProductName(name),
      // The default name says it well enough.
      () => undefined,
    );
    return () => abort.abort();
  }, [isTeamVisit]);

  return (
    <div class="cv-deck">
      <div class="cv-deck-head">
        <div class="cv-stack">
          <h1 class="cv-title">{title}</h1>
          <p class="cv-dimmed">{texts.preparedFor(clientName)}</p>
          <p class="cv-dimmed cv-sm">{texts.sharedWith(recipientName, senderName)}</p>
          {view.updatedAt && (
            <p class="cv-updated cv-sm" role="note">
              {texts.updatedOn(updatedOn.format(new Date(view.updatedAt)))}
            </p>
          )}
        </div>
        <div class="cv-row">
          <button
            type="button"
            class="cv-button"
            onClick={() => setPresenting(true)}
            disabled={slides.length === 0}
          >
            <Present />
            {texts.present}
          </button>
          {view.acceptance && (mayAccept || view.acceptance.state === 'accepted') && (
            <a
              class="cv-button cv-button-accept"
              href={`#${acceptStepId}`}
              onClick={goToAcceptStep}
            >
              {view.acceptance.state === 'accepted' ? texts.seeAcceptance : texts.acceptProposal}
            </a>
          )}
          {pdfUrl && (
            <a class="cv-button cv-button-light" href={pdfUrl} download>
              <Download />
              {texts.downloadPdf}
            </a>
          )}
        </div>
      </div>
      {isTeamVisit && (
        <p class="cv-dimmed cv-xs" role="note">
          {texts.teamVisit(productName)}
        </p>
      )}
      <ClientSlideViewer
        slides={slides}
        isPresenting={isPresenting}
        onPresentingChange={setPresenting}
        onSlideChange={(index) => {
          setAtLastSlide(index === slides.length - 1);
          onSlideChange(index);
        }}
        onLinkOpen={(slide, link) => {
          // A click on a link is a person's: the visit starts now if it had not yet. A click
          // not counted is no reason to bother the client.
          session
            .start()
            .then(async ({ visitId }) => {
              if (visitId) await sendLinkClick(token, visitId, { slide, link });
            })
            .catch(() => undefined);
        }}
      />
      {mayAccept && atLastSlide && (
        <p class="cv-end-prompt" role="note">
          <span>{texts.endPrompt}</span>
          <a class="cv-button cv-button-accept" href={`#${acceptStepId}`} onClick={goToAcceptStep}>
            {texts.reviewAndAccept}
          </a>
        </p>
      )}
      {view.acceptance && (
        <AcceptProposal
          token={token}
          acceptance={view.acceptance}
          currency={view.currency}
          onAnswered={onReload}
          onUnavailable={onUnavailable}
        />
      )}
    </div>
  );
}

/** Scrolls to the accept step below the deck and moves focus to its heading. */
function goToAcceptStep(event: MouseEvent) {
  event.preventDefault();
  const step = document.getElementById(`${acceptStepId}-title`);
  step?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  step?.focus();
}
