import { COMPANY_ROLES, canAct, type Discount, type ListDiscountsQuery, type Role } from '@echeq/contract';
import Add from '@mui/icons-material/Add';
import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { BookListToolbar } from '../../components/book-list-toolbar';
import { useBookScope } from '../../components/book-scope-filters';
import { FloatingAddButton } from '../../components/floating-add-button';
import { filterOptions } from '../../components/list-filters';
import { NoticeSnackbar } from '../../components/notice-snackbar';
import { PageHeader } from '../../components/page-header';
import { PagedList } from '../../components/paged-list';
import { useRowSelection } from '../../components/row-selection';
import { useOpenDetail } from '../../components/use-open-record';
import { isApiError } from '../../lib/api-error';
import { bookListQuery } from '../../lib/book-list-params';
import { formatAmount } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { custodyOptionsQuery, type DiscountAction, discountQuery, discountsQuery, useDiscountTransition } from './api';
import { DetailsDialog } from './details-dialog';
import { DiscountActions, type DiscountPermissions, type RowAction } from './discount-actions';
import {
  DISCOUNT_ERRORS,
  DISCOUNT_STATUS_MAP,
  DISCOUNT_STATUSES,
  RATE_CAPTION_ID,
  RATE_MEANING,
} from './discount-format';
import { DISCOUNT_LIST_PARAMS } from './discount-list-params';
import { DiscountsBulk } from './discounts-bulk';
import { DiscountsGrid } from './discounts-grid';
import { DiscountsTable } from './discounts-table';
import { RequestDialog } from './request-dialog';
import { TransitionDialog } from './transition-dialog';

const isPending = (d: Discount) => d.status === 'PENDING';
const STATUS_OPTIONS = filterOptions(DISCOUNT_STATUSES, (s) => DISCOUNT_STATUS_MAP[s].label);

const SUCCESS: Record<DiscountAction, (d: Discount) => string> = {
  approve: (d) => `Descuento aprobado. Monto aprobado: ${formatAmount(d.approved_amount, d.echeq?.currency ?? 'ARS')}`,
  reject: () => 'Descuento rechazado',
  cancel: () => 'Solicitud de descuento cancelada',
  complete: () => 'Descuento completado',
};

/**
 * 'Descuentos de ECHEQs': discounts and the cheques in custody loaded together; server-side paging, status filter
 * and search; list or grid (by default cards on a phone); request, edit, approve, reject, cancel and complete as the
 * role allows. Search, filter, page, view and the open discount live in the address.
 */
