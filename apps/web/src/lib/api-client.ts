import { apiErrorSchema } from '@deck-portal/domain';
import type { z } from 'zod';
import { ApiError } from './api-error.ts';

export { ApiError } from './api-error.ts';

export type ApiRequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** A file sent as it is (a picture upload), with its own content type. */
  file?: Blob;
  /**
   * Validates (and types) the successful answer. An answer without a body (204) reads as
   * `undefined`: pass `z.undefined()`.
   */
  schema: z.ZodType<T>;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
  /** Lets the request finish if the page closes meanwhile (small bodies only: 64 KB in all). */
  keepalive?: boolean;
};

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Calls `/api…` on this origin with the session cookie; throws ApiError on any failure. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  const { method = 'GET', body, file, schema, signal, headers, keepalive } = options;
  const contentType: Record<string, string> =
    file !== undefined
      ? { 'Content-Type': file.type || 'application/octet-stream' }
      : body === undefined
        ? {}
        : { 'Content-Type': 'application/json' };
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...contentType,
        ...headers,
      },
      body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal,
      keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'The server could not be reached.');
  }

  const payload = await readJson(response);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(payload);
    if (parsed.success) {
      const { code, message, fields } = parsed.data.error;
      throw new ApiError(response.status, code, message, fields);
    }
    throw new ApiError(response.status, 'http_error', `HTTP error! status: ${response.status}`);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      'invalid_response',
      'The server sent an unexpected answer.',
    );
  }
  return parsed.data;
}
