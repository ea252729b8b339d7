import {
  CHEQUE_CARACTER_LABELS,
  CHEQUE_CONCEPTO_LABELS,
  CHEQUE_TIPO_LABELS,
  type ChequeCaracter,
  type ChequeConcepto,
  type ChequeTipo,
  chequeCaracterSchema,
  chequeConceptoSchema,
  chequeTipoSchema,
  type Echeq,
  simulateReceivedBodySchema,
} from '@echeq/contract';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { parseAmount } from '../../components/cheque-form';
import { DateInput } from '../../components/date-input';
import { DateLocalization } from '../../components/date-localization';
import { FormDialog } from '../../components/form-dialog';
import { useFormFields } from '../../components/use-form-fields';
import { formatCuit } from '../../lib/format';
import { useSimulateReceived } from './api';

/** A client company the simulated cheque can be issued to. */
export type SimulationTarget = { id: string; name: string; cuit: string };

type Form = {
  company_id: string;
  amount: string;
  tipo: ChequeTipo;
  caracter: ChequeCaracter;
  concepto: ChequeConcepto;
  payment_date: string;
  issuer_name: string;
  issuer_cuit: string;
};

const INITIAL: Form = {
  company_id: '',
  amount: '',
  tipo: 'COMUN',
  caracter: 'A_LA_ORDEN',
  concepto: 'FAC',
  payment_date: '',
  issuer_name: '',
  issuer_cuit: '',
};

/** The request of the form; the amount as typed in es-AR ('1.234,56'), empty optional fields left out. */
function bodyOf(f: Form) {
  const some = (v: string) => v.trim() || undefined;
  return {
    company_id: f.company_id,
    amount: parseAmount(f.amount) ?? Number.NaN,
    tipo: f.tipo,
    caracter: f.caracter,
    concepto: f.concepto,
    payment_date: f.tipo === 'DIFERIDO' ? some(f.payment_date) : undefined,
    issuer_name: some(f.issuer_name),
    issuer_cuit: some(f.issuer_cuit),
  };
}

/** The form's own messages before the contract's: what is missing or not an amount. */
function ownProblems(f: Form): Record<string, string> {
  const out: Record<string, string> = {};
  if (!f.company_id) out.company_id = 'Elija la empresa cliente';
  if (!f.amount.trim()) out.amount = 'Ingrese el monto';
  else if (parseAmount(f.amount) === null) out.amount = 'Ingrese un monto válido, por ejemplo 1.234,56';
  if (f.tipo === 'DIFERIDO' && (!f.payment_date || f.payment_date === 'invalid')) {
    out.payment_date = 'Ingrese la fecha de pago';
  }
  return out;
}

/**
 * "Simular ECHEQ recibido" (LIFECYCLE §6, sandbox only): a company outside the platform issues a cheque to one of
 * the bank's client companies, so that its Recibidos can be shown and tried. The test amounts' cents decide what the
 * paying bank does later.
 */
export function SimulateReceivedDialog({
  companies,
  onClose,
  onDone,
}: {
  companies: readonly SimulationTarget[];
  onClose: () => void;
  onDone: (echeq: Echeq, company: SimulationTarget) => void;
}) {
  const simulate = useSimulateReceived();
  const { form, set, err, check } = useFormFields<Form>(INITIAL, simulate);
  const submit = () => {
    const body = bodyOf(form);
    const own = ownProblems(form);
    if (!check(simulateReceivedBodySchema, body, own)) return;
    simulate.mutate(body, {
      onSuccess: (e) => onDone(e, companies.find((c) => c.id === form.company_id) as SimulationTarget),
    });
  };
  const field = (name: keyof Form & string) => ({
    error: Boolean(err(name)),
    helperText: err(name),
  });
  return (
    <DateLocalization>
      <FormDialog
        title="Simular ECHEQ recibido"
        submitLabel="Simular"
        pending={simulate.isPending}
        onSubmit={submit}
        onClose={onClose}
        error={simulate.error}
        errorTitle="No se pudo simular el ECHEQ"
        lead={
          <>
            <Typography color="text.secondary">
              Simula un ECHEQ librado por una empresa fuera de la plataforma a favor de una empresa cliente.
            </Typography>
            <Alert severity="info" sx={{ mt: 1 }}>
              Montos de prueba: con centavos ,13 el banco girado lo rechaza «Sin fondos suficientes»; con ,14 «Cuenta
              cerrada»; con ,15 «Orden de no pagar». Cualquier otro monto se paga.
            </Alert>
          </>
        }
      >
        <TextField
          select
          required
          label="Empresa cliente"
          value={form.company_id}
          onChange={(e) => set('company_id', e.target.value)}
          {...field('company_id')}
        >
          {companies.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name} ({formatCuit(c.cuit)})
            </MenuItem>
          ))}
        </TextField>
        <TextField
          required
          label="Monto"
          placeholder="1.234,56"
          value={form.amount}
          onChange={(e) => set('amount', e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          {...field('amount')}
        />
        <TextField select label="Tipo" value={form.tipo} onChange={(e) => set('tipo', e.target.value as ChequeTipo)}>
          {chequeTipoSchema.options.map((t) => (
            <MenuItem key={t} value={t}>
              {CHEQUE_TIPO_LABELS[t]}
            </MenuItem>
          ))}
        </TextField>
        {form.tipo === 'DIFERIDO' ? (
          <DateInput
            label="Fecha de pago"
            required
            value={form.payment_date}
            onChange={(v) => set('payment_date', v)}
            error={Boolean(err('payment_date'))}
            helperText={err('payment_date') ?? 'Entre 1 y 360 días desde hoy'}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            Un ECHEQ común se paga en el día: su fecha de pago es hoy.
          </Typography>
        )}
        <TextField
          select
          label="Carácter"
          value={form.caracter}
          onChange={(e) => set('caracter', e.target.value as ChequeCaracter)}
        >
          {chequeCaracterSchema.options.map((c) => (
            <MenuItem key={c} value={c}>
              {CHEQUE_CARACTER_LABELS[c]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Concepto"
          value={form.concepto}
          onChange={(e) => set('concepto', e.target.value as ChequeConcepto)}
        >
          {chequeConceptoSchema.options.map((c) => (
            <MenuItem key={c} value={c}>
              {c} · {CHEQUE_CONCEPTO_LABELS[c]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Razón social del librador (opcional)"
          placeholder="Proveedor Externo S.A."
          value={form.issuer_name}
          onChange={(e) => set('issuer_name', e.target.value)}
          {...field('issuer_name')}
        />
        <TextField
          label="CUIT del librador (opcional)"
          placeholder="30-12345678-9"
          value={form.issuer_cuit}
          onChange={(e) => set('issuer_cuit', e.target.value.replace(/[^\d-]/g, '').slice(0, 13))}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          {...field('issuer_cuit')}
        />
      </FormDialog>
    </DateLocalization>
  );
}
