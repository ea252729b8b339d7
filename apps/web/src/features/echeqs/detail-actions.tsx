import type { ActionType, Echeq } from '@echeq/contract';
import { ChequeActions } from './cheque-actions';
import type { EcheqAction, EcheqRowRules } from './echeqs-table';
import { ReasonButton } from './reason-button';

/**
 * The open cheque's buttons: a registry cheque's operations the user may do now; a hand-registered one's
 * 'Validar' and 'Editar' (each off, with its reason, when it may not).
 */
export function DetailActions({
  echeq,
  canOperate,
  canUpdate,
  rules,
  validating,
  onAction,
  onOperation,
}: {
  echeq: Echeq | null;
  canOperate: boolean;
  canUpdate: boolean;
  rules: EcheqRowRules;
  validating: boolean;
  onAction: (action: EcheqAction, e: Echeq) => void;
  onOperation: (action: ActionType, e: Echeq) => void;
}) {
  if (!echeq) return null;
  if (echeq.origin === 'REGISTRY') {
    return canOperate ? <ChequeActions echeq={echeq} phone={false} onAction={onOperation} /> : null;
  }
  if (!canUpdate) return null;
  return (
    <>
      <ReasonButton
        reason={rules.blockedReason('validate', echeq)}
        busy={validating}
        onClick={() => onAction('validate', echeq)}
      >
        Validar
      </ReasonButton>
      <ReasonButton reason={rules.blockedReason('edit', echeq)} onClick={() => onAction('edit', echeq)}>
        Editar
      </ReasonButton>
    </>
  );
}