export function DiscountsView({
  role,
  confirmed = true,
}: {
  role: Role | undefined;
  /** False for a user not yet confirmed in its company: it reads, but moves nothing. */
  confirmed?: boolean;
}) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const perms: DiscountPermissions = {
    request: role ? canAct({ role, confirmed }, 'discounts:request') : false,
    decide: role ? canAct({ role, confirmed }, 'discounts:decide') : false,
    cancel: role ? canAct({ role, confirmed }, 'discounts:cancel') : false,
  };
  const showCompany = role !== undefined && !COMPANY_ROLES.includes(role);
  const scope = useBookScope(role);

  const url = useListParams(DISCOUNT_LIST_PARAMS);
  const { paging } = url;
  // The screen's own choice (cards on a phone) stays out of the address; the other one is written down.
  const screenView = narrow ? 'grid' : 'list';
  const view = url.extras.view || screenView;
  // The list's query; its export sends the same (less the page).
  const query: ListDiscountsQuery = bookListQuery(paging, url.filters);
  const [listQ, custodyQ] = useQueries({
    queries: [discountsQuery(query), custodyOptionsQuery()],
  });

  const [requestOpen, setRequestOpen] = useState(false);
  const [editing, setEditing] = useState<Discount | null>(null);
  const open = useOpenDetail(url, listQ, discountQuery);
  const details = open.record;
  const [pendingAction, setPendingAction] = useState<{ action: DiscountAction; discount: Discount } | null>(null);
  const [actionError, setActionError] = useState<{ title: string; message: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const transition = useDiscountTransition();

  function onAction(action: RowAction, d: Discount) {
    setActionError(null);
    if (action === 'view') url.open('detail', d.id);
    else if (action === 'edit') setEditing(d);
    else setPendingAction({ action, discount: d });
  }

  function confirmTransition(reason?: string) {
    if (!pendingAction) return;
    const { action, discount } = pendingAction;
    transition.mutate(
      { id: discount.id, action, ...(reason ? { body: { rejection_reason: reason } } : {}) },
      {
        onSuccess: (d) => {
          setPendingAction(null);
          setNotice(SUCCESS[action](d));
          if (details?.id === d.id) open.show(d);
        },
        onError: (error) => {
          setPendingAction(null);
          url.close('detail');
          setActionError({
            title: DISCOUNT_ERRORS[action],
            message: isApiError(error) && error.isServerAnswer ? error.message : 'No se pudo conectar con el servidor.',
          });
        },
      },
    );
  }

  const openRequest = () => {
    setActionError(null);
    setRequestOpen(true);
  };

  const loadError = listQ.isError || custodyQ.isError;
  const list = listQ.data;
  const custody = custodyQ.data?.data ?? [];
  const rows = list?.data ?? [];
  const filtered = url.filtered;
  // Who decides chooses pending rows for a bulk approval or rejection (the list view's checkboxes).
  const { selection, chosenRows } = useRowSelection(rows, isPending);

  return (
    <>
      <PageHeader
        title="Descuentos de ECHEQs"
        subtitle={
          perms.request
            ? 'Adelantos sobre los ECHEQs que su empresa tiene en custodia'
            : 'Solicitudes de descuento de los clientes del banco'
        }
        actions={
          <Tooltip title={perms.request ? '' : 'Solo los usuarios de una empresa solicitan descuentos'}>
            <span>
              <Button variant="contained" startIcon={<Add />} onClick={openRequest} disabled={!perms.request}>
                Solicitar Descuento
              </Button>
            </span>
          </Tooltip>
        }
      />

      {actionError ? (
        <Alert severity="error" role="alert" onClose={() => setActionError(null)} sx={{ mb: 2 }}>
          <AlertTitle>{actionError.title}</AlertTitle>
          {actionError.message}
        </Alert>
      ) : null}

      {perms.decide ? <DiscountsBulk chosen={chosenRows} onClear={selection.clear} /> : null}

      <PagedList
        sx={{ mb: 2 }}
        toolbar={
          <BookListToolbar
            url={url}
            scope={scope}
            searchPlaceholder="ID de descuento, ID o número de ECHEQ"
            statusOptions={STATUS_OPTIONS}
            sort={{
              requested_at: 'Fecha de solicitud',
              amount: 'Monto solicitado',
              status: 'Estado',
              ...(showCompany ? { company: 'Empresa' } : {}),
            }}
            dateLabel="Solicitud"
            exportTo={{ path: '/discounts', query, name: 'descuentos' }}
          >
            <ToggleButtonGroup
              size="small"
              exclusive
              value={view}
              onChange={(_, v: 'list' | 'grid' | null) => v && url.setExtra('view', v === screenView ? '' : v)}
              aria-label="Modo de vista"
            >
              <ToggleButton value="list" aria-label="Vista de lista">
                <ViewListOutlined fontSize="small" />
              </ToggleButton>
              <ToggleButton value="grid" aria-label="Vista de tarjetas">
                <GridViewOutlined fontSize="small" />
              </ToggleButton>
            </ToggleButtonGroup>
          </BookListToolbar>
        }
        list={list}
        fresh={!listQ.isPlaceholderData}
        paging={paging}
        fetching={Boolean(listQ.isFetching && list)}
        loadError={loadError ? DISCOUNT_ERRORS.load : null}
        onRetry={() => {
          void listQ.refetch();
          void custodyQ.refetch();
        }}
        ready={Boolean(custodyQ.data)}
        loadingLabel="Cargando descuentos..."
        emptyMessage={filtered ? 'No hay descuentos que coincidan con la búsqueda' : 'No hay descuentos'}
        emptyAction={
          !filtered && perms.request ? (
            <Button variant="outlined" onClick={openRequest} startIcon={<Add />}>
              Solicitar Descuento
            </Button>
          ) : undefined
        }
      >
        {view === 'list' ? (
          <DiscountsTable
            sort={url.filters.sort}
            onSort={(sort) => url.setFilters({ sort })}
            rows={rows}
            perms={perms}
            onAction={onAction}
            showCompany={showCompany}
            bankOf={scope.byBank ? scope.bankName : undefined}
            selection={perms.decide ? selection : undefined}
          />
        ) : (
          <DiscountsGrid rows={rows} perms={perms} onAction={onAction} showCompany={showCompany} />
        )}
        <Typography id={RATE_CAPTION_ID} variant="caption" color="text.secondary" component="p" sx={{ px: 2, pb: 1 }}>
          Tasa: {RATE_MEANING}. La TNA aplicada (tasa nominal anual del banco) figura en el detalle de cada descuento.
        </Typography>
      </PagedList>

      {perms.request ? <FloatingAddButton label="Solicitar Descuento" onClick={openRequest} /> : null}

      <RequestDialog
        open={requestOpen || Boolean(editing)}
        editing={editing}
        custody={custody}
        onClose={() => {
          setRequestOpen(false);
          setEditing(null);
        }}
        onSaved={(d, message) => {
          setRequestOpen(false);
          setEditing(null);
          setNotice(message);
          if (details?.id === d.id) open.show(d);
        }}
      />

      <DetailsDialog
        discount={details}
        onClose={() => url.close('detail')}
        actions={
          details ? (
            <DiscountActions discount={details} perms={perms} onAction={onAction} variant="buttons" withView={false} />
          ) : null
        }
      />

      <TransitionDialog
        target={pendingAction}
        loading={transition.isPending}
        onConfirm={confirmTransition}
        onClose={() => setPendingAction(null)}
      />

      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
