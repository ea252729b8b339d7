import type { User } from '@echeq/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { EmailText } from '../../components/email-text';
import { StatusChip } from '../../components/status-chip';
import { mfaLabel, roleLabel, USER_STATUS_MAP } from './user-format';
import type { UserAction } from './user-standing';
import { type Approver, StandingActions, StandingChips } from './user-standing';

/** The users list on phones: one block per user with the same data and actions as the table. */
export function UserCards({
  rows,
  canManage,
  approver,
  selfId,
  onAction,
}: {
  rows: User[];
  canManage: boolean;
  approver: Approver | null;
  selfId: string | undefined;
  onAction: (action: UserAction, u: User) => void;
}) {
  return (
    <Box component="ul" aria-label="Usuarios" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((u, i) => {
        const self = u.id === selfId;
        return (
          <Fragment key={u.id}>
            {i > 0 ? <Divider component="li" aria-hidden /> : null}
            <Box component="li" sx={{ px: 2, py: 1.5 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>
                <EmailText email={u.email} />
                {self ? ' (usted)' : ''}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {u.company_name ?? '-'} · {roleLabel(u.role)}
              </Typography>
              <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                <StatusChip status={u.status} map={USER_STATUS_MAP} />
                <Chip
                  size="small"
                  label={`MFA ${mfaLabel(u.mfa_enabled)}`}
                  color={u.mfa_enabled ? 'success' : 'default'}
                  variant={u.mfa_enabled ? 'filled' : 'outlined'}
                />
                <StandingChips u={u} />
              </Stack>
              <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
                <Button size="small" onClick={() => onAction('view', u)} aria-label={`Ver ${u.email}`}>
                  Ver
                </Button>
                <StandingActions u={u} approver={approver} onAction={onAction} />
                {canManage ? (
                  <Button size="small" onClick={() => onAction('edit', u)} aria-label={`Editar ${u.email}`}>
                    Editar
                  </Button>
                ) : null}
                {canManage && !self ? (
                  u.status === 'ACTIVE' ? (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => onAction('suspend', u)}
                      aria-label={`Suspender ${u.email}`}
                    >
                      Suspender
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      color="success"
                      onClick={() => onAction('reactivate', u)}
                      aria-label={`Reactivar ${u.email}`}
                    >
                      Reactivar
                    </Button>
                  )
                ) : null}
              </Stack>
            </Box>
          </Fragment>
        );
      })}
    </Box>
  );
}
