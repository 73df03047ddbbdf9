/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { Alert } from './icons.tsx';

/**
 * A form of the client page's steps (the passcode, the e-mail address, the code): an alert over
 * it when it fails as a whole, its fields, and the wide submit button, busy while it sends.
 */
export function ClientForm({
  onSubmit,
  formError,
  isSending,
  submitLabel,
  children,
}: {
  onSubmit: (event: Event) => void;
  formError: string | null | undefined;
  isSending: boolean;
  submitLabel: string;
  children: ComponentChildren;
}) {
  return (
    <form onSubmit={onSubmit} noValidate class="cv-form">
      {formError && (
        <div class="cv-alert" role="alert">
          <Alert />
          <span>{formError}</span>
        </div>
      )}
      {children}
      <button
        type="submit"
        class="cv-button cv-button-wide"
        disabled={isSending}
        aria-busy={isSending}
      >
        {submitLabel}
      </button>
    </form>
  );
}

/** What ties the input `id` to its field's error: invalid, and described by it. */
export function fieldAria(id: string, error: string | null | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
}

/**
 * A required field: its label, the box with the input `id` (and whatever sits beside it, an icon
 * or a button), and its error under it. Give the input `fieldAria(id, error)`.
 */
export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | null | undefined;
  children: ComponentChildren;
}) {
  return (
    <>
      <label for={id} class="cv-label">
        {label}{' '}
        <span class="cv-required" aria-hidden="true">
          *
        </span>
      </label>
      <div class={`cv-input${error ? ' cv-input-invalid' : ''}`}>{children}</div>
      {error && (
        <p id={`${id}-error`} class="cv-field-error">
          {error}
        </p>
      )}
    </>
  );
}
