import { centsToNumber, sumCents, toCents } from '@echeq/contract';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { formatAmount } from '../lib/format';

/** 'Total: $ 1.500,00 ARS' (one sum per currency, in cents: never float arithmetic). */
export function totalsText(items: { amount: number | string; currency: string }[]): string {
  const by = new Map<string, bigint[]>();
  for (const i of items) by.set(i.currency, [...(by.get(i.currency) ?? []), toCents(i.amount)]);
  return [...by].map(([currency, cents]) => formatAmount(centsToNumber(sumCents(cents)), currency)).join(' y ');
}

/** The bar over a list while rows are chosen: how many, their total, the bulk actions and a way out. */
export function BulkBar({
  count,
  total,
  children,
  onClear,
}: {
  count: number;
  total: string;
  children: ReactNode;
  onClear: () => void;
}) {
  if (count === 0) return null;
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label="Acciones sobre los seleccionados"
      sx={{ p: 1.5, mb: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, bgcolor: 'action.hover' }}
    >
      <Box sx={{ flex: '1 1 220px' }}>
        <Typography variant="subtitle2" component="p">
          {count === 1 ? '1 seleccionado' : `${count} seleccionados`}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Total: {total}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {children}
        <Button size="small" onClick={onClear}>
          Quitar selección
        </Button>
      </Box>
    </Paper>
  );
}

export type BulkRow = { id: string; label: string; ok: boolean; message: string };

/** After a bulk action: each row's outcome (done, or why not), the ones refused first. */
export function BulkResultDialog({
  title,
  rows,
  onClose,
}: {
  title: string;
  rows: BulkRow[] | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const done = rows?.filter((r) => r.ok).length ?? 0;
  const sorted = [...(rows ?? [])].sort((a, b) => Number(a.ok) - Number(b.ok));
  return (
    <Dialog open={rows !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {done} de {rows?.length ?? 0} realizados
          {rows && done < rows.length ? `; ${rows.length - done} no se pudieron realizar` : ''}.
        </Typography>
        <List dense aria-label="Resultado por registro">
          {sorted.map((r) => (
            <ListItem key={r.id} disableGutters>
              <ListItemIcon sx={{ minWidth: 36 }}>
                {r.ok ? (
                  <CheckCircleOutlined color="success" titleAccess="Realizado" />
                ) : (
                  <ErrorOutlined color="error" titleAccess="No realizado" />
                )}
              </ListItemIcon>
              <ListItemText
                primary={r.label}
                secondary={r.message}
                slotProps={{ secondary: { color: r.ok ? 'text.secondary' : 'error' } }}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
