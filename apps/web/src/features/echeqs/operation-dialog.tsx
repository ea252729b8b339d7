import { motivoBodySchema, REJECTION_MOTIVES } from '@echeq/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { saveErrorMessage } from './echeq-format';
import { EndorseDialog } from './endorse-dialog';
import { type OperationDone, type OperationTarget, useOperate } from './operations-api';
import { actionLabel, isDestructive, motivoKind, operationNotice, operationSentence } from './operations-format';

/**
 * The confirmation of an operation on a cheque: what will happen in plain words, the motivo where the operation
 * takes one (the contract's list for a rejection), the server's message when it refuses. Endorsing has its own
 * dialog (the endorsee and a preview).
 */
export function OperationDialog({
  target,
  onClose,
  onDone,
}: {
  target: OperationTarget | null;
  onClose: () => void;
  onDone: (done: OperationDone) => void;
}) {
  if (target?.action === 'ENDORSE') return <EndorseDialog echeq={target.echeq} onClose={onClose} onDone={onDone} />;
  // A new dialog per target: its motivo and error start empty.
  return target ? (
    <ConfirmOperation key={`${target.action}:${target.echeq.id}`} target={target} onClose={onClose} onDone={onDone} />
  ) : null;
}

function ConfirmOperation({
  target: { action, echeq },
  onClose,
  onDone,
}: {
  target: OperationTarget;
  onClose: () => void;
  onDone: (done: OperationDone) => void;
}) {
  const operate = useOperate();
  const kind = motivoKind(action);
  const [motivo, setMotivo] = useState('');
  const [motivoError, setMotivoError] = useState<string | null>(null);
  const title = `${actionLabel(action)} ECHEQ N° ${echeq.number}`;

  function confirm() {
    let body: { motivo: string } | undefined;
    if (kind) {
      const checked = motivoBodySchema.safeParse({ motivo: motivo.trim() });
      if (!checked.success || !motivo.trim()) {
        setMotivoError(kind === 'list' ? 'Elija el motivo del rechazo' : 'Indique el motivo');
        return;
      }
      body = { motivo: motivo.trim() };
    }
    operate.mutate(
      { id: echeq.id, action, body },
      { onSuccess: (cheque) => onDone({ notice: operationNotice(action, cheque), echeq: cheque }) },
    );
  }

  return (
    <ConfirmDialog
      open
      title={title}
      message={operationSentence(action, echeq)}
      confirmLabel={actionLabel(action)}
      destructive={isDestructive(action)}
      loading={operate.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {kind ? (
        <TextField
          select={kind === 'list'}
          label="Motivo"
          required
          fullWidth
          multiline={kind === 'text'}
          minRows={kind === 'text' ? 2 : undefined}
          value={motivo}
          onChange={(ev) => {
            setMotivo(ev.target.value);
            setMotivoError(null);
            if (operate.isError) operate.reset();
          }}
          error={Boolean(motivoError)}
          helperText={motivoError ?? ' '}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ mt: 2 }}
        >
          {kind === 'list'
            ? REJECTION_MOTIVES.map((m) => (
                <MenuItem key={m} value={m}>
                  {m}
                </MenuItem>
              ))
            : null}
        </TextField>
      ) : null}
      {operate.isError ? (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          <AlertTitle>No se pudo {actionLabel(action).toLowerCase()} el ECHEQ</AlertTitle>
          {saveErrorMessage(operate.error, 'Error al operar el ECHEQ')}
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}
