import { MAX_TERM_DAYS } from '@echeq/contract';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import type { ChequeKey, ChequeValues } from './cheque-form';
import { DateInput } from './date-input';

/**
 * A cheque's fields, as items of a `Grid` container inside `DateLocalization`: number, amount and currency; issue
 * and due dates (with `dateExtra` as a third field of that row); issuer and beneficiary with their optional CUITs.
 * `errorOf` gives a field's message.
 * `numberLocked` keeps the number of an existing cheque, and the amount takes the focus instead.
 */
export function ChequeFields({
  values,
  onChange,
  errorOf,
  numberLocked = false,
  dateExtra,
}: {
  values: ChequeValues;
  onChange: (key: ChequeKey, value: string) => void;
  errorOf: (key: ChequeKey) => string | undefined;
  numberLocked?: boolean;
  dateExtra?: ReactNode;
}) {
  const invalid = (k: ChequeKey) => Boolean(errorOf(k));
  const text = (k: ChequeKey, label: string, opts: { required?: boolean; help?: string; cuit?: boolean } = {}) => (
    <TextField
      required={opts.required}
      fullWidth
      label={label}
      name={k}
      value={values[k]}
      onChange={(e) => onChange(k, e.target.value)}
      error={invalid(k)}
      helperText={errorOf(k) ?? opts.help}
      slotProps={{
        htmlInput: opts.cuit
          ? { maxLength: 13, inputMode: 'numeric', autoComplete: 'off' }
          : { maxLength: 200, autoComplete: 'off' },
      }}
    />
  );
  const dateSize = { xs: 12, sm: dateExtra ? 4 : 6 };
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          required
          fullWidth
          autoFocus={!numberLocked}
          label="Número"
          name="number"
          value={values.number}
          onChange={(e) => onChange('number', e.target.value.replace(/\D/g, ''))}
          disabled={numberLocked}
          error={invalid('number')}
          helperText={errorOf('number') ?? (numberLocked ? 'El número no puede modificarse' : 'Solo dígitos')}
          slotProps={{ htmlInput: { maxLength: 30, autoComplete: 'off', inputMode: 'numeric' } }}
        />
      </Grid>
      <Grid size={{ xs: 8, sm: 4 }}>
        <TextField
          required
          fullWidth
          autoFocus={numberLocked}
          label="Monto"
          name="amount"
          value={values.amount}
          onChange={(e) => onChange('amount', e.target.value)}
          error={invalid('amount')}
          helperText={errorOf('amount') ?? 'Hasta dos decimales'}
          slotProps={{
            htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
            input: {
              startAdornment: (
                <InputAdornment position="start">{values.currency === 'USD' ? 'US$' : '$'}</InputAdornment>
              ),
            },
          }}
        />
      </Grid>
      <Grid size={{ xs: 4, sm: 2 }}>
        <TextField
          select
          fullWidth
          label="Moneda"
          name="currency"
          value={values.currency}
          onChange={(e) => onChange('currency', e.target.value)}
        >
          <MenuItem value="ARS">ARS</MenuItem>
          <MenuItem value="USD">USD</MenuItem>
        </TextField>
      </Grid>
      <Grid size={dateSize}>
        <DateInput
          required
          label="Fecha de Emisión"
          name="issue_date"
          value={values.issue_date}
          onChange={(v) => onChange('issue_date', v)}
          error={invalid('issue_date')}
          helperText={errorOf('issue_date')}
        />
      </Grid>
      <Grid size={dateSize}>
        <DateInput
          required
          label="Fecha de Vencimiento"
          name="due_date"
          value={values.due_date}
          onChange={(v) => onChange('due_date', v)}
          error={invalid('due_date')}
          helperText={errorOf('due_date') ?? `Hasta ${MAX_TERM_DAYS} días después de la emisión`}
        />
      </Grid>
      {dateExtra ? <Grid size={{ xs: 12, sm: 4 }}>{dateExtra}</Grid> : null}
      <Grid size={{ xs: 12, sm: 7 }}>{text('issuer', 'Emisor', { required: true })}</Grid>
      <Grid size={{ xs: 12, sm: 5 }}>
        {text('issuer_cuit', 'CUIT del emisor', { help: 'Opcional (30-12345678-9)', cuit: true })}
      </Grid>
      <Grid size={{ xs: 12, sm: 7 }}>{text('beneficiary', 'Beneficiario', { required: true })}</Grid>
      <Grid size={{ xs: 12, sm: 5 }}>
        {text('beneficiary_cuit', 'CUIT del beneficiario', { help: 'Opcional', cuit: true })}
      </Grid>
    </>
  );
}
