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

/** The text ChequeStateChip shows: "Actualizando" while syncing, else the state's label (the raw code if unknown). */
export function chequeStateText(state: string | null | undefined, syncing?: boolean): string | null {
  if (syncing) return SYNCING_LABEL;
  if (!state) return null;
  return CHEQUE_STATE_MAP[state as ChequeState]?.label ?? state;
}

/**
 * A registry cheque's state in Spanish ("Presentado al cobro"), or "Actualizando" while the registry has not answered.
 * `besides` is the text of a chip shown next to it (the list's derived status): a state that reads the same (ACTIVO
 * next to Activo, PAGADO next to Pagado) would only say it twice, so the chip is left out. `wrap` lets the longer
 * labels ("Emitido, pendiente de aceptación") take two lines in a narrow column.
 */
export function ChequeStateChip({
  state,
  syncing,
  besides,
  wrap,
}: {
  state: string | null | undefined;
  syncing?: boolean | undefined;
  besides?: string | undefined;
  wrap?: boolean | undefined;
}) {
  if (besides !== undefined && chequeStateText(state, syncing) === besides) return null;
  if (syncing) return <StatusChip status="SYNCING" map={SYNCING_MAP} wrap={wrap} />;
  return <StatusChip status={state as ChequeState | null | undefined} map={CHEQUE_STATE_MAP} wrap={wrap} />;
}
