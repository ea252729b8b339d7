import { CHEQUEBOOK_SIZE, type CurrentAccount } from '@echeq/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Notice, NoticeSnackbar } from '../../components/notice-snackbar';
import { PageHeader } from '../../components/page-header';
import { AccountCard } from './account-card';
import { formatCbu } from './account-format';
import { AccountCards, ChequebookConfirm } from './account-list';
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
      <AccountCards
        accounts={accounts}
        empty="Su empresa todavía no tiene cuentas corrientes. Pídale a su banco que abra una."
        card={(a) => <AccountCard key={a.id} account={a} {...(canRequest ? { onRequest: setAsking } : {})} />}
      />
      <ChequebookConfirm
        title="Solicitar chequera"
        message={
          asking ? (
            <>
              Se pedirá una chequera nueva de {CHEQUEBOOK_SIZE} cheques para la cuenta CBU {formatCbu(asking.cbu)}. Si
              su banco opera en el sandbox queda activa al instante; si no, el banco debe activarla.
            </>
          ) : null
        }
        confirmLabel="Solicitar"
        change={request}
        failed="No se pudo solicitar la chequera."
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
