import type { Chequebook, CurrentAccount } from '@echeq/contract';
import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Notice, NoticeSnackbar } from '../../components/notice-snackbar';
import { PageHeader } from '../../components/page-header';
import { AccountCard } from './account-card';
import { formatCbu } from './account-format';
import { AccountCards, ChequebookConfirm } from './account-list';
import { accountClientsQuery, accountsQuery, useActivateChequebook } from './api';
import { OpenAccountDialog } from './open-account-dialog';

type Activating = { account: CurrentAccount; chequebook: Chequebook };

/**
 * 'Cuentas de clientes' of a bank: its clients' current accounts and chequebooks, filtered by company; its
 * administrator opens accounts and activates the chequebooks its clients requested.
 */
export function BankAccountsView({ canManage }: { canManage: boolean }) {
  const [companyId, setCompanyId] = useState('');
  const accounts = useQuery(accountsQuery(companyId || undefined));
  const clients = useQuery(accountClientsQuery());
  const activate = useActivateChequebook();
  const [opening, setOpening] = useState(false);
  const [activating, setActivating] = useState<Activating | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const pending = accounts.data?.flatMap((a) => a.chequebooks.filter((b) => b.status === 'PENDING')).length ?? 0;

  function confirmActivate() {
    if (!activating) return;
    const { account, chequebook } = activating;
    activate.mutate(
      { accountId: account.id, chequebookId: chequebook.id },
      {
        onSuccess: () => {
          setActivating(null);
          setNotice({ severity: 'success', text: `Chequera ${chequebook.first} – ${chequebook.last} activada` });
        },
      },
    );
  }

  return (
    <>
      <PageHeader
        title="Cuentas de clientes"
        subtitle={
          pending > 0
            ? `Cuentas corrientes y chequeras · ${pending === 1 ? '1 chequera espera' : `${pending} chequeras esperan`} su activación`
            : 'Cuentas corrientes de sus empresas clientes y sus chequeras'
        }
        actions={
          canManage ? (
            <Button variant="contained" startIcon={<Add />} onClick={() => setOpening(true)} disabled={!clients.data}>
              Abrir cuenta
            </Button>
          ) : undefined
        }
      />
      <TextField
        select
        label="Empresa"
        size="small"
        value={companyId}
        onChange={(e) => setCompanyId(e.target.value)}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ mb: 2, minWidth: { xs: '100%', sm: 320 } }}
      >
        <MenuItem value="">Todas las empresas</MenuItem>
        {(clients.data ?? []).map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name} ({c.accounts === 1 ? '1 cuenta' : `${c.accounts} cuentas`})
          </MenuItem>
        ))}
      </TextField>
      <AccountCards
        accounts={accounts}
        empty="No hay cuentas corrientes para mostrar"
        card={(a) => (
          <AccountCard
            key={a.id}
            account={a}
            showCompany
            {...(canManage ? { onActivate: (account, chequebook) => setActivating({ account, chequebook }) } : {})}
          />
        )}
      />
      {canManage ? (
        <OpenAccountDialog
          key={companyId}
          open={opening}
          clients={clients.data ?? []}
          {...(companyId ? { initialCompanyId: companyId } : {})}
          onClose={() => setOpening(false)}
          onOpened={(text) => {
            setOpening(false);
            setNotice({ severity: 'success', text });
          }}
        />
      ) : null}
      <ChequebookConfirm
        title="Activar chequera"
        message={
          activating ? (
            <>
              {activating.account.company_name} podrá emitir cheques con los números {activating.chequebook.first} a{' '}
              {activating.chequebook.last} de la cuenta CBU {formatCbu(activating.account.cbu)}.
            </>
          ) : null
        }
        confirmLabel="Activar"
        change={activate}
        failed="No se pudo activar la chequera."
        onConfirm={confirmActivate}
        onClose={() => setActivating(null)}
      />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
