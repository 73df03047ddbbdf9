/** @jsxImportSource preact */
import type { ClientAccepted, ClientAcceptance } from '@deck-portal/domain';
import { chooseOptionalLines } from '@deck-portal/domain/acceptance-rules';
import type { ClientPageTexts } from '@deck-portal/domain/client-page-texts';
import { formatCents } from '@deck-portal/domain/pricing';
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { ApiError } from '../../../lib/api-error.ts';
import { acceptProposal, declineProposal } from '../api/client-view-api.ts';
import { usePageLanguage } from '../page-language.ts';
import { Field, fieldAria } from './client-form.tsx';
import { Alert } from './icons.tsx';
import { ProposalTotals } from './proposal-totals.tsx';

export const acceptStepId = 'accept-proposal';

/** A moment of the acceptance, in UTC, as the deck's locale writes it. */
const atUtc = (locale: string, at: string) =>
  new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(at));

/** A refusal of the server in the page's words, when the page knows it; else the server's own. */
function refusalText(error: unknown, texts: ClientPageTexts, lang: string): string {
  if (!(error instanceof Error)) return texts.somethingWentWrong;
  // The server speaks English.
  if (lang === 'en') return error.message;
  const known: Partial<Record<string, string>> = {
    version_changed: texts.versionChanged,
    prices_changed: texts.pricesChanged,
    terms_changed: texts.termsChanged,
    proposal_updating: texts.updating,
    already_accepted: texts.alreadyAccepted,
    too_many_requests: texts.tooManyRequests,
  };
  return (error instanceof ApiError && known[error.code]) || texts.somethingWentWrong;
}

type Fields = { fullName?: string; jobTitle?: string; agree?: string };

/**
 * The accept step after the deck: the priced summary (optional items ticked in or out, the
 * totals following at once), the client's name and title, the terms and "I accept"; or
 * "Not now" with a reason. The totals here are for display: the server computes its own and
 * refuses an acceptance whose total differs. Once accepted, the confirmation shows instead.
 */
export function AcceptProposal({
  token,
  acceptance,
  currency,
  onAnswered,
  onUnavailable,
}: {
  token: string;
  acceptance: ClientAcceptance;
  /** The currency of the deck's prices. */
  currency: string;
  /** The server recorded an answer, or said the page is out of date: the view is asked again. */
  onAnswered: () => void;
  /** The link is gone (revoked, expired). */
  onUnavailable: () => void;
}) {
  const [accepted, setAccepted] = useState<ClientAccepted | null>(acceptance.accepted);
  const { texts } = usePageLanguage();
  const shown = accepted ?? acceptance.accepted;
  if (shown) return <AcceptedConfirmation accepted={shown} currency={currency} />;
  if (acceptance.state === 'accepted') {
    return (
      <StepFrame>
        <p role="status">{texts.alreadyAccepted}</p>
      </StepFrame>
    );
  }
  if (acceptance.isUpdating) {
    return (
      <StepFrame>
        <p role="status" class="cv-updated cv-sm">
          {texts.updating}
        </p>
      </StepFrame>
    );
  }
  return (
    <AcceptForm
      token={token}
      acceptance={acceptance}
      currency={currency}
      onAccepted={(record) => {
        setAccepted(record);
        onAnswered();
      }}
      onAnswered={onAnswered}
      onUnavailable={onUnavailable}
    />
  );
}

function StepFrame({ children }: { children: ComponentChildren }) {
  const { texts } = usePageLanguage();
  return (
    <section id={acceptStepId} class="cv-accept" aria-labelledby={`${acceptStepId}-title`}>
      <h2 id={`${acceptStepId}-title`} class="cv-subtitle" tabIndex={-1}>
        {texts.acceptProposal}
      </h2>
      {children}
    </section>
  );
}

