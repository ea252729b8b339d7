import { ECHEQ_ERRORS } from './echeq-format';
import type { EcheqRowRules } from './echeqs-table';

/**
 * Which row actions the user has and why one is off for a cheque: what the server refuses (a registry cheque moves
 * through its operations only; the bank's discounted cheque for ever; a cheque in custody through custody's
 * operations), and without a usable clearing house, editing and validating.
 */
export function echeqRowRules(canUpdate: boolean, ready: boolean | null): EcheqRowRules {
  return {
    canUpdate,
    blockedReason: (action, e) => {
      if (action !== 'validate') {
        if (e.origin === 'REGISTRY') return ECHEQ_ERRORS.registry;
        if (e.discounted_at) return ECHEQ_ERRORS.discounted;
        if (e.custody_status === 'IN_CUSTODY') {
          return action === 'delete' ? 'En custodia: libérelo antes de eliminarlo' : ECHEQ_ERRORS.inCustody;
        }
        if (action === 'delete') return null;
      }
      if (ready === false) return ECHEQ_ERRORS.blocked;
      return null;
    },
  };
}
