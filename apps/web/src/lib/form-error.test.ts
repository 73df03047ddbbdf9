import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { useFormError } from './form-error.ts';

describe('useFormError', () => {
  it('puts the messages of the fields the server names on those fields, and no form message', () => {
    const setFieldErrors = vi.fn();
    const { result } = renderHook(() => useFormError(setFieldErrors));
    act(() =>
      result.current.showError(
        new ApiError(400, 'validation_failed', 'Invalid input', { email: 'Enter an e-mail.' }),
      ),
    );
    expect(setFieldErrors).toHaveBeenCalledWith({ email: 'Enter an e-mail.' });
    expect(result.current.formError).toBeNull();
  });

  it('shows any other refusal as one message for the form until it is cleared', () => {
    const setFieldErrors = vi.fn();
    const { result } = renderHook(() => useFormError(setFieldErrors));
    act(() => result.current.showError(new ApiError(409, 'email_taken', 'Already invited.')));
    expect(result.current.formError).toBe('Already invited.');
    act(() => result.current.showError(new Error('Failed to fetch')));
    expect(result.current.formError).toBe('Failed to fetch');
    expect(setFieldErrors).not.toHaveBeenCalled();
    act(() => result.current.clearFormError());
    expect(result.current.formError).toBeNull();
  });
});
