/** The statuses an AppError may carry; everything else is a 500 that says nothing. */
const statusByCode = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  forbidden: 403,
  pending_approval: 403,
  deactivated: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  too_many_requests: 429,
  unavailable: 503,
  service_unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof statusByCode;

/** An error whose message is safe to show to the caller. */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;

  constructor(
    readonly code: AppErrorCode | (string & {}),
    message: string,
    options: {
      status?: number;
      fields?: Record<string, string>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.statusCode = options.status ?? statusByCode[code as AppErrorCode] ?? 400;
    this.fields = options.fields;
    this.headers = options.headers;
  }

  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
}
