import { errorBodySchema } from '@echeq/contract';
import type { z } from 'zod';

/** A route's response map: its success schema plus the error statuses it can answer (for the OpenAPI document). */
export function responses<T extends z.ZodType>(ok: T, ...errorStatuses: number[]) {
  const map: Record<number, z.ZodType> = { 200: ok };
  for (const s of errorStatuses) map[s] = errorBodySchema;
  return map as { 200: T } & Record<number, z.ZodType>;
}

/** Statuses every authenticated route can answer. */
export const AUTHED = [401, 403, 429] as const;
