import type { PresentedCheque, RejectBody } from '@echeq/contract';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { SearchField } from '../../components/list-filters';
import { type Notice, NoticeSnackbar } from '../../components/notice-snackbar';
import { PageHeader } from '../../components/page-header';
import { PagedList } from '../../components/paged-list';
import { messageOf } from '../../lib/api-error';
import { formatAmount, formatCount } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { presentedQuery, usePayCheque, useRejectCheque } from './api';
import { PayDialog, RejectDialog } from './presented-dialogs';
import { PresentedCards, PresentedTable, RowActions } from './presented-rows';

const PARAMS = { filters: { search: (raw: string) => raw.slice(0, 100) } };

/**
 * "Cheques presentados al cobro": the paying bank's queue (LIFECYCLE §3, §6), oldest clearing date first. The bank
 * pays or rejects each cheque before the clearing session's cut-off; one it leaves is paid at the cut-off. Opening a
 * cheque's number shows its detail (`renderDetails`, given by the page), with the same two actions.
 */
export function PresentedView({
  renderDetails,
}: {
  renderDetails?: (cheque: PresentedCheque, onClose: () => void, actions: ReactNode) => ReactNode;
}) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { filters, paging, searchText, setSearchText } = useListParams(PARAMS);
  const listQ = useQuery(
    presentedQuery({ page: paging.page, limit: paging.limit, cursor: paging.cursor, q: filters.search }),
  );
  const pay = usePayCheque();
  const reject = useRejectCheque();
  const [paying, setPaying] = useState<PresentedCheque | null>(null);
  const [rejecting, setRejecting] = useState<PresentedCheque | null>(null);
  const [open, setOpen] = useState<PresentedCheque | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const doPay = (c: PresentedCheque) =>
    pay.mutate(c.id, {
      onSuccess: (r) => {
        setPaying(null);
        setNotice(r.syncing ? `Pago del ECHEQ N° ${c.number} enviado a COELSA` : `ECHEQ N° ${c.number} pagado`);
      },
      onError: (e) => {
        setPaying(null);
        setNotice({ severity: 'error', text: messageOf(e, `No se pudo pagar el ECHEQ N° ${c.number}`) });
      },
    });
  const doReject = (c: PresentedCheque, motivo: RejectBody['motivo']) =>
    reject.mutate(
      { id: c.id, body: { motivo } },
      {
        onSuccess: (r) => {
          setRejecting(null);
          setNotice(
            r.syncing
              ? `Rechazo del ECHEQ N° ${c.number} enviado a COELSA`
              : `ECHEQ N° ${c.number} rechazado: ${motivo}`,
          );
        },
        onError: (e) => {
          setRejecting(null);
          setNotice({ severity: 'error', text: messageOf(e, `No se pudo rechazar el ECHEQ N° ${c.number}`) });
        },
      },
    );

  const list = listQ.data;
  const totals = list?.totals?.filter((t) => t.count > 0) ?? [];
  const handlers = { onOpen: setOpen, onPay: setPaying, onReject: setRejecting };
  return (
    <>
      <PageHeader
        title="Cheques presentados al cobro"
        subtitle="ECHEQs librados contra cuentas de sus clientes. Páguelos o rechácelos antes del cierre de la sesión de compensación (20:00); los que no atienda se pagan al cierre."
      />
      <PagedList
        toolbar={
          <>
            <SearchField value={searchText} onChange={setSearchText} placeholder="Número, ID, CUIT o librador" />
            {totals.length > 0 ? (
              <Box sx={{ ml: { sm: 'auto' } }}>
                {totals.map((t) => (
                  <Typography key={t.currency} variant="body2" color="text.secondary">
                    {formatCount(t.count, 'cheque', 'cheques')} · {formatAmount(t.amount, t.currency)}
                  </Typography>
                ))}
              </Box>
            ) : null}
          </>
        }
        list={list}
        fresh={!listQ.isPlaceholderData}
        paging={paging}
        fetching={listQ.isFetching && !!list}
        loadError={listQ.isError ? messageOf(listQ.error, 'No se pudo cargar la cola de cheques presentados') : null}
        onRetry={() => void listQ.refetch()}
        loadingLabel="Cargando cheques presentados..."
        emptyMessage={
          filters.search
            ? 'Ningún cheque presentado coincide con la búsqueda.'
            : 'No hay cheques presentados al cobro. Cuando un tenedor deposite un ECHEQ librado contra una cuenta de sus clientes, aparecerá aquí.'
        }
        compact={phone}
      >
        {phone ? (
          <Box sx={{ p: 1.5 }}>
            <PresentedCards rows={list?.data ?? []} {...handlers} />
          </Box>
        ) : (
          <PresentedTable rows={list?.data ?? []} {...handlers} />
        )}
      </PagedList>
      <PayDialog cheque={paying} loading={pay.isPending} onConfirm={doPay} onClose={() => setPaying(null)} />
      <RejectDialog
        cheque={rejecting}
        loading={reject.isPending}
        onConfirm={doReject}
        onClose={() => setRejecting(null)}
      />
      {open && renderDetails
        ? renderDetails(
            open,
            () => setOpen(null),
            <RowActions
              cheque={open}
              onPay={(c) => {
                setOpen(null);
                setPaying(c);
              }}
              onReject={(c) => {
                setOpen(null);
                setRejecting(c);
              }}
            />,
          )
        : null}
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
