/**
 * A failed API call: the HTTP status and the server's `{error:{code,message,fields}}`.
 * Network failures get status 0 and code `network_error`. Screens decide what the user sees;
 * no client of the API navigates or shows a toast. (Its own module, with no zod: the client's
 * page uses it too.)
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}
