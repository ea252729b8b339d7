import { canAct, type Echeq, type EcheqSort, type Role, scopeKindOf } from '@echeq/contract';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { BookScopeFilters, useBookScope } from '../../components/book-scope-filters';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FloatingAddButton } from '../../components/floating-add-button';
import { ListExport } from '../../components/list-export';
import { SearchField, SelectFilter } from '../../components/list-filters';
import { NoticeSnackbar } from '../../components/notice-snackbar';
import { PageHeader } from '../../components/page-header';
import { PagedList } from '../../components/paged-list';
import { RangeFilters } from '../../components/range-filters';
import { SortSelect } from '../../components/sort-header';
import { useOpenRecord } from '../../components/use-open-record';
import { useListParams } from '../../lib/use-list-params';
import { echeqQuery, echeqsQuery, useDeleteEcheq, useValidateEcheq } from './api';
import { EcheqDetailsDialog } from './echeq-details-dialog';
import { EcheqFormDialog, type OwnCompany } from './echeq-form-dialog';
import { ECHEQ_ERRORS, STATUS_FILTERS, saveErrorMessage } from './echeq-format';
import { echeqListQuery, ECHEQ_LIST_PARAMS as PARAMS } from './echeq-list-params';
import { type EcheqAction, type EcheqRowRules, EcheqsTable } from './echeqs-table';
import { ReasonButton } from './reason-button';

type Problem = { title: string; message: string };

/**
 * 'Gestión de ECHEQs': the cheque book in the user's scope, paged on the server, searched by number, issuer or
 * beneficiary and filtered by status; create, edit, validate with the clearing house and delete, as the role and
 * the bank's clearing-house configuration allow; search, filter, page and the open cheque live in the address.
 * `clearingReady` says whether the bank's clearing house can be used
 * (null while unknown: the server still guards with 503); `configCheck` is the clearing-house configuration widget.
 */
