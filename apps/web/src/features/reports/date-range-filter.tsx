import type { ReportRange } from '@echeq/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { DateLocalization } from '../../components/date-localization';

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

function toIso(d: Dayjs | null): string | undefined {
  return d?.isValid() ? d.format(ISO) : undefined;
}

/** Desde / Hasta (custody date, request date), with quick ranges; an empty range is the whole history. */
export function DateRangeFilter({ value, onChange }: { value: ReportRange; onChange: (range: ReportRange) => void }) {
  const from = value.from ? dayjs(value.from) : null;
  const to = value.to ? dayjs(value.to) : null;
  const invalid = Boolean(value.from && value.to && value.from > value.to);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-label="Filtro por fechas">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <DateLocalization>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', flex: '1 1 320px' }}>
            <DatePicker
              label="Desde"
              value={from}
              maxDate={to ?? undefined}
              onChange={(d) => {
                const iso = toIso(d);
                if (d === null || iso) onChange({ ...value, from: iso });
              }}
              slotProps={{
                textField: { size: 'small', sx: { flex: '1 1 150px', maxWidth: 220 } },
                field: { clearable: true },
              }}
            />
            <DatePicker
              label="Hasta"
              value={to}
              minDate={from ?? undefined}
              onChange={(d) => {
                const iso = toIso(d);
                if (d === null || iso) onChange({ ...value, to: iso });
              }}
              slotProps={{
                textField: {
                  size: 'small',
                  sx: { flex: '1 1 150px', maxWidth: 220 },
                  error: invalid,
                  helperText: invalid ? 'Debe ser posterior a "Desde"' : undefined,
                },
                field: { clearable: true },
              }}
            />
          </Box>
        </DateLocalization>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} role="group" aria-label="Períodos rápidos">
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
                onClick={() => onChange(p.range())}
              />
            );
          })}
        </Box>
        {value.from || value.to ? (
          <Button size="small" onClick={() => onChange({})}>
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
