import type { BulkOutcome, BulkResult } from '@echeq/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from './app-error';

/**
 * Runs the single action on each id in turn (each its own transaction and audit record, as when called alone) and
 * collects every outcome: an expected refusal is that record's message; anything else is logged and reported as an
 * internal error of that record. One record's failure never undoes another's change.
 */
export async function runBulk(
  ids: readonly string[],
  action: (id: string) => Promise<unknown>,
  opts: { done: string; log: FastifyBaseLogger },
): Promise<BulkResult> {
  const results: BulkOutcome[] = [];
  for (const id of ids) {
    try {
      await action(id);
      results.push({ id, ok: true, message: opts.done });
    } catch (err) {
      if (err instanceof AppError) {
        results.push({ id, ok: false, message: err.message, code: err.code });
      } else {
        opts.log.error({ err, id }, 'bulk action failed on one record');
        results.push({ id, ok: false, message: 'Error interno del servidor', code: 'INTERNAL_ERROR' });
      }
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
}
