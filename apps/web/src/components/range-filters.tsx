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

/** Why a typed amount range is not one ('' is no bound): on the field to correct, as the date range does. */
export function amountRangeProblem(min: string | null, max: string | null): { min?: string; max?: string } | null {
  const problem: { min?: string; max?: string } = {};
  if (min === null) problem.min = INVALID_AMOUNT;
  if (max === null) problem.max = INVALID_AMOUNT;
  if (min && max && Number(min) > Number(max)) problem.max = 'No puede ser menor que el monto mínimo';
  return problem.min || problem.max ? problem : null;
}

const INVALID_AMOUNT = 'Importe inválido (ej. 1.500,50)';

function AmountField(props: {
  label: string;
  text: string;
  error: string | undefined;
  onType: (text: string) => void;
  onApply: () => void;
}) {
  return (
    <TextField
      size="small"
      label={props.label}
      value={props.text}
      onChange={(e) => props.onType(e.target.value)}
      onBlur={props.onApply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') props.onApply();
      }}
      error={Boolean(props.error)}
      helperText={props.error}
      slotProps={{ htmlInput: { inputMode: 'decimal' }, inputLabel: { shrink: true } }}
      placeholder="0,00"
      sx={{ flex: '1 1 130px', maxWidth: 180, minWidth: 120 }}
    />
  );
}

/** The amount range's two fields: what is typed shows until it is a possible range, then reaches the address. */
function AmountRange({ value, onChange }: { value: RangeValues; onChange: (changes: Partial<RangeValues>) => void }) {
  const [typed, setTyped] = useState<{ min?: string; max?: string }>({});
  const minText = typed.min ?? amountText(value.amount_min);
  const maxText = typed.max ?? amountText(value.amount_max);
  const min = amountParam(minText);
  const max = amountParam(maxText);
  const problem = amountRangeProblem(min, max);
  const apply = () => {
    if (problem || min === null || max === null) return;
    setTyped({});
    const changes: Partial<RangeValues> = {};
    if (min !== value.amount_min) changes.amount_min = min;
    if (max !== value.amount_max) changes.amount_max = max;
    if (Object.keys(changes).length > 0) onChange(changes);
  };
  return (
    <>
      <AmountField
        label="Monto mínimo"
        text={minText}
        error={problem?.min}
        onType={(t) => setTyped((v) => ({ ...v, min: t }))}
        onApply={apply}
      />
      <AmountField
        label="Monto máximo"
        text={maxText}
        error={problem?.max}
        onType={(t) => setTyped((v) => ({ ...v, max: t }))}
        onApply={apply}
      />
    </>
  );
}

const rangeKey = (r: DateRangeValue) => `${r.from}|${r.to}`;

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
  // What is being typed, and the applied ranges under which it still stands: the one it was typed over and each range
  // handed over since, which the address reaches a moment later (a new address renders as a transition: the next
  // field may be typed before it does, and must not take the old range's other end). Any other range came from
  // elsewhere (back, a link, 'Limpiar') and replaces what was typed.
  const [typing, setTyping] = useState<{ range: DateRangeValue; bases: string[] } | null>(null);
  const at = typing ? typing.bases.indexOf(rangeKey(applied)) : -1;
  if (typing && at !== 0) setTyping(at > 0 ? { ...typing, bases: typing.bases.slice(at) } : null);
  const shown = typing && at >= 0 ? typing.range : applied;
  const setDates = (range: DateRangeValue) => {
    const bases = typing && at >= 0 ? typing.bases.slice(at) : [rangeKey(applied)];
    if (!rangeProblem(range) && rangeKey(range) !== bases.at(-1)) {
      onChange({ date_from: range.from, date_to: range.to });
      bases.push(rangeKey(range));
    }
    setTyping({ range, bases });
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
      <AmountRange value={value} onChange={onChange} />
    </Box>
  );
}
