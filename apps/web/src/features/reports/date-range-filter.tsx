import type { ReportRange } from '@echeq/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DateLocalization } from '../../components/date-localization';
import { DateRangeFields, type DateRangeValue, rangeProblem } from '../../components/date-range-fields';

const ISO = 'YYYY-MM-DD';

type Preset = { key: string; label: string; range: () => ReportRange };
const PRESETS: Preset[] = [
  { key: 'all', label: 'Todo', range: () => ({}) },
  {
    key: 'month',
    label: 'Este mes',
    range: () => ({ from: dayjs().startOf('month').format(ISO), to: dayjs().format(ISO) }),
  },
  {
    key: 'quarter',
    label: 'Últimos 3 meses',
    range: () => ({ from: dayjs().subtract(2, 'month').startOf('month').format(ISO), to: dayjs().format(ISO) }),
  },
  {
    key: 'year',
    label: 'Este año',
    range: () => ({ from: dayjs().startOf('year').format(ISO), to: dayjs().format(ISO) }),
  },
];

const same = (a: ReportRange, b: ReportRange) => (a.from ?? '') === (b.from ?? '') && (a.to ?? '') === (b.to ?? '');
const draftOf = (r: ReportRange): DateRangeValue => ({ from: r.from ?? '', to: r.to ?? '' });

/**
 * Desde / Hasta (custody date, request date), typed or picked, with quick ranges; an empty range is the whole
 * history. The reports follow a range once it is whole and possible; until then the fields say what is wrong and
 * the figures on screen stay those of the last range applied.
 */
export function DateRangeFilter({ value, onChange }: { value: ReportRange; onChange: (range: ReportRange) => void }) {
  const [draft, setDraft] = useState<DateRangeValue>(() => draftOf(value));
  const apply = (next: DateRangeValue) => {
    setDraft(next);
    if (!rangeProblem(next))
      onChange({ ...(next.from ? { from: next.from } : {}), ...(next.to ? { to: next.to } : {}) });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-label="Filtro por fechas">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <DateLocalization>
          <Box sx={{ flex: '1 1 320px' }}>
            <DateRangeFields value={draft} onChange={apply} />
          </Box>
        </DateLocalization>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', py: 0.5 }} role="group" aria-label="Períodos rápidos">
          {PRESETS.map((p) => {
            const selected = same(value, p.range());
            return (
              <Chip
                key={p.key}
                label={p.label}
                clickable
                color={selected ? 'primary' : 'default'}
                variant={selected ? 'filled' : 'outlined'}
                aria-pressed={selected}
                onClick={() => apply(draftOf(p.range()))}
              />
            );
          })}
        </Box>
        {draft.from || draft.to ? (
          <Button size="small" onClick={() => apply({ from: '', to: '' })} sx={{ mt: 0.5 }}>
            Limpiar
          </Button>
        ) : null}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        Custodia por fecha de ingreso y descuentos por fecha de solicitud (hora de Buenos Aires). El rendimiento
        corresponde siempre a las últimas 24 horas.
      </Typography>
    </Paper>
  );
}
