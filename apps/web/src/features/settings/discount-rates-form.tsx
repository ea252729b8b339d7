import { type BankRate, percentTextToRate, rateToPercentText } from '@echeq/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../../lib/api-error';
import { useUpdateSettings } from './api';

const initialText = (banks: BankRate[]) =>
  Object.fromEntries(banks.map((b) => [b.tenant_id, rateToPercentText(b.discount_rate)]));

/** 'Tasas de descuento por banco': every bank's annual nominal rate, editable; the changed ones saved together. */
export function DiscountRatesForm({ banks, onSaved }: { banks: BankRate[]; onSaved: (message: string) => void }) {
  const [text, setText] = useState<Record<string, string>>(() => initialText(banks));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateSettings();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const changed: { tenant_id: string; discount_rate: number }[] = [];
    for (const b of banks) {
      const rate = percentTextToRate(text[b.tenant_id] ?? '');
      if (rate === null || rate > 1) {
        found[b.tenant_id] = 'Entre 0 y 100, hasta 4 decimales';
        continue;
      }
      if (rate !== b.discount_rate) changed.push({ tenant_id: b.tenant_id, discount_rate: rate });
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (changed.length === 0) {
      onSaved('Sin cambios');
      return;
    }
    update.mutate({ discount_rates: changed }, { onSuccess: () => onSaved('Tasas guardadas') });
  }

  return (
    <Card component="section" aria-labelledby="rates-title">
      <CardHeader
        title="Tasas de descuento por banco"
        subheader="Tasa nominal anual que cada banco aplica al aprobar un descuento"
        slotProps={{ title: { component: 'h2', variant: 'h6', id: 'rates-title' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Tasas de descuento por banco">
          <TableContainer>
            <Table size="small" aria-label="Tasas de descuento">
              <TableHead>
                <TableRow>
                  <TableCell>Banco</TableCell>
                  <TableCell>Código</TableCell>
                  <TableCell sx={{ width: 200 }}>Tasa anual</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {banks.map((b) => (
                  <TableRow key={b.tenant_id}>
                    <TableCell>
                      {b.nombre}
                      {b.estado === 'INACTIVO' ? (
                        <Typography component="span" variant="body2" color="text.secondary">
                          {' '}
                          (inactivo)
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{b.codigo}</TableCell>
                    <TableCell>
                      <TextField
                        size="small"
                        value={text[b.tenant_id] ?? ''}
                        onChange={(e) => {
                          setText((t) => ({ ...t, [b.tenant_id]: e.target.value }));
                          if (update.isError) update.reset();
                        }}
                        error={Boolean(errors[b.tenant_id])}
                        helperText={errors[b.tenant_id]}
                        slotProps={{
                          input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                          htmlInput: { inputMode: 'decimal', 'aria-label': `Tasa de ${b.nombre}` },
                        }}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {update.isError ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {messageOf(update.error, 'No se pudieron guardar las tasas.')}
            </Alert>
          ) : null}
          <Box sx={{ mt: 2 }}>
            <Button
              type="submit"
              variant="contained"
              disabled={update.isPending}
              startIcon={update.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            >
              Guardar tasas
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