function AcceptedConfirmation({
  accepted,
  currency,
}: {
  accepted: ClientAccepted;
  currency: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { texts, locale } = usePageLanguage();
  // Shown in place of the form just submitted: focus follows, so the reader hears the result.
  useEffect(() => {
    if (
      document.activeElement?.closest(`#${acceptStepId}`) ||
      document.activeElement === document.body
    ) {
      heading.current?.focus();
    }
  }, []);
  return (
    <section id={acceptStepId} class="cv-accept" aria-labelledby={`${acceptStepId}-title`}>
      <h2 id={`${acceptStepId}-title`} class="cv-subtitle" tabIndex={-1} ref={heading}>
        {texts.acceptedTitle}
      </h2>
      <p role="status" class="cv-accepted-note">
        {texts.acceptedOn(atUtc(locale, accepted.acceptedAt), accepted.fullName, accepted.jobTitle)}
      </p>
      <ProposalTotals summary={accepted.summary} currency={currency} />
      <p class="cv-dimmed cv-sm">{texts.confirmationComing}</p>
    </section>
  );
}

function AcceptForm({
  token,
  acceptance,
  currency,
  onAccepted,
  onAnswered,
  onUnavailable,
}: {
  token: string;
  acceptance: ClientAcceptance;
  currency: string;
  onAccepted: (record: ClientAccepted) => void;
  onAnswered: () => void;
  onUnavailable: () => void;
}) {
  const id = useId();
  const { texts, lang, locale } = usePageLanguage();
  const [chosen, setChosen] = useState<string[]>([]);
  const [fullName, setFullName] = useState('');
  const [jobTitle, setJobTitle] = useState('');
  const [agree, setAgree] = useState(false);
  const [fields, setFields] = useState<Fields>({});
  /** A field's message goes as soon as the client changes the field. */
  const clearField = (key: keyof Fields) =>
    setFields((current) => (current[key] ? { ...current, [key]: undefined } : current));
  const [formError, setFormError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const [isDeclining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [declinedNow, setDeclinedNow] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const summary = chooseOptionalLines(acceptance.summary, chosen);

  useEffect(() => {
    if (formError) alertRef.current?.focus();
  }, [formError]);

  const toggle = (productId: string, isOn: boolean) =>
    setChosen((now) => (isOn ? [...now, productId] : now.filter((id) => id !== productId)));

  /** A refusal in the server's words; an out-of-date page is asked for again. */
  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return onUnavailable();
    if (error instanceof ApiError && error.status === 409) onAnswered();
    if (error instanceof ApiError && error.code === 'validation_failed') {
      setFields({
        fullName: error.fields.fullName,
        jobTitle: error.fields.jobTitle,
        agree: error.fields.agree,
      });
    }
    setFormError(refusalText(error, texts, lang));
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    setFormError(null);
    const problems: Fields = {
      ...(fullName.trim() ? {} : { fullName: texts.enterFullName }),
      ...(jobTitle.trim() ? {} : { jobTitle: texts.enterJobTitle }),
      ...(agree ? {} : { agree: texts.tickToAccept }),
    };
    setFields(problems);
    const first = (['fullName', 'jobTitle', 'agree'] as const).find((key) => problems[key]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setSending(true);
    try {
      const { accepted } = await acceptProposal(token, {
        fullName: fullName.trim(),
        jobTitle: jobTitle.trim(),
        agree,
        optionalProductIds: chosen,
        totalCents: summary.totalCents,
        termsSha256: acceptance.termsSha256,
        version: acceptance.version,
      });
      onAccepted(accepted);
    } catch (error) {
      refused(error);
    } finally {
      setSending(false);
    }
  };

  const decline = async (event: Event) => {
    event.preventDefault();
    setFormError(null);
    setSending(true);
    try {
      await declineProposal(token, reason.trim());
      setDeclining(false);
      setDeclinedNow(true);
      onAnswered();
    } catch (error) {
      refused(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <StepFrame>
      {(declinedNow || acceptance.state === 'declined') && (
        <p role="status" class="cv-updated cv-sm">
          {declinedNow
            ? texts.declinedNow
            : texts.declinedBefore(
                acceptance.declinedAt ? atUtc(locale, acceptance.declinedAt) : null,
              )}
        </p>
      )}
      {formError && (
        <div class="cv-alert" role="alert" tabIndex={-1} ref={alertRef}>
          <Alert />
          <span>{formError}</span>
        </div>
      )}
      <ProposalTotals
        summary={summary}
        currency={currency}
        choice={(line) => (
          <label class="cv-check cv-xs">
            <input
              type="checkbox"
              checked={chosen.includes(line.productId)}
              onChange={(event) => toggle(line.productId, event.currentTarget.checked)}
            />
            {texts.optionalInclude(line.name)}
          </label>
        )}
      />
      <p class="cv-visually-hidden" aria-live="polite">
        {texts.totalNow(formatCents(summary.totalCents, locale, currency))}
      </p>
      {isDeclining ? (
        <form onSubmit={decline} noValidate class="cv-form">
          <label for={`${id}-reason`} class="cv-label">
            {texts.reasonOptional}
          </label>
          <textarea
            id={`${id}-reason`}
            class="cv-textarea"
            rows={3}
            maxLength={2000}
            autoFocus
            value={reason}
            onInput={(event) => setReason(event.currentTarget.value)}
          />
          <div class="cv-row">
            <button type="submit" class="cv-button" disabled={isSending} aria-busy={isSending}>
              {texts.sendNotNow}
            </button>
            <button
              type="button"
              class="cv-button cv-button-light"
              onClick={() => setDeclining(false)}
            >
              {texts.backToAccepting}
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={submit} noValidate class="cv-form">
          <Field id={`${id}-fullName`} label={texts.fullName} error={fields.fullName}>
            <input
              id={`${id}-fullName`}
              autoComplete="name"
              required
              maxLength={120}
              value={fullName}
              onInput={(event) => {
                setFullName(event.currentTarget.value);
                clearField('fullName');
              }}
              {...fieldAria(`${id}-fullName`, fields.fullName)}
            />
          </Field>
          <Field id={`${id}-jobTitle`} label={texts.jobTitle} error={fields.jobTitle}>
            <input
              id={`${id}-jobTitle`}
              autoComplete="organization-title"
              required
              maxLength={120}
              value={jobTitle}
              onInput={(event) => {
                setJobTitle(event.currentTarget.value);
                clearField('jobTitle');
              }}
              {...fieldAria(`${id}-jobTitle`, fields.jobTitle)}
            />
          </Field>
          <h3 class="cv-label">{texts.terms}</h3>
          {/* The portal's terms keep their own direction: English terms on an Arabic page too. */}
          <p class="cv-terms" dir="auto">
            {acceptance.termsText}
          </p>
          <label class="cv-check">
            <input
              id={`${id}-agree`}
              type="checkbox"
              checked={agree}
              onChange={(event) => {
                setAgree(event.currentTarget.checked);
                clearField('agree');
              }}
              {...fieldAria(`${id}-agree`, fields.agree)}
            />
            {texts.iAccept}
          </label>
          {fields.agree && (
            <p id={`${id}-agree-error`} class="cv-field-error">
              {fields.agree}
            </p>
          )}
          <p class="cv-dimmed cv-sm" role="note">
            {texts.notASignature}
          </p>
          <div class="cv-row">
            <button type="submit" class="cv-button" disabled={isSending} aria-busy={isSending}>
              {texts.acceptProposal}
            </button>
            <button
              type="button"
              class="cv-button cv-button-light"
              onClick={() => {
                setFormError(null);
                setDeclining(true);
              }}
            >
              {texts.notNow}
            </button>
          </div>
        </form>
      )}
    </StepFrame>
  );
}
