import {
  CHEQUE_CARACTER_LABELS,
  CHEQUE_CONCEPTO_LABELS,
  CHEQUE_TIPO_LABELS,
  type ChequeCaracter,
  type ChequeConcepto,
  type ChequeTipo,
  type CurrentAccount,
} from '@echeq/contract';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CuitField } from '../../components/cuit-field';
import { DateInput } from '../../components/date-input';
import { formatDate } from '../../lib/format';
import { type IssueValues, todayBA, usableAccount } from './issue-form';

/** 'CBU 2850590940090418135201 · ARS · 20 números disponibles' */
function accountLabel(a: CurrentAccount): string {
  const left = a.remaining === 1 ? '1 número disponible' : `${a.remaining} números disponibles`;
  return `CBU ${a.cbu} · ${a.currency} · ${a.status === 'ACTIVE' ? left : 'cerrada'}`;
}

type Props = {
  values: IssueValues;
  accounts: readonly CurrentAccount[];
  err: (field: keyof IssueValues) => string | undefined;
  set: <K extends keyof IssueValues>(field: K, value: IssueValues[K]) => void;
};

function Choice<T extends string>({
  label,
  value,
  labels,
  onChange,
  error,
}: {
  label: string;
  value: T;
  labels: Record<T, string>;
  onChange: (v: T) => void;
  error?: string | undefined;
}) {
  return (
    <TextField
      select
      fullWidth
      required
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as T)}
      error={Boolean(error)}
      helperText={error}
    >
      {(Object.keys(labels) as T[]).map((k) => (
        <MenuItem key={k} value={k}>
          {labels[k]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The issue form's fields: account, beneficiary, tipo, carácter, concepto, amount, payment date, motivo. */
export function IssueFields({ values: v, accounts, err, set }: Props) {
  const comun = v.tipo === 'COMUN';
  return (
    <Grid container spacing={2} sx={{ pt: 1 }}>
      <Grid size={12}>
        <TextField
          select
          fullWidth
          required
          label="Cuenta corriente"
          value={v.account_id}
          onChange={(e) => set('account_id', e.target.value)}
          error={Boolean(err('account_id'))}
          helperText={err('account_id') ?? 'El ECHEQ se emite en la moneda de la cuenta'}
        >
          {accounts.map((a) => (
            <MenuItem key={a.id} value={a.id} disabled={!usableAccount(a)}>
              {accountLabel(a)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 5 }}>
        <CuitField
          value={v.beneficiary_cuit}
          onChange={(x) => set('beneficiary_cuit', x)}
          error={err('beneficiary_cuit')}
          helperText="CUIT del beneficiario"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 7 }}>
        <TextField
          fullWidth
          label="Nombre del beneficiario (opcional)"
          value={v.beneficiary_name}
          onChange={(e) => set('beneficiary_name', e.target.value)}
          error={Boolean(err('beneficiary_name'))}
          helperText={err('beneficiary_name')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <Choice<ChequeTipo> label="Tipo" value={v.tipo} labels={CHEQUE_TIPO_LABELS} onChange={(x) => set('tipo', x)} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <Choice<ChequeCaracter>
          label="Carácter"
          value={v.caracter}
          labels={CHEQUE_CARACTER_LABELS}
          onChange={(x) => set('caracter', x)}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <Choice<ChequeConcepto>
          label="Concepto"
          value={v.concepto}
          labels={CHEQUE_CONCEPTO_LABELS}
          onChange={(x) => set('concepto', x)}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          fullWidth
          required
          label="Monto"
          placeholder="150.000,00"
          value={v.amount}
          onChange={(e) => set('amount', e.target.value)}
          error={Boolean(err('amount'))}
          helperText={err('amount')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DateInput
          label="Fecha de pago"
          required
          disabled={comun}
          value={comun ? todayBA() : v.payment_date}
          onChange={(x) => set('payment_date', x)}
          error={Boolean(err('payment_date'))}
          helperText={
            err('payment_date') ??
            (comun
              ? `Un ECHEQ común se paga el día de su emisión (${formatDate(todayBA())})`
              : 'Entre 1 y 360 días desde hoy')
          }
          invalidMessage="Fecha inválida: use DD/MM/AAAA"
        />
      </Grid>
      <Grid size={12}>
        <TextField
          fullWidth
          label="Motivo de pago (opcional)"
          value={v.motivo}
          onChange={(e) => set('motivo', e.target.value)}
          error={Boolean(err('motivo'))}
          helperText={err('motivo')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </Grid>
    </Grid>
  );
}
