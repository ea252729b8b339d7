import { canAct, type Echeq, type EcheqSort, type Role, scopeKindOf, TRAY_LABELS } from '@echeq/contract';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useBookScope } from '../../components/book-scope-filters';
import { FloatingAddButton } from '../../components/floating-add-button';
import { type Notice, NoticeSnackbar } from '../../components/notice-snackbar';
import { PageHeader } from '../../components/page-header';
import { PagedList } from '../../components/paged-list';
import { useOpenDetail } from '../../components/use-open-record';
import { useListParams } from '../../lib/use-list-params';
import { echeqQuery, echeqsQuery, useDeleteEcheq, useValidateEcheq } from './api';
import { DeleteEcheqDialog } from './delete-echeq-dialog';
import { DetailActions } from './detail-actions';
import { EcheqDetailsDialog } from './echeq-details-dialog';
import { EcheqFormDialog, type OwnCompany } from './echeq-form-dialog';
import { ECHEQ_ERRORS, saveErrorMessage } from './echeq-format';
import { echeqListQuery, filteredList, ECHEQ_LIST_PARAMS as PARAMS, trayChange } from './echeq-list-params';
import { echeqRowRules } from './echeq-row-rules';
import { type EcheqAction, EcheqsTable } from './echeqs-table';
import { EcheqsToolbar } from './echeqs-toolbar';
import { LifecycleDialogs } from './lifecycle-dialogs';
import type { OperationTarget } from './operations-api';
import { TrayTable } from './tray-table';
import { TrayHint, TrayTabs } from './tray-tabs';
import { useTrays } from './use-trays';

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
  // A company's trays (LIFECYCLE §8); a bank's roles and the system administrator keep the whole list only.
  const showTrays = role ? scopeKindOf(role) === 'company' : false;
  const canOperate = role ? canAct({ role, confirmed }, 'echeqs:operate') : false;

  const createDisabled = ready !== true;
  // Said in the disabled buttons' tooltips.
  const createBlockedReason =
    ready === false ? ECHEQ_ERRORS.blocked : ready === null ? 'Verificando la configuración de COELSA…' : null;

  const url = useListParams(PARAMS);
  const { paging } = url;
  const sort = url.filters.sort;
  const tray = showTrays ? url.filters.tray : '';
  // The list's query; its export sends the same (less the page).
  const query = echeqListQuery(paging, url.filters);
  const wholeQ = useQuery({ ...echeqsQuery(query), enabled: tray === '' });
  const { trayQ, counts } = useTrays(showTrays, tray, paging, url.filters.search);
  const listQ = tray ? trayQ : wholeQ;
  const scope = useBookScope(role);
  const open = useOpenDetail(url, listQ, echeqQuery);
  const details = open.record;
  const closeDetails = () => url.close('detail');

  const [form, setForm] = useState<{ open: boolean; editing: Echeq | null }>({ open: false, editing: null });
  const [deleting, setDeleting] = useState<Echeq | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [operation, setOperation] = useState<OperationTarget | null>(null);
  const [issuing, setIssuing] = useState(false);
  const remove = useDeleteEcheq();
  const validate = useValidateEcheq();

  const rules = echeqRowRules(canUpdate, ready);

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
  const filtered = tray ? url.filters.search !== '' : filteredList(url.filters);
  const issueButton = (
    <Button variant="contained" startIcon={<Add />} onClick={() => setIssuing(true)}>
      Emitir ECHEQ
    </Button>
  );
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
        subtitle={showTrays ? 'Los ECHEQs de su empresa' : 'Cartera de ECHEQs de los clientes del banco'}
        actions={
          canCreate ? (
            <>
              {showTrays ? issueButton : null}
              {newButton}
            </>
          ) : null
        }
      />
      {showTrays ? <TrayTabs value={tray} counts={counts} onChange={(t) => url.setFilters(trayChange(t))} /> : null}

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
          tray ? (
            <TrayHint tray={tray} url={url} action={tray === 'emitidos' && canCreate ? issueButton : null} />
          ) : (
            <EcheqsToolbar url={url} scope={scope} query={query} showCompany={showCompany} />
          )
        }
        list={list}
        fresh={!listQ.isPlaceholderData}
        paging={paging}
        fetching={Boolean(listQ.isFetching && list) || validate.isPending}
        loadError={listQ.isError ? (tray ? `Error al cargar ${TRAY_LABELS[tray]}` : ECHEQ_ERRORS.load) : null}
        onRetry={() => void listQ.refetch()}
        loadingLabel="Cargando ECHEQs..."
        emptyMessage={
          filtered
            ? 'No hay ECHEQs que coincidan con la búsqueda'
            : tray
              ? `No hay ECHEQs en ${TRAY_LABELS[tray]}`
              : 'No hay ECHEQs registrados'
        }
        emptyAction={!tray && !filtered && canCreate && !createDisabled ? newButton : undefined}
      >
        {tray ? (
          <TrayTable
            rows={rows}
            label={TRAY_LABELS[tray]}
            canOperate={canOperate}
            onView={(e) => url.open('detail', e.id)}
            onAction={(action, echeq) => setOperation({ action, echeq })}
          />
        ) : (
          <EcheqsTable
            rows={rows}
            rules={rules}
            showCompany={showCompany}
            bankOf={scope.byBank ? scope.bankName : undefined}
            sort={sort}
            onSort={(v) => url.setFilter('sort', v as EcheqSort | '')}
            onAction={onAction}
            operations={canOperate ? { onOperation: (action, echeq) => setOperation({ action, echeq }) } : undefined}
          />
        )}
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
          <DetailActions
            echeq={details}
            canOperate={canOperate}
            canUpdate={canUpdate}
            rules={rules}
            validating={validate.isPending}
            onAction={onAction}
            onOperation={(action, echeq) => setOperation({ action, echeq })}
          />
        }
      />

      <DeleteEcheqDialog
        deleting={deleting}
        remove={remove}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />

      <LifecycleDialogs
        operation={operation}
        issuing={issuing}
        ownCuit={ownCompany?.cuit}
        onClose={() => {
          setOperation(null);
          setIssuing(false);
        }}
        onNotice={setNotice}
        onChanged={(e) => (details?.id === e.id ? open.show(e) : undefined)}
        onIssued={() => (tray === 'emitidos' ? undefined : url.setFilters(trayChange('emitidos')))}
      />

      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
