import type { ErrorCode } from '@echeq/contract';

/** Codes the client itself produces when no server answer could be read. */
type ClientErrorCode = 'NETWORK_ERROR' | 'TIMEOUT' | 'INVALID_RESPONSE';
export type ApiErrorCode = ErrorCode | ClientErrorCode;
export type FieldError = { path: string; message: string };

/**
 * A failed API call. `status` is the HTTP status (0 when the server could not be reached), `code` the contract's
 * error code, `message` the server's Spanish message and `errors` its per-field validation messages.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly errors: FieldError[];

  constructor(options: { status: number; code: ApiErrorCode; message: string; errors?: FieldError[] }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.errors = options.errors ?? [];
  }

  /** True when the server answered (as opposed to a network failure or a timeout). */
  get isServerAnswer(): boolean {
    return this.status > 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The field messages of a validation error keyed by the field's path (`errors[].path`). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const out: Record<string, string> = {};
  for (const e of error.errors) {
    const key = e.path.replace(/^\/?(body[./])?/, '').replace(/\//g, '.');
    if (!(key in out)) out[key] = e.message;
  }
  return out;
}

/** The server's message when it answered, otherwise `fallback` (network failures, timeouts, unexpected errors). */
export function messageOf(error: unknown, fallback: string): string {
  if (isApiError(error) && error.isServerAnswer && error.message) return error.message;
  return fallback;
}
