import type { User } from '@echeq/contract';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import ReportGmailerrorredOutlined from '@mui/icons-material/ReportGmailerrorredOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatCuit } from '../../lib/format';
import { useAuth } from './auth-context';

const PENDING_TITLE = 'Su alta está pendiente de aprobación por el banco';
const REJECTED_TITLE = 'Su solicitud de alta fue rechazada por el banco';

/**
 * What a self-registered company sees until its bank decides: that the request is pending (or was rejected), what
 * was asked for, a way to check again and to sign out. Nothing else: the server refuses it everything else.
 */
export function RegistrationPending({ user }: { user: User }) {
  const { refreshProfile, logout } = useAuth();
  const [checking, setChecking] = useState(false);
  const [stillPending, setStillPending] = useState(false);
  const rejected = user.company_approval === 'REJECTED';
  const bank = user.tenant_nombre ?? 'su banco';

  async function checkAgain() {
    setChecking(true);
    setStillPending(false);
    const fresh = await refreshProfile();
    setChecking(false);
    if (fresh?.company_approval === 'PENDING') setStillPending(true);
  }

  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        {rejected ? (
          <ReportGmailerrorredOutlined color="error" sx={{ fontSize: 40 }} aria-hidden />
        ) : (
          <HourglassTopOutlined color="warning" sx={{ fontSize: 40 }} aria-hidden />
        )}
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
          {rejected ? REJECTED_TITLE : PENDING_TITLE}
        </Typography>
      </Box>
      <Typography>
        {rejected
          ? `${bank} no aprobó el alta de la empresa. Comuníquese con el banco para conocer el motivo; si su empresa ya opera con él, solicite allí el alta de su usuario.`
          : `${bank} revisará los datos de su empresa. Cuando apruebe el alta podrá operar con ECHEQs: depositar cheques en custodia, liberarlos y pedir descuentos.`}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
        <Typography component="dt" color="text.secondary">
          Empresa
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
          {user.company_name ?? '-'}
        </Typography>
        <Typography component="dt" color="text.secondary">
          CUIT
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
          {formatCuit(user.cuit)}
        </Typography>
        <Typography component="dt" color="text.secondary">
          Usuario
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
          {user.email}
        </Typography>
      </Box>
      {stillPending ? (
        <Alert severity="info" role="status">
          El alta sigue pendiente. Vuelva a verificar más tarde.
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {rejected ? null : (
          <Button
            variant="contained"
            onClick={() => void checkAgain()}
            disabled={checking}
            startIcon={checking ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            Verificar nuevamente
          </Button>
        )}
        <Button variant={rejected ? 'contained' : 'outlined'} onClick={() => void logout()}>
          Cerrar Sesión
        </Button>
      </Stack>
    </Stack>
  );
}
