/** @jsxImportSource preact */
import { clientLinkMessages, passcodeProblem } from '@deck-portal/domain/client-link-rules';
import { useId, useState } from 'preact/hooks';
import { ApiError } from '../../../lib/api-error.ts';
import { unlockClientView } from '../api/client-view-api.ts';
import { Alert, Eye, Lock } from './icons.tsx';

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
  const [passcode, setPasscode] = useState('');
  const [isShown, setShown] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setFormError(null);
    const problem = passcodeProblem(passcode);
    setFieldError(problem);
    if (problem) return;
    setSending(true);
    try {
      await unlockClientView(token, passcode);
      onUnlocked();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return onUnavailable();
      if (error instanceof ApiError && error.code === 'wrong_passcode') {
        return setFieldError(error.fields.passcode ?? clientLinkMessages.wrongPasscode);
      }
      if (
        error instanceof ApiError &&
        error.code === 'validation_failed' &&
        error.fields.passcode
      ) {
        return setFieldError(error.fields.passcode);
      }
      // Too many attempts (429) and anything unexpected: the server's own words.
      setFormError(error instanceof Error ? error.message : 'Something went wrong.');
    } finally {
      setSending(false);
    }
  };

  return (
    <section class="cv-narrow">
      <h1 class="cv-title">This deck is protected</h1>
      <p>{clientLinkMessages.passcodeRequired}</p>
      <form onSubmit={submit} noValidate class="cv-form">
        {formError && (
          <div class="cv-alert" role="alert">
            <Alert />
            <span>{formError}</span>
          </div>
        )}
        <label for={`${id}-passcode`} class="cv-label">
          Passcode{' '}
          <span class="cv-required" aria-hidden="true">
            *
          </span>
        </label>
        <div class={`cv-input${fieldError ? ' cv-input-invalid' : ''}`}>
          <Lock />
          <input
            id={`${id}-passcode`}
            type={isShown ? 'text' : 'password'}
            autoComplete="off"
            autoFocus
            required
            value={passcode}
            onInput={(event) => setPasscode(event.currentTarget.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${id}-error` : undefined}
          />
          <button
            type="button"
            class="cv-icon-button"
            aria-label={isShown ? 'Hide the characters' : 'Show the characters'}
            aria-pressed={isShown}
            onClick={() => setShown((shown) => !shown)}
          >
            <Eye isOff={isShown} />
          </button>
        </div>
        {fieldError && (
          <p id={`${id}-error`} class="cv-field-error">
            {fieldError}
          </p>
        )}
        <button
          type="submit"
          class="cv-button cv-button-wide"
          disabled={isSending}
          aria-busy={isSending}
        >
          Open deck
        </button>
      </form>
    </section>
  );
}
