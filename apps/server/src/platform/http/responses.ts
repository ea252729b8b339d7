import { errorBodySchema } from '@echeq/contract';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config';

/** A route's response map: its success schema plus the error statuses it can answer (for the OpenAPI document). */
export function responses<T extends z.ZodType>(ok: T, ...errorStatuses: number[]) {
  const map: Record<number, z.ZodType> = { 200: ok };
  for (const s of errorStatuses) map[s] = errorBodySchema;
  return map as { 200: T } & Record<number, z.ZodType>;
}

/** Statuses every authenticated route can answer. */
export const AUTHED = [401, 403, 429] as const;

/** A list page whose entries the database wrote as JSON (platform/db/json-page.ts), with the page's figures. */
export type WrittenPage = { entries: string; meta: Record<string, unknown> };

/**
 * Sends a list page as `{"success":true,"data":{"data":[…entries],…meta}}`, its entries as the database wrote them.
 * Every other answer goes through the route's response schema (the serializer); outside production this one is
 * parsed and checked against the same schema first, so the tests hold the SQL that writes it to the contract (a
 * mismatch is a 500 there, never a wrong answer).
 */
export function sendPage(reply: FastifyReply, page: WrittenPage, schema: z.ZodType, config: Pick<Config, 'env'>) {
  const rest = JSON.stringify(page.meta).slice(1);
  const body = `{"success":true,"data":{"data":${page.entries}${rest === '}' ? '}' : `,${rest}`}}`;
  if (config.env !== 'production') {
    const written: unknown = JSON.parse(body);
    const result = schema.safeParse(written);
    if (!result.success) throw new Error(`Respuesta fuera del contrato: ${result.error.message}`);
    const stray = strayKey(written, result.data);
    if (stray) throw new Error(`Respuesta fuera del contrato: campo no declarado ${stray}`);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

/** The first key of `written` that the schema's output dropped (the contract is an allow-list), or null. */
function strayKey(written: unknown, kept: unknown, path = ''): string | null {
  if (Array.isArray(written) && Array.isArray(kept)) {
    for (let i = 0; i < written.length; i++) {
      const found = strayKey(written[i], kept[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (!written || typeof written !== 'object' || !kept || typeof kept !== 'object') return null;
  for (const [key, value] of Object.entries(written)) {
    if (!(key in kept)) return `${path}.${key}`;
    const found = strayKey(value, (kept as Record<string, unknown>)[key], `${path}.${key}`);
    if (found) return found;
  }
  return null;
}
