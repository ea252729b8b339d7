import { can, type Echeq, type LifecycleOperationBody } from '@echeq/contract';
import type { Ctx } from '../../platform/auth/actor';
import { forbidden } from '../../platform/http/app-error';
import { issueCheque } from './lifecycle.issue';
import { type LifecycleDeps, type OperationInput, operate } from './lifecycle.operate';

/**
 * `POST /api/integration/coelsa/operation` with a lifecycle `type` (LIFECYCLE §8): the same as the route of that
 * name, with that route's permission (the clearing route itself asks for `clearing:operate`).
 */
export function lifecycleByType(deps: LifecycleDeps) {
  return async (input: {
    ctx: Ctx;
    body: LifecycleOperationBody;
    idempotencyKey: string | undefined;
  }): Promise<{ status: 200 | 201 | 202; cheque: Echeq | null }> => {
    const { ctx, body, idempotencyKey } = input;
    const needed = body.type === 'ISSUE' ? 'echeqs:create' : 'echeqs:operate';
    if (!can(ctx.actor.role, needed)) throw forbidden();
    if (body.type === 'ISSUE') {
      const { type: _, ...issue } = body;
      return issueCheque({ deps, ctx, body: issue, idempotencyKey });
    }
    const { type, echeq_id, ...rest } = body;
    return operate({ deps, ctx, id: echeq_id, type, input: rest as OperationInput, idempotencyKey });
  };
}
