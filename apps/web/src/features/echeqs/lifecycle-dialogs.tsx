import type { Echeq } from '@echeq/contract';
import type { Notice } from '../../components/notice-snackbar';
import { IssueDialog } from './issue-dialog';
import { OperationDialog } from './operation-dialog';
import type { OperationTarget } from './operations-api';

/**
 * The lifecycle's dialogs of the ECHEQs screen: an operation's confirmation (or the endorsement) and 'Emitir
 * ECHEQ'. Each tells the screen its outcome: the notice, the cheque as the server answered it.
 */
export function LifecycleDialogs({
  operation,
  issuing,
  ownCuit,
  onClose,
  onNotice,
  onChanged,
  onIssued,
}: {
  operation: OperationTarget | null;
  issuing: boolean;
  ownCuit: string | null | undefined;
  onClose: () => void;
  onNotice: (notice: Notice) => void;
  onChanged: (e: Echeq) => void;
  onIssued: (e: Echeq) => void;
}) {
  return (
    <>
      <OperationDialog
        target={operation}
        onClose={onClose}
        onDone={(done) => {
          onClose();
          onNotice(done.notice);
          onChanged(done.echeq);
        }}
      />
      {issuing ? (
        <IssueDialog
          ownCuit={ownCuit}
          onClose={onClose}
          onIssued={(e) => {
            onClose();
            onNotice(`ECHEQ N° ${e.number} emitido a ${e.beneficiary}: espera su aceptación`);
            onIssued(e);
          }}
        />
      ) : null}
    </>
  );
}
