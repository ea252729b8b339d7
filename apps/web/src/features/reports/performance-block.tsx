import { apiAreaLabel, type PerformanceDetail } from '@echeq/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDateTime, formatNumber, formatPercent } from '../../lib/format';

export const formatMs = (ms: number) => `${formatNumber(ms, 1)} ms`;

function Kpi({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: 'background.default', minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
      {hint ? (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * 'Rendimiento del Sistema': the measured figures of the last 24 h and where the requests went, of the whole platform
 * (its administrator) or of the bank's own requests.
 */
export function PerformanceBlock({
  report,
  action,
  chart,
}: {
  report: PerformanceDetail;
  action?: ReactNode;
  chart?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader
        title="Rendimiento del Sistema"
        subheader={`${report.scope === 'platform' ? 'Toda la plataforma' : 'Solicitudes de su entidad'} · últimas ${report.windowHours} horas, medido desde ${formatDateTime(report.since)}`}
        action={action}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0 } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              sm: 'repeat(3, minmax(0, 1fr))',
              lg: 'repeat(6, minmax(0, 1fr))',
            },
            mb: 2,
          }}
        >
          <Kpi label="Tiempo de respuesta" value={formatMs(report.responseTime)} hint="promedio" />
          <Kpi label="Mediana" value={formatMs(report.p50)} hint={`p95: ${formatMs(report.p95)}`} />
          <Kpi label="Disponibilidad" value={formatPercent(report.availability)} />
          <Kpi label="Tasa de error" value={formatPercent(report.errorRate)} hint="respuestas 5xx" />
          <Kpi
            label="Solicitudes"
            value={formatNumber(report.requests)}
            hint={`${formatNumber(report.serverErrors)} con error`}
          />
          <Kpi
            label="Sondeos a COELSA"
            value={formatNumber(report.probes)}
            hint={`${formatNumber(report.probeFailures)} fallidos`}
          />
        </Box>
        {chart}
        {report.routes.length > 0 ? (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Rendimiento por área de la API">
              <TableHead>
                <TableRow>
                  <TableCell>Área</TableCell>
                  <TableCell align="right">Solicitudes</TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    Errores (5xx)
                  </TableCell>
                  <TableCell align="right">Tiempo promedio</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {report.routes.map((r) => (
                  <TableRow key={r.group}>
                    <TableCell>{apiAreaLabel(r.group)}</TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatNumber(r.requests)}
                    </TableCell>
                    <TableCell
                      align="right"
                      sx={{ fontVariantNumeric: 'tabular-nums', display: { xs: 'none', sm: 'table-cell' } }}
                    >
                      {formatNumber(r.serverErrors)}
                    </TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatMs(r.responseTime)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ) : (
          <Typography color="text.secondary">Todavía no hay solicitudes medidas en la ventana.</Typography>
        )}
      </CardContent>
    </Card>
  );
}