export function EcheqsView({
  role,
  confirmed = true,
  clearingReady: ready,
  configCheck,
  ownCompany,
}: {
  role: Role | undefined;
  /** False for a user not yet confirmed in its company: it reads, but moves nothing. */
  confirmed?: boolean;
  clearingReady: boolean | null;
  configCheck?: ReactNode;
  /** The user's company (company roles), proposed as a new cheque's 'Emisor'. */
  ownCompany?: OwnCompany | null;
}) {
  const canCreate = role ? canAct({ role, confirmed }, 'echeqs:create') : false;
  const canUpdate = role ? canAct({ role, confirmed }, 'echeqs:update') : false;
  const showCompany = role ? scopeKindOf(role) !== 'company' : false;

  const createDisabled = ready !== true;
  // Said in the disabled buttons' tooltips.
  const createBlockedReason =
    ready === false ? ECHEQ_ERRORS.blocked : ready === null ? 'Verificando la configuración de COELSA…' : null;

  const url = useListParams(PARAMS);
  const { paging } = url;
  const { status, search, sort, ...ranges } = url.filters;
  // The list's query; its export sends the same (less the page).
  const query = echeqListQuery(paging, url.filters);
  const listQ = useQuery(echeqsQuery(query));
  const scope = useBookScope(role);
  const open = useOpenRecord({
    id: url.extras.detail,
    rows: listQ.isPlaceholderData ? undefined : listQ.data?.data,
    byId: echeqQuery,
    onMissing: () => url.drop('detail'),
  });
  const details = open.record;
  const closeDetails = () => url.close('detail');

  const [form, setForm] = useState<{ open: boolean; editing: Echeq | null }>({ open: false, editing: null });
  const [deleting, setDeleting] = useState<Echeq | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const remove = useDeleteEcheq();
  const validate = useValidateEcheq();

  const rules: EcheqRowRules = {
    canUpdate,
    blockedReason: (action, e) => {
      if (action !== 'validate') {
        // What the server refuses (issue 20): the bank's cheque for ever, a cheque in custody through operations only.
        if (e.discounted_at) return ECHEQ_ERRORS.discounted;
        if (e.custody_status === 'IN_CUSTODY') {
          return action === 'delete' ? 'En custodia: libérelo antes de eliminarlo' : ECHEQ_ERRORS.inCustody;
        }
        if (action === 'delete') return null;
      }
      if (ready === false) return ECHEQ_ERRORS.blocked;
      return null;
    },
  };

  function openCreate() {
    setProblem(null);
    if (ready === false) {
      setProblem({ title: ECHEQ_ERRORS.save, message: ECHEQ_ERRORS.blocked });
      return;
    }
    setForm({ open: true, editing: null });
  }

  function onAction(action: EcheqAction, e: Echeq) {
    setProblem(null);
    if (action === 'view') url.open('detail', e.id);
    else if (action === 'edit') {
      if (ready === false) setProblem({ title: ECHEQ_ERRORS.save, message: ECHEQ_ERRORS.blocked });
      else {
        closeDetails();
        setForm({ open: true, editing: e });
      }
    } else if (action === 'delete') {
      remove.reset();
      setDeleting(e);
    } else {
      validate.mutate(e.id, {
        onSuccess: (r) => {
          if (details?.id === r.echeq.id) open.show(r.echeq);
          setNotice(
            r.validation_status === 'VALIDATED'
              ? `ECHEQ N° ${r.echeq.number} validado por COELSA`
              : `ECHEQ N° ${r.echeq.number} rechazado por COELSA${r.message ? `: ${r.message}` : ''}`,
          );
        },
        onError: (err) =>
          setProblem({ title: ECHEQ_ERRORS.validate, message: saveErrorMessage(err, ECHEQ_ERRORS.validate) }),
      });
    }
  }

  function confirmDelete() {
    if (!deleting) return;
    const target = deleting;
    remove.mutate(target.id, {
      onSuccess: () => {
        setDeleting(null);
        if (details?.id === target.id) closeDetails();
        setNotice(`ECHEQ N° ${target.number} eliminado`);
      },
    });
  }

  const list = listQ.data;
  const rows = list?.data ?? [];
  const filtered = url.filtered;
  const newButton = (
    <Tooltip title={createBlockedReason ?? ''}>
      <span>
        <Button variant="contained" startIcon={<Add />} onClick={openCreate} disabled={createDisabled}>
          Nuevo ECHEQ
        </Button>
      </span>
    </Tooltip>
  );

  return (
    <>
      <PageHeader
        title="Gestión de ECHEQs"
        subtitle={canCreate ? 'Los ECHEQs de su empresa' : 'Cartera de ECHEQs de los clientes del banco'}
        actions={canCreate ? newButton : null}
      />

      {configCheck ? <Box sx={{ mb: 2 }}>{configCheck}</Box> : null}
      {ready === false ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {ECHEQ_ERRORS.limited}
        </Alert>
      ) : null}
      {problem ? (
        <Alert severity="error" role="alert" onClose={() => setProblem(null)} sx={{ mb: 2 }}>
          <AlertTitle>{problem.title}</AlertTitle>
          {problem.message}
        </Alert>
      ) : null}

      <PagedList
        sx={{ mb: 2 }}
        toolbar={
          <>
            <SearchField
              placeholder="Número, emisor o beneficiario"
              value={url.searchText}
              onChange={url.setSearchText}
            />
            <SelectFilter
              label="Estado"
              value={status}
              onChange={(v) => url.setFilter('status', v)}
              options={STATUS_FILTERS}
            />
            <BookScopeFilters
              scope={scope}
              tenantId={ranges.tenant_id}
              companyId={ranges.company_id}
              onChange={url.setFilters}
            />
            <SortSelect
              phoneOnly
              labels={{ number: 'Número', amount: 'Monto', due_date: 'Vencimiento' }}
              defaultLabel="Más recientes"
              sort={sort}
              onSort={(v) => url.setFilter('sort', v as EcheqSort | '')}
            />
            <RangeFilters value={ranges} onChange={url.setFilters} dateLabel="Vencimiento" />
            <ListExport path="/echeqs" query={query} name="echeqs" />
          </>
        }
        list={list}
        fresh={!listQ.isPlaceholderData}
        paging={paging}
        fetching={Boolean(listQ.isFetching && list) || validate.isPending}
        loadError={listQ.isError ? ECHEQ_ERRORS.load : null}
        onRetry={() => void listQ.refetch()}
        loadingLabel="Cargando ECHEQs..."
        emptyMessage={filtered ? 'No hay ECHEQs que coincidan con la búsqueda' : 'No hay ECHEQs registrados'}
        emptyAction={!filtered && canCreate && !createDisabled ? newButton : undefined}
      >
        <EcheqsTable
          rows={rows}
          rules={rules}
          showCompany={showCompany}
          bankOf={scope.byBank ? scope.bankName : undefined}
          sort={sort}
          onSort={(v) => url.setFilter('sort', v as EcheqSort | '')}
          onAction={onAction}
        />
      </PagedList>

      {canCreate ? (
        <FloatingAddButton label="Nuevo ECHEQ" onClick={openCreate} disabledReason={createBlockedReason} />
      ) : null}

      <EcheqFormDialog
        open={form.open}
        editing={form.editing}
        clearingReady={ready}
        ownCompany={ownCompany}
        onClose={() => setForm({ open: false, editing: null })}
        onSaved={(e, created) => {
          setForm({ open: false, editing: null });
          setNotice(created ? `ECHEQ N° ${e.number} creado` : `ECHEQ N° ${e.number} actualizado`);
        }}
      />

      <EcheqDetailsDialog
        echeq={details}
        onClose={closeDetails}
        actions={
          details && canUpdate ? (
            <>
              <ReasonButton
                reason={rules.blockedReason('validate', details)}
                busy={validate.isPending}
                onClick={() => onAction('validate', details)}
              >
                Validar
              </ReasonButton>
              <ReasonButton reason={rules.blockedReason('edit', details)} onClick={() => onAction('edit', details)}>
                Editar
              </ReasonButton>
            </>
          ) : null
        }
      />

      <ConfirmDialog
        open={Boolean(deleting)}
        title="Eliminar ECHEQ"
        message={
          <>
            ¿Está seguro de que desea eliminar el ECHEQ {deleting?.number}?
            {remove.isError ? (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                <AlertTitle>{ECHEQ_ERRORS.delete}</AlertTitle>
                {saveErrorMessage(remove.error, ECHEQ_ERRORS.delete)}
              </Alert>
            ) : null}
          </>
        }
        confirmLabel="Eliminar"
        destructive
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />

      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
