import { CHEQUEBOOK_SIZE, type CurrentAccount } from '@echeq/contract';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { type Notice, NoticeSnackbar } from '../../components/notice-snackbar';
import { PageHeader } from '../../components/page-header';
import { messageOf } from '../../lib/api-error';
import { AccountCard } from './account-card';
import { formatCbu } from './account-format';
import { accountsQuery, useRequestChequebook } from './api';

/**
 * 'Cuentas y chequeras' of a company: its current accounts with their chequebooks; 'Solicitar chequera' when fewer
 * than 5 numbers are left (and the role may request one).
 */
export function CompanyAccountsView({ canRequest }: { canRequest: boolean }) {
  const accounts = useQuery(accountsQuery());
  const request = useRequestChequebook();
  const [asking, setAsking] = useState<CurrentAccount | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  function confirm() {
    if (!asking) return;
    request.mutate(asking.id, {
      onSuccess: (res) => {
        setAsking(null);
        setNotice({ severity: 'success', text: res.message ?? 'Chequera solicitada' });
      },
    });
  }

  return (
    <>
      <PageHeader title="Cuentas y chequeras" subtitle="Sus cuentas corrientes y los números de cheque disponibles" />
      {accounts.isError ? (
        <ErrorAlert
          title="No se pudieron cargar las cuentas"
          message={messageOf(accounts.error, 'No se pudo conectar con el servidor.')}
          onRetry={() => accounts.refetch()}
        />
      ) : accounts.isPending ? (
        <LoadingState />
      ) : accounts.data.length === 0 ? (
        <EmptyState message="Su empresa todavía no tiene cuentas corrientes. Pídale a su banco que abra una." />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
          {accounts.data.map((a) => (
            <AccountCard key={a.id} account={a} {...(canRequest ? { onRequest: setAsking } : {})} />
          ))}
        </Box>
      )}
      <ConfirmDialog
        open={asking !== null}
        title="Solicitar chequera"
        message={
          asking ? (
            <>
              Se pedirá una chequera nueva de {CHEQUEBOOK_SIZE} cheques para la cuenta CBU {formatCbu(asking.cbu)}. Si
              su banco opera en el sandbox queda activa al instante; si no, el banco debe activarla.
              {request.isError ? (
                <Box sx={{ mt: 2 }}>
                  <ErrorAlert message={messageOf(request.error, 'No se pudo solicitar la chequera.')} />
                </Box>
              ) : null}
            </>
          ) : null
        }
        confirmLabel="Solicitar"
        loading={request.isPending}
        onConfirm={confirm}
        onClose={() => {
          setAsking(null);
          request.reset();
        }}
      />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
