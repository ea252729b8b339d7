import type { ChequeHistoryEntry } from '@echeq/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ChequeStateChip } from '../../components/cheque-state-chip';
import { formatCuit, formatDateTime } from '../../lib/format';
import { historyDetailLines, historyEventLabel } from './lifecycle-format';

function partyText(h: ChequeHistoryEntry): string | null {
  if (h.party_name && h.party_cuit) return `${h.party_name} (CUIT ${formatCuit(h.party_cuit)})`;
  if (h.party_cuit) return `CUIT ${formatCuit(h.party_cuit)}`;
  return h.party_name;
}

/**
 * The cheque's events, oldest first: when (es-AR date and time), what happened in words, who (party and bank) and
 * the details it carried (a motivo, the endorsee), with the state it left the cheque in.
 */
export function ChequeTimeline({ entries }: { entries: readonly ChequeHistoryEntry[] }) {
  if (entries.length === 0) {
    return <Typography color="text.secondary">Todavía no hay movimientos registrados.</Typography>;
  }
  return (
    <Box component="ol" aria-label="Historial del ECHEQ" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {entries.map((h, i) => {
        const party = partyText(h);
        const last = i === entries.length - 1;
        return (
          <Box
            component="li"
            key={`${h.at}-${h.event}-${h.state}`}
            sx={{ position: 'relative', pl: 3, pb: last ? 0 : 2 }}
          >
            <Box
              aria-hidden
              sx={{
                position: 'absolute',
                left: 4,
                top: 6,
                width: 10,
                height: 10,
                borderRadius: '50%',
                bgcolor: last ? 'primary.main' : 'grey.400',
              }}
            />
            {last ? null : (
              <Box
                aria-hidden
                sx={{ position: 'absolute', left: 8, top: 18, bottom: 0, borderLeft: 2, borderColor: 'divider' }}
              />
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
              <Typography component="span" variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(h.at)}
              </Typography>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {historyEventLabel(h.event)}
              </Typography>
              <ChequeStateChip state={h.state} />
            </Box>
            {party || h.bank ? (
              <Typography variant="body2">
                {party}
                {party && h.bank ? ' · ' : ''}
                {h.bank ? `Banco ${h.bank}` : ''}
              </Typography>
            ) : null}
            {historyDetailLines(h.details).map((line) => (
              <Typography key={line} variant="body2" color="text.secondary">
                {line}
              </Typography>
            ))}
          </Box>
        );
      })}
    </Box>
  );
}
