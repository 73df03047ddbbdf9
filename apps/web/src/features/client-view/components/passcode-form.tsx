/** @jsxImportSource preact */
import { passcodeMaxLength, passcodeMinLength } from '@deck-portal/domain/client-link-rules';
import type { ClientPageTexts } from '@deck-portal/domain/client-page-texts';
import { useId, useState } from 'preact/hooks';
import { ApiError } from '../../../lib/api-error.ts';
import { unlockClientView } from '../api/client-view-api.ts';
import { usePageLanguage } from '../page-language.ts';
import { ClientForm, Field, fieldAria } from './client-form.tsx';
import { Eye, Lock } from './icons.tsx';

/** What is wrong with a passcode as typed, by the rules the server checks, in the page's words. */
function passcodeProblem(passcode: string, texts: ClientPageTexts): string | null {
  if (passcode.length === 0) return texts.passcodeRequired;
  if (passcode.length < passcodeMinLength) return texts.passcodeTooShort(passcodeMinLength);
  if (passcode.length > passcodeMaxLength) return texts.passcodeTooLong(passcodeMaxLength);
  return null;
}

/** Asks for the link's passcode; once it is right the page loads the deck. */
export function PasscodeForm({
  token,
  onUnlocked,
  onUnavailable,
}: {
  token: string;
  onUnlocked: () => void;
  onUnavailable: () => void;
}) {
  const id = useId();
  const { lang, texts } = usePageLanguage();
  const [passcode, setPasscode] = useState('');
  const [isShown, setShown] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setFormError(null);
    const problem = passcodeProblem(passcode, texts);
    setFieldError(problem);
    if (problem) return;
    setSending(true);
    try {
      await unlockClientView(token, passcode);
      onUnlocked();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return onUnavailable();
      if (error instanceof ApiError && error.code === 'wrong_passcode') {
        return setFieldError(texts.wrongPasscode);
      }
      if (
        error instanceof ApiError &&
        error.code === 'validation_failed' &&
        error.fields.passcode
      ) {
        return setFieldError(
          lang === 'en'
            ? error.fields.passcode
            : (passcodeProblem(passcode, texts) ?? texts.wrongPasscode),
        );
      }
      // Too many attempts (429) and anything unexpected: the server's own words on an English
      // page (they are English), else the page's.
      if (lang === 'en' && error instanceof Error) return setFormError(error.message);
      setFormError(
        error instanceof ApiError && error.status === 429
          ? texts.tooManyRequests
          : texts.somethingWentWrong,
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <section class="cv-narrow">
      <h1 class="cv-title">{texts.protectedTitle}</h1>
      <p>{texts.passcodePrompt}</p>
      <ClientForm
        onSubmit={submit}
        formError={formError}
        isSending={isSending}
        submitLabel={texts.openDeck}
      >
        <Field id={`${id}-passcode`} label={texts.passcode} error={fieldError}>
          <Lock />
          <input
            id={`${id}-passcode`}
            type={isShown ? 'text' : 'password'}
            autoComplete="off"
            autoFocus
            required
            value={passcode}
            onInput={(event) => setPasscode(event.currentTarget.value)}
            {...fieldAria(`${id}-passcode`, fieldError)}
          />
          <button
            type="button"
            class="cv-icon-button"
            aria-label={isShown ? texts.hideCharacters : texts.showCharacters}
            aria-pressed={isShown}
            onClick={() => setShown((shown) => !shown)}
          >
            <Eye isOff={isShown} />
          </button>
        </Field>
      </ClientForm>
    </section>
  );
}
