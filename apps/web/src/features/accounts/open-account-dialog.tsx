import { type AccountClient, type Currency, type OpenAccountBody, openAccountBodySchema } from '@echeq/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../components/form-dialog';
import { useFormFields } from '../../components/use-form-fields';
import { formatCuit } from '../../lib/format';
import { CURRENCY_OPTIONS } from './account-format';
import { useOpenAccount } from './api';

type Form = { company_id: string; currency: Currency; cbu: string };

/**
 * 'Abrir cuenta corriente': the client company, the currency and, optionally, the account's CBU (without one the
 * platform makes it, with its check digits). Checked with the contract's schema before it is sent.
 */
export function OpenAccountDialog({
  open,
  clients,
  initialCompanyId,
  onClose,
  onOpened,
}: {
  open: boolean;
  clients: AccountClient[];
  initialCompanyId?: string;
  onClose: () => void;
  onOpened: (text: string) => void;
}) {
  const openAccount = useOpenAccount();
  const { form, set, err, check, clear } = useFormFields<Form>(
    () => ({ company_id: initialCompanyId ?? '', currency: 'ARS', cbu: '' }),
    openAccount,
  );

  function close() {
    if (openAccount.isPending) return;
    clear();
    openAccount.reset();
    onClose();
  }

  function onSubmit() {
    const cbu = form.cbu.trim();
    const body: OpenAccountBody = { company_id: form.company_id, currency: form.currency, ...(cbu ? { cbu } : {}) };
    const extra: Record<string, string> = form.company_id ? {} : { company_id: 'Seleccione la empresa' };
    if (!check(openAccountBodySchema, body, extra)) return;
    openAccount.mutate(body, {
      onSuccess: (account) => {
        clear();
        onOpened(`Cuenta abierta para ${account.company_name}: CBU ${account.cbu}`);
      },
    });
  }

  return (
    <FormDialog
      open={open}
      title="Abrir cuenta corriente"
      submitLabel="Abrir cuenta"
      pending={openAccount.isPending}
      onSubmit={onSubmit}
      onClose={close}
      error={openAccount.error}
      errorTitle="No se pudo abrir la cuenta"
      lead="La cuenta se abre con una chequera activa de 25 cheques."
    >
      <TextField
        select
        label="Empresa cliente"
        required
        value={form.company_id}
        onChange={(e) => set('company_id', e.target.value)}
        error={Boolean(err('company_id'))}
        helperText={err('company_id')}
      >
        {clients.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name} · CUIT {formatCuit(c.cuit)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Moneda"
        required
        value={form.currency}
        onChange={(e) => set('currency', e.target.value as Currency)}
        error={Boolean(err('currency'))}
        helperText={err('currency')}
      >
        {CURRENCY_OPTIONS.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="CBU (opcional)"
        value={form.cbu}
        onChange={(e) => set('cbu', e.target.value)}
        error={Boolean(err('cbu'))}
        helperText={err('cbu') ?? 'Sin CBU, la plataforma genera uno con sus dígitos verificadores'}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 26 } }}
      />
    </FormDialog>
  );
}
