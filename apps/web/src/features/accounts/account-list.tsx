import type { CurrentAccount } from '@echeq/contract';
import Box from '@mui/material/Box';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { messageOf } from '../../lib/api-error';

// What the bank's and the company's accounts screens share: the cards and the confirmation of a chequebook change.

/** The accounts as cards (two columns on a wide screen), or why there are none to show. */
export function AccountCards({
  accounts,
  empty,
  card,
}: {
  accounts: UseQueryResult<CurrentAccount[]>;
  empty: string;
  card: (account: CurrentAccount) => ReactNode;
}) {
  if (accounts.isError) {
    return (
      <ErrorAlert
        title="No se pudieron cargar las cuentas"
        message={messageOf(accounts.error, 'No se pudo conectar con el servidor.')}
        onRetry={() => accounts.refetch()}
      />
    );
  }
  if (accounts.isPending) return <LoadingState />;
  if (accounts.data.length === 0) return <EmptyState message={empty} />;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      {accounts.data.map(card)}
    </Box>
  );
}

/** Asks before a chequebook is requested or activated; the change's refusal shows under the question. */
export function ChequebookConfirm({
  title,
  message,
  confirmLabel,
  change,
  failed,
  onConfirm,
  onClose,
}: {
  title: string;
  /** The question, or null while the dialog is closed. */
  message: ReactNode | null;
  confirmLabel: string;
  change: { isPending: boolean; isError: boolean; error: unknown; reset: () => void };
  /** What the refusal says when the server gave no message. */
  failed: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={message !== null}
      title={title}
      message={
        message !== null ? (
          <>
            {message}
            {change.isError ? (
              <Box sx={{ mt: 2 }}>
                <ErrorAlert message={messageOf(change.error, failed)} />
              </Box>
            ) : null}
          </>
        ) : null
      }
      confirmLabel={confirmLabel}
      loading={change.isPending}
      onConfirm={onConfirm}
      onClose={() => {
        onClose();
        change.reset();
      }}
    />
  );
}
