import type { Discount } from '@echeq/contract';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import DoNotDisturbAlt from '@mui/icons-material/DoNotDisturbAlt';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';

export type RowAction = 'view' | 'edit' | 'approve' | 'reject' | 'complete' | 'cancel';
export type DiscountPermissions = { request: boolean; decide: boolean; cancel: boolean };

type ActionDef = {
  action: RowAction;
  label: string;
  /** The button's and the tooltip's words when `label` alone would be ambiguous beside a dialog's 'Cerrar'. */
  long?: string;
  icon: ReactElement;
  color?: 'success' | 'error' | 'primary';
};

const DEFS: Record<RowAction, ActionDef> = {
  view: { action: 'view', label: 'Ver detalles', icon: <VisibilityOutlined fontSize="small" /> },
  edit: { action: 'edit', label: 'Modificar', icon: <EditOutlined fontSize="small" /> },
  approve: {
    action: 'approve',
    label: 'Aprobar',
    icon: <CheckCircleOutlined fontSize="small" />,
    color: 'success',
  },
  reject: { action: 'reject', label: 'Rechazar', icon: <CancelOutlined fontSize="small" />, color: 'error' },
  complete: { action: 'complete', label: 'Completar', icon: <PaidOutlined fontSize="small" />, color: 'primary' },
  cancel: {
    action: 'cancel',
    label: 'Cancelar',
    long: 'Cancelar solicitud',
    icon: <DoNotDisturbAlt fontSize="small" />,
  },
};

/** What the user may do with a discount in its state: the same permission map the server enforces. */
function actionsFor(d: Discount, perms: DiscountPermissions, withView = true): RowAction[] {
  const out: RowAction[] = withView ? ['view'] : [];
  if (d.status === 'PENDING') {
    if (perms.decide) out.push('approve', 'reject');
    if (perms.request) out.push('edit');
    if (perms.cancel) out.push('cancel');
  }
  if (d.status === 'APPROVED' && perms.decide) out.push('complete');
  return out;
}

/** The row's actions: icon buttons with tooltips in the table, labelled buttons on cards and in the details. */
export function DiscountActions({
  discount,
  perms,
  onAction,
  variant = 'icons',
  withView = true,
}: {
  discount: Discount;
  perms: DiscountPermissions;
  onAction: (action: RowAction, d: Discount) => void;
  variant?: 'icons' | 'buttons';
  withView?: boolean;
}) {
  const actions = actionsFor(discount, perms, withView).map((a) => DEFS[a]);
  const idLabel = discount.echeq ? `ECHEQ ${discount.echeq.number}` : discount.id.slice(0, 8);
  if (variant === 'buttons') {
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {actions.map((a) => (
          <Button
            key={a.action}
            size="small"
            variant={a.action === 'approve' || a.action === 'complete' ? 'contained' : 'outlined'}
            color={a.color ?? 'inherit'}
            startIcon={a.icon}
            onClick={() => onAction(a.action, discount)}
          >
            {a.long ?? a.label}
          </Button>
        ))}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'nowrap', gap: 0, mx: -0.5 }}>
      {actions.map((a) => (
        <Tooltip key={a.action} title={a.long ?? a.label}>
          <IconButton
            size="small"
            color={a.color ?? 'default'}
            aria-label={`${a.label} descuento ${idLabel}`}
            onClick={() => onAction(a.action, discount)}
          >
            {a.icon}
          </IconButton>
        </Tooltip>
      ))}
    </Box>
  );
}
