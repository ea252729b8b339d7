import { ERROR_CODES, type ErrorCode } from '@echeq/contract';

export type FieldError = { path: string; message: string };

/** An expected failure: carries its contract code, HTTP status and a Spanish message for a person. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: FieldError[];
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message?: string,
    opts: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(message ?? ERROR_CODES[code].message);
    this.code = code;
    this.status = ERROR_CODES[code].status;
    if (opts.errors) this.errors = opts.errors;
    if (opts.headers) this.headers = opts.headers;
  }
}

export const notFound = (message = 'Recurso no encontrado') => new AppError('NOT_FOUND', message);
export const forbidden = (message?: string) => new AppError('FORBIDDEN', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const invalidTransition = (message: string) => new AppError('INVALID_TRANSITION', message);
export const validationError = (message: string, errors?: FieldError[]) =>
  new AppError('VALIDATION_ERROR', message, errors ? { errors } : {});
