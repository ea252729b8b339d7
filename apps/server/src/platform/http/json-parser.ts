import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

const MAX_DEPTH = 32;

function depthOf(value: unknown, limit: number): number {
  // Iterative so a hostile body cannot exhaust the stack.
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d > max) max = d;
    if (max > limit) return max;
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return max;
}

/** JSON bodies: well-formed, no prototype-poisoning keys, at most MAX_DEPTH levels deep. */
export function jsonParser(
  _req: FastifyRequest,
  body: string | Buffer,
  done: (err: Error | null, value?: unknown) => void,
) {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  if (text.trim() === '') return done(null, undefined);
  let value: unknown;
  try {
    value = JSON.parse(text, (key, v) => {
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') {
        throw new AppError('VALIDATION_ERROR', `Clave no permitida: ${key}`);
      }
      return v;
    });
  } catch (err) {
    return done(err instanceof AppError ? err : new AppError('VALIDATION_ERROR', 'JSON mal formado'));
  }
  if (depthOf(value, MAX_DEPTH) > MAX_DEPTH) {
    return done(new AppError('VALIDATION_ERROR', `El JSON supera la profundidad máxima de ${MAX_DEPTH} niveles`));
  }
  done(null, value);
}
