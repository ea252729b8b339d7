import type { CurrentAccount, Echeq, IssueBody } from '@echeq/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { DateLocalization } from '../../components/date-localization';
import { LoadingState } from '../../components/loading-state';
import { useFormFields } from '../../components/use-form-fields';
import { saveErrorMessage } from './echeq-format';
import { IssueFields } from './issue-fields';
import { type IssueValues, initialIssue, issueRequest, usableAccount } from './issue-form';
import { IssuePreview } from './issue-preview';
import { accountsQuery, useIssue } from './operations-api';

/**
 * 'Emitir ECHEQ': the form (account, beneficiary, tipo, carácter, concepto, amount, payment date, motivo), checked
 * with the contract's schema and date rules; then a preview of everything; 'Emitir' sends it to the registry.
 *
 * One dialog from the first frame to the last: while the accounts load, the form and the preview only change what it
 * holds. (A dialog per step would be a new modal each time: the one that said 'Cargando sus cuentas...' closed at
 * once and another faded in with its backdrop, which flickered whenever the dialog opened before the accounts were
 * in the cache.)
 */
export function IssueDialog({
  ownCuit,
  onClose,
  onIssued,
}: {
  ownCuit?: string | null | undefined;
  onClose: () => void;
  onIssued: (e: Echeq) => void;
}) {
  const accounts = useQuery(accountsQuery());
  const issue = useIssue();
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog
      open
      onClose={issue.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
    >
      {accounts.data ? (
        <IssueSteps
          titleId={titleId}
          accounts={accounts.data}
          issue={issue}
          ownCuit={ownCuit}
          onClose={onClose}
          onIssued={onIssued}
        />
      ) : (
        <Step titleId={titleId} title="Emitir ECHEQ" actions={<Button onClick={onClose}>Cancelar</Button>}>
          {accounts.isError ? (
            <Alert severity="error" role="alert">
              {saveErrorMessage(accounts.error, 'No se pudieron cargar sus cuentas corrientes')}
            </Alert>
          ) : (
            <LoadingState label="Cargando sus cuentas..." />
          )}
        </Step>
      )}
    </Dialog>
  );
}

/** What one step of the dialog shows: its title, its content and its buttons. */
function Step({
  titleId,
  title,
  actions,
  children,
}: {
  titleId: string;
  title: string;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>{actions}</DialogActions>
    </>
  );
}

function IssueSteps({
  titleId,
  accounts,
  issue,
  ownCuit,
  onClose,
  onIssued,
}: {
  titleId: string;
  accounts: readonly CurrentAccount[];
  issue: ReturnType<typeof useIssue>;
  ownCuit?: string | null | undefined;
  onClose: () => void;
  onIssued: (e: Echeq) => void;
}) {
  const fields = useFormFields<IssueValues>(() => initialIssue(accounts), issue);
  const [preview, setPreview] = useState<IssueBody | null>(null);
  const account = accounts.find((a) => a.id === fields.form.account_id);
  const usable = accounts.some(usableAccount);

  function review() {
    const { body, errors } = issueRequest(fields.form, { cuit: ownCuit });
    fields.setErrors(errors);
    if (Object.keys(errors).length === 0) setPreview(body);
  }

  if (preview) {
    return (
      <Step
        titleId={titleId}
        title="Confirmar emisión"
        actions={
          <>
            <Button onClick={() => setPreview(null)} disabled={issue.isPending}>
              Volver
            </Button>
            <Button
              variant="contained"
              disabled={issue.isPending}
              startIcon={issue.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
              onClick={() => issue.mutate(preview, { onSuccess: onIssued })}
            >
              Emitir
            </Button>
          </>
        }
      >
        <Alert severity="info" sx={{ mb: 2 }}>
          Revise los datos: una vez emitido, el ECHEQ solo puede anularse mientras el beneficiario no lo acepte.
        </Alert>
        {issue.isError ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            <AlertTitle>No se pudo emitir el ECHEQ</AlertTitle>
            {saveErrorMessage(issue.error, 'Error al emitir el ECHEQ')}
          </Alert>
        ) : null}
        <IssuePreview body={preview} account={account} />
      </Step>
    );
  }

  return (
    <Step
      titleId={titleId}
      title="Emitir ECHEQ"
      actions={
        <>
          <Button onClick={onClose}>Cancelar</Button>
          <Button variant="contained" onClick={review} disabled={!usable}>
            Continuar
          </Button>
        </>
      }
    >
      {usable ? null : (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Su empresa no tiene una cuenta corriente activa con números de chequera disponibles. Solicite una chequera en
          Cuentas.
        </Alert>
      )}
      <DateLocalization>
        <IssueFields values={fields.form} accounts={accounts} err={fields.err} set={fields.set} />
      </DateLocalization>
    </Step>
  );
}
