import { type ChequeFace, ENDORSEMENT_STATUS_LABELS, type EndorsementStatus } from '@echeq/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { StatusChip, type StatusMap } from '../../components/status-chip';
import { formatDateTime } from '../../lib/format';

const ENDORSEMENT_STATUS_MAP: StatusMap<EndorsementStatus> = {
  PENDING: { label: ENDORSEMENT_STATUS_LABELS.PENDING, color: 'warning' },
  ACCEPTED: { label: ENDORSEMENT_STATUS_LABELS.ACCEPTED, color: 'success' },
  REPUDIATED: { label: ENDORSEMENT_STATUS_LABELS.REPUDIATED, color: 'error' },
  ANNULLED: { label: ENDORSEMENT_STATUS_LABELS.ANNULLED, color: 'default' },
  EXPIRED: { label: ENDORSEMENT_STATUS_LABELS.EXPIRED, color: 'default' },
};

/** The endorsements in order: from → to (names the cheque knows, and CUITs), when, and how each ended. */
export function EndorsementChain({
  endorsements,
  nameOf,
}: {
  endorsements: ChequeFace['endorsements'];
  nameOf: (cuit: string) => string;
}) {
  if (endorsements.length === 0) {
    return <Typography color="text.secondary">Sin endosos.</Typography>;
  }
  return (
    <Box component="ol" aria-label="Cadena de endosos" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1.25 }}>
      {endorsements.map((e) => (
        <Box component="li" key={`${e.at}-${e.from_cuit}-${e.to_cuit}`}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {nameOf(e.from_cuit)} → {nameOf(e.to_cuit)}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="span" variant="body2" color="text.secondary">
              {formatDateTime(e.at)}
            </Typography>
            <StatusChip status={e.status} map={ENDORSEMENT_STATUS_MAP} />
            {e.motivo ? (
              <Typography component="span" variant="body2" color="text.secondary">
                Motivo: {e.motivo}
              </Typography>
            ) : null}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
