import { type Echeq, endorseBodySchema, isValidCuit } from '@echeq/contract';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { CuitField } from '../../components/cuit-field';
import { FormDialog } from '../../components/form-dialog';
import { useFormFields } from '../../components/use-form-fields';
import { type OperationDone, useOperate } from './operations-api';
import { endorseSentence, operationNotice } from './operations-format';

/**
 * 'Endosar ECHEQ N° …': the endorsee's CUIT (check digits verified) and, optionally, its name; what will happen is
 * said under the fields once the CUIT is valid. The endorsee then accepts or repudiates it.
 */
export function EndorseDialog({
  echeq,
  onClose,
  onDone,
}: {
  echeq: Echeq;
  onClose: () => void;
  onDone: (done: OperationDone) => void;
}) {
  const operate = useOperate();
  const { form, set, err, check } = useFormFields({ endorsee_cuit: '', endorsee_name: '' }, operate);
  const valid = isValidCuit(form.endorsee_cuit);

  function submit() {
    const body = {
      endorsee_cuit: form.endorsee_cuit.replace(/\D/g, ''),
      ...(form.endorsee_name.trim() ? { endorsee_name: form.endorsee_name.trim() } : {}),
    };
    if (!check(endorseBodySchema, body)) return;
    operate.mutate(
      { id: echeq.id, action: 'ENDORSE', body },
      { onSuccess: (cheque) => onDone({ notice: operationNotice('ENDORSE', cheque), echeq: cheque }) },
    );
  }

  return (
    <FormDialog
      title={`Endosar ECHEQ N° ${echeq.number}`}
      submitLabel="Endosar"
      pending={operate.isPending}
      onSubmit={submit}
      onClose={onClose}
      error={operate.error}
      errorTitle="No se pudo endosar el ECHEQ"
      maxWidth="xs"
    >
      <CuitField
        value={form.endorsee_cuit}
        onChange={(v) => set('endorsee_cuit', v)}
        error={err('endorsee_cuit')}
        helperText="CUIT del endosatario"
      />
      <TextField
        label="Nombre del endosatario (opcional)"
        value={form.endorsee_name}
        onChange={(e) => set('endorsee_name', e.target.value)}
        error={Boolean(err('endorsee_name'))}
        helperText={err('endorsee_name')}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      {valid ? (
        <Alert severity="info" aria-label="Vista previa del endoso">
          {endorseSentence(echeq, form.endorsee_cuit, form.endorsee_name)}
        </Alert>
      ) : null}
    </FormDialog>
  );
}
