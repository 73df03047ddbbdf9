/** @jsxImportSource preact */
import type { ClientView } from '@deck-portal/domain';
import { useEffect, useState } from 'preact/hooks';
import { useViewTracking, type VisitSession } from '../use-view-tracking.ts';
import { ClientSlideViewer } from './client-slide-viewer.tsx';
import { Download, Present } from './icons.tsx';

const updatedOn = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** The deck as the client sees it: the viewer, Present and (when allowed) the PDF. */
export function ClientDeck({
  session,
  view,
  onRejected,
}: {
  session: VisitSession;
  view: ClientView;
  /** A visit or report the server refused (the link gone meanwhile, the passcode expired). */
  onRejected: (error: unknown) => void;
}) {
  const { title, clientName, recipientName, senderName, slides, pdfUrl } = view;
  const [isPresenting, setPresenting] = useState(false);
  const { onSlideChange, visit } = useViewTracking({ session, onRejected });

  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <div class="cv-deck">
      <div class="cv-deck-head">
        <div class="cv-stack">
          <h1 class="cv-title">{title}</h1>
          <p class="cv-dimmed">Prepared for {clientName}</p>
          <p class="cv-dimmed cv-sm">
            Shared with {recipientName} by {senderName}
          </p>
          {view.updatedAt && (
            <p class="cv-updated cv-sm" role="note">
              Updated on {updatedOn.format(new Date(view.updatedAt))} since you last looked.
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
            Present
          </button>
          {pdfUrl && (
            <a class="cv-button cv-button-light" href={pdfUrl} download>
              <Download />
              Download PDF
            </a>
          )}
        </div>
      </div>
      {visit?.untrackedReason === 'team' && (
        <p class="cv-dimmed cv-xs" role="note">
          You are signed in to Deck Portal: this visit is not counted in the link&apos;s analytics.
        </p>
      )}
      <ClientSlideViewer
        slides={slides}
        isPresenting={isPresenting}
        onPresentingChange={setPresenting}
        onSlideChange={onSlideChange}
      />
    </div>
  );
}
