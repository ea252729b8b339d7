import type { Echeq } from '@echeq/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { useDeleteEcheq } from './api';
import { ECHEQ_ERRORS, saveErrorMessage } from './echeq-format';

/** 'Eliminar ECHEQ': the specification's question, and the server's refusal when there is one. */
export function DeleteEcheqDialog({
  deleting,
  remove,
  onConfirm,
  onClose,
}: {
  deleting: Echeq | null;
  remove: ReturnType<typeof useDeleteEcheq>;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={Boolean(deleting)}
      title="Eliminar ECHEQ"
      message={
        <>
          ¿Está seguro de que desea eliminar el ECHEQ {deleting?.number}?
          {remove.isError ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              <AlertTitle>{ECHEQ_ERRORS.delete}</AlertTitle>
              {saveErrorMessage(remove.error, ECHEQ_ERRORS.delete)}
            </Alert>
          ) : null}
        </>
      }
      confirmLabel="Eliminar"
      destructive
      loading={remove.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
