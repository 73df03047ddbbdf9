/** @jsxImportSource preact */
import type { ClientPageTexts } from '@deck-portal/domain/client-page-texts';
import { viewerCodeRules } from '@deck-portal/domain/viewer-email-rules';
import { useEffect, useId, useState } from 'preact/hooks';
import { ApiError } from '../../../lib/api-error.ts';
import { getViewerAccess, requestViewerCode, verifyViewerCode } from '../api/viewer-email-api.ts';
import { usePageLanguage } from '../page-language.ts';
import { ClientForm, Field, fieldAria } from './client-form.tsx';

const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const codeShape = new RegExp(`^\\d{${viewerCodeRules.length}}$`);

/**
 * The deck's language for the e-mail step, asked for only while the step shows (the view and
 * the sender, which name it otherwise, answer nothing before the address is verified).
 */
export function useEmailStepLanguage(token: string, isAsked: boolean): string | undefined {
  const [language, setLanguage] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!isAsked || language) return;
    const abort = new AbortController();
    getViewerAccess(token, abort.signal).then(
      (access) => !abort.signal.aborted && setLanguage(access.language),
      // Without it the step speaks the browser's language: nothing else depends on it.
      () => undefined,
    );
    return () => abort.abort();
  }, [token, isAsked, language]);
  return language;
}

/** What an answer of the e-mail step's routes means to the viewer, in the page's words. */
function problemOf(error: unknown, texts: ClientPageTexts, tooMany: string) {
  if (!(error instanceof ApiError)) return { form: texts.somethingWentWrong };
  if (error.status === 429) return { form: tooMany };
  switch (error.code) {
    case 'domain_not_allowed':
      return { email: texts.domainNotAllowed };
    case 'wrong_code':
      return { code: texts.wrongCode };
    case 'code_dead':
      return { code: texts.codeDead };
    case 'validation_failed':
      if (error.fields.email) return { email: texts.emailInvalid };
      if (error.fields.code) return { code: texts.codeShape };
  }
  return { form: texts.somethingWentWrong };
}

type Problems = { email?: string; code?: string; form?: string };

/**
 * A link that asks who opens it (issue 51): the viewer gives an e-mail address, a code is
 * mailed to it, and the right code opens the deck (and the passcode form, when there is one).
 */
export function EmailStep({
  token,
  onVerified,
  onUnavailable,
}: {
  token: string;
  onVerified: () => void;
  onUnavailable: () => void;
}) {
  const id = useId();
  const { texts } = usePageLanguage();
  const [email, setEmail] = useState('');
  /** The address a code went to: the step then asks for the code. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [isSending, setSending] = useState(false);

  const call = async (action: () => Promise<void>, tooMany: string) => {
    setSending(true);
    try {
      await action();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return onUnavailable();
      setProblems(problemOf(error, texts, tooMany));
    } finally {
      setSending(false);
    }
  };

  const sendCode = (address: string) =>
    call(async () => {
      const sent = await requestViewerCode(token, address);
      setProblems({});
      setCode('');
      setSentTo(sent.email);
    }, texts.tooManyCodes);

  const submitEmail = (event: Event) => {
    event.preventDefault();
    const address = email.trim();
    if (!emailShape.test(address)) return setProblems({ email: texts.emailInvalid });
    setProblems({});
    return sendCode(address);
  };

  const submitCode = (event: Event) => {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!codeShape.test(typed)) return setProblems({ code: texts.codeShape });
    setProblems({});
    return call(async () => {
      await verifyViewerCode(token, sentTo!, typed);
      onVerified();
    }, texts.tooManyRequests);
  };

  return (
    <section class="cv-narrow">
      <h1 class="cv-title">{texts.emailTitle}</h1>
      {sentTo === null ? (
        <>
          <p>{texts.emailPrompt}</p>
          <ClientForm
            onSubmit={submitEmail}
            formError={problems.form}
            isSending={isSending}
            submitLabel={texts.sendCode}
          >
            <Field id={`${id}-email`} label={texts.emailAddress} error={problems.email}>
              <input
                id={`${id}-email`}
                type="email"
                autoComplete="email"
                autoFocus
                required
                value={email}
                onInput={(event) => setEmail(event.currentTarget.value)}
                {...fieldAria(`${id}-email`, problems.email)}
              />
            </Field>
          </ClientForm>
        </>
      ) : (
        <>
          <p role="status">{texts.codeSentTo(sentTo)}</p>
          <ClientForm
            onSubmit={submitCode}
            formError={problems.form}
            isSending={isSending}
            submitLabel={texts.confirmCode}
          >
            <Field id={`${id}-code`} label={texts.code} error={problems.code}>
              <input
                id={`${id}-code`}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={viewerCodeRules.length + 2}
                autoFocus
                required
                value={code}
                onInput={(event) => setCode(event.currentTarget.value)}
                {...fieldAria(`${id}-code`, problems.code)}
              />
            </Field>
          </ClientForm>
          <div class="cv-step-actions">
            <button
              type="button"
              class="cv-button cv-button-light"
              disabled={isSending}
              onClick={() => void sendCode(sentTo)}
            >
              {texts.sendNewCode}
            </button>
            <button
              type="button"
              class="cv-button cv-button-light"
              disabled={isSending}
              onClick={() => {
                setProblems({});
                setSentTo(null);
              }}
            >
              {texts.otherAddress}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
