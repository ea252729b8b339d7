import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@echeq/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDbError } from '../db/db';
import { AppError, type FieldError } from './app-error';

/** Where the invalid data came, as the message says it: 'Datos inválidos en el cuerpo'. */
const CONTEXT_LABEL: Record<string, string> = {
  body: 'el cuerpo',
  querystring: 'la consulta',
  params: 'la ruta',
  headers: 'las cabeceras',
};

function zodFieldErrors(err: FastifyError): FieldError[] {
  // Each entry is a zod issue: keyword = issue code, instancePath = '/a/b', params = the rest of the issue.
  return (err.validation ?? []).map((v) => {
    const field = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const keys = (v.params as { keys?: unknown } | undefined)?.keys;
    if (v.keyword === 'unrecognized_keys' && Array.isArray(keys) && keys.length > 0) {
      const prefix = field ? `${field}.` : '';
      return { path: keys.map((k) => prefix + String(k)).join(', '), message: 'Campo no permitido' };
    }
    return { path: field || (err.validationContext ?? ''), message: v.message ?? 'Valor inválido' };
  });
}

function send(reply: FastifyReply, code: ErrorCode, message?: string, errors?: FieldError[]) {
  const body: ErrorBody = { success: false, message: message ?? ERROR_CODES[code].message, code };
  if (errors && errors.length > 0) body.errors = errors;
  return reply.status(ERROR_CODES[code].status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** The one place that turns every failure into the contract's error envelope (CONTRACT §3). */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return send(reply, err.code, err.message, err.errors);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = CONTEXT_LABEL[err.validationContext ?? ''] ?? 'la solicitud';
      return send(reply, 'VALIDATION_ERROR', `Datos inválidos en ${where}`, zodFieldErrors(err));
    }
    switch (err.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 'PAYLOAD_TOO_LARGE');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 'UNSUPPORTED_MEDIA_TYPE');
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 'VALIDATION_ERROR', 'El cuerpo JSON está vacío');
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return send(reply, 'VALIDATION_ERROR', 'JSON mal formado');
      case 'FST_ERR_RATE_LIMIT':
        return send(reply, 'RATE_LIMITED');
    }
    if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') {
      return send(reply, 'VALIDATION_ERROR', 'JSON mal formado');
    }
    if (isDbError(err)) {
      if (err.code === '23505') return send(reply, 'DUPLICATE');
      if (err.code === '40001' || err.code === '40P01' || err.code === '55P03') {
        return send(reply, 'CONFLICT', 'El registro fue modificado por otra operación. Intente nuevamente.');
      }
      if (err.code?.startsWith('22') || err.code === '23514') {
        return send(reply, 'VALIDATION_ERROR', 'Valor fuera de rango o con formato inválido');
      }
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 404) return send(reply, 'NOT_FOUND');
      if (status === 413) return send(reply, 'PAYLOAD_TOO_LARGE');
      if (status === 415) return send(reply, 'UNSUPPORTED_MEDIA_TYPE');
      if (status === 429) return send(reply, 'RATE_LIMITED');
      return send(reply, 'VALIDATION_ERROR', 'Solicitud inválida');
    }
    req.log.error({ err }, 'unhandled error');
    return send(reply, 'INTERNAL_ERROR');
  });
}

/**
 * 404 for unknown routes; with a web build, GET of a page path answers the app's index.html instead, or the copy of
 * it the build wrote for that path (`pages`: pathname → file under the build, e.g. '/login' → 'pages/login.html',
 * which also names the page's code). Its brotli or gzip copy is sent when the browser accepts one, as for the static
 * files (`vary: accept-encoding`), and it is never cached without asking again.
 */
export function registerNotFound(app: FastifyInstance, spa: boolean, pages: Readonly<Record<string, string>> = {}) {
  app.setNotFoundHandler((req, reply) => {
    const accept = req.headers.accept ?? '';
    const wantsPage = req.method === 'GET' && !req.url.startsWith('/api') && !req.url.startsWith('/metrics');
    if (spa && wantsPage && (accept.includes('text/html') || accept === '*/*' || !accept)) {
      const pathname = (req.url.split('?')[0] ?? '').replace(/\/+$/, '') || '/';
      const page = Object.hasOwn(pages, pathname) ? pages[pathname] : undefined;
      return reply.sendFile(page ?? 'index.html', { maxAge: 0 });
    }
    return send(reply, 'NOT_FOUND', 'Ruta no encontrada');
  });
}
