import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { DateLocalization } from './date-localization';
import { DateRangeFields, type DateRangeValue, rangeProblem } from './date-range-fields';

export type RangeValues = { date_from: string; date_to: string; amount_min: string; amount_max: string };

/** An amount as people type it in es-AR ('1.500,50', '1500') → the API's form ('1500.50'); null when it is not one. */
export function amountParam(typed: string): string | null {
  const t = typed.trim().replace(/\s/g, '');
  if (t === '') return '';
  const plain = t.includes(',')
    ? t.replace(/\./g, '').replace(',', '.')
    : /^\d{1,3}(\.\d{3})+$/.test(t)
      ? t.replace(/\./g, '')
      : t;
  return /^\d{1,12}(\.\d{1,2})?$/.test(plain) ? plain : null;
}

/** The API's amount as es-AR text for the field ('1500.5' → '1500,5'). */
const amountText = (v: string) => v.replace('.', ',');

function AmountField({ label, value, onApply }: { label: string; value: string; onApply: (v: string) => void }) {
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? amountText(value);
  const parsed = amountParam(text);
  const apply = () => {
    if (parsed === null) return;
    setTyped(null);
    if (parsed !== value) onApply(parsed);
  };
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      onChange={(e) => setTyped(e.target.value)}
      onBlur={apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply();
      }}
      error={parsed === null}
      helperText={parsed === null ? 'Importe inválido (ej. 1.500,50)' : undefined}
      slotProps={{ htmlInput: { inputMode: 'decimal' }, inputLabel: { shrink: true } }}
      placeholder="0,00"
      sx={{ flex: '1 1 130px', maxWidth: 180, minWidth: 120 }}
    />
  );
}

/**
 * A book list's date range (typed or picked as DD/MM/AAAA; `dateLabel` names which date) and amount range. A range
 * reaches the address (`onChange`, which goes back to the first page) once it is a possible one; the fields show
 * what is being typed until then.
 */
export function RangeFilters({
  value,
  onChange,
  dateLabel,
}: {
  value: RangeValues;
  onChange: (changes: Partial<RangeValues>) => void;
  dateLabel: string;
}) {
  const applied = { from: value.date_from, to: value.date_to };
  const [typing, setTyping] = useState<DateRangeValue | null>(null);
  const same = typing?.from === applied.from && typing?.to === applied.to;
  const shown = typing && (rangeProblem(typing) || same) ? typing : applied;
  const setDates = (range: DateRangeValue) => {
    setTyping(range);
    if (!rangeProblem(range) && (range.from !== applied.from || range.to !== applied.to)) {
      onChange({ date_from: range.from, date_to: range.to });
    }
  };
  return (
    <Box
      role="group"
      aria-label={`Filtrar por ${dateLabel.toLowerCase()} y monto`}
      sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', flex: '1 1 100%' }}
    >
      <Box component="span" sx={{ alignSelf: 'center', typography: 'body2', color: 'text.secondary' }}>
        {dateLabel}
      </Box>
      <Box sx={{ flex: '0 1 auto', '& .MuiFormControl-root': { minWidth: 165 } }}>
        <DateLocalization>
          <DateRangeFields value={shown} onChange={setDates} />
        </DateLocalization>
      </Box>
      <AmountField label="Monto mínimo" value={value.amount_min} onApply={(v) => onChange({ amount_min: v })} />
      <AmountField label="Monto máximo" value={value.amount_max} onApply={(v) => onChange({ amount_max: v })} />
    </Box>
  );
}
