import { CHEQUE_STATE_LABELS, type ChequeState, SYNCING_LABEL } from '@echeq/contract';
import { StatusChip, type StatusMap } from './status-chip';

/** The colour of each registry state: in circulation, awaiting someone, paid, ended without payment. */
const CHEQUE_STATE_MAP: StatusMap<ChequeState> = {
  'EMITIDO-PENDIENTE': { label: CHEQUE_STATE_LABELS['EMITIDO-PENDIENTE'], color: 'warning' },
  ACTIVO: { label: CHEQUE_STATE_LABELS.ACTIVO, color: 'success' },
  'ACTIVO-PENDIENTE': { label: CHEQUE_STATE_LABELS['ACTIVO-PENDIENTE'], color: 'warning' },
  CUSTODIA: { label: CHEQUE_STATE_LABELS.CUSTODIA, color: 'secondary' },
  DEPOSITADO: { label: CHEQUE_STATE_LABELS.DEPOSITADO, color: 'primary' },
  PRESENTADO: { label: CHEQUE_STATE_LABELS.PRESENTADO, color: 'primary' },
  PAGADO: { label: CHEQUE_STATE_LABELS.PAGADO, color: 'info' },
  RECHAZADO: { label: CHEQUE_STATE_LABELS.RECHAZADO, color: 'error' },
  REPUDIADO: { label: CHEQUE_STATE_LABELS.REPUDIADO, color: 'error' },
  ANULADO: { label: CHEQUE_STATE_LABELS.ANULADO, color: 'default' },
  CADUCADO: { label: CHEQUE_STATE_LABELS.CADUCADO, color: 'default' },
  'DEVOLUCION-PENDIENTE': { label: CHEQUE_STATE_LABELS['DEVOLUCION-PENDIENTE'], color: 'warning' },
  'AVAL-PENDIENTE': { label: CHEQUE_STATE_LABELS['AVAL-PENDIENTE'], color: 'warning' },
  'CESION-PENDIENTE': { label: CHEQUE_STATE_LABELS['CESION-PENDIENTE'], color: 'warning' },
};

const SYNCING_MAP: StatusMap<'SYNCING'> = { SYNCING: { label: SYNCING_LABEL, color: 'default' } };

/** A registry cheque's state in Spanish ("Presentado al cobro"), or "Actualizando" while the registry has not answered. */
export function ChequeStateChip({ state, syncing }: { state: string | null | undefined; syncing?: boolean }) {
  if (syncing) return <StatusChip status="SYNCING" map={SYNCING_MAP} />;
  return <StatusChip status={state as ChequeState | null | undefined} map={CHEQUE_STATE_MAP} />;
}
