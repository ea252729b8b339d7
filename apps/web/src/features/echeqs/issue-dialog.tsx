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
  return accounts.data ? (
    <IssueSteps accounts={accounts.data} ownCuit={ownCuit} onClose={onClose} onIssued={onIssued} />
  ) : (
    <Frame title="Emitir ECHEQ" onClose={onClose} actions={<Button onClick={onClose}>Cancelar</Button>}>
      {accounts.isError ? (
        <Alert severity="error" role="alert">
          {saveErrorMessage(accounts.error, 'No se pudieron cargar sus cuentas corrientes')}
        </Alert>
      ) : (
        <LoadingState label="Cargando sus cuentas..." />
      )}
    </Frame>
  );
}

function Frame({
  title,
  onClose,
  actions,
  children,
}: {
  title: string;
  onClose?: (() => void) | undefined;
  actions: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>{actions}</DialogActions>
    </Dialog>
  );
}

function IssueSteps({
  accounts,
  ownCuit,
  onClose,
  onIssued,
}: {
  accounts: readonly CurrentAccount[];
  ownCuit?: string | null | undefined;
  onClose: () => void;
  onIssued: (e: Echeq) => void;
}) {
  const issue = useIssue();
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
      <Frame
        title="Confirmar emisión"
        onClose={issue.isPending ? undefined : onClose}
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
      </Frame>
    );
  }

  return (
    <Frame
      title="Emitir ECHEQ"
      onClose={onClose}
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
    </Frame>
  );
}
