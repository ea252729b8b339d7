import {
  type CoelsaConnectionStatus,
  CUSTODY_REPORT_LABELS,
  type CustodyReport,
  type CustodyStatus,
  hasPerformanceDetail,
  type PerformanceReport,
  percentOf,
  ROLE_LABELS,
  type User,
} from '@echeq/contract';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { EmailText } from '../../components/email-text';
import { Money } from '../../components/money';
import { StatCard, type Tone } from '../../components/stat-card';
import { formatAmount, formatCount, formatNumber, formatPercent } from '../../lib/format';

const CUSTODY_ORDER: CustodyStatus[] = ['IN_CUSTODY', 'RELEASED', 'EXPIRED', 'CANCELLED'];
const CUSTODY_COLORS: Record<CustodyStatus, string> = {
  IN_CUSTODY: '#0b3a75',
  RELEASED: '#1b6e3a',
  EXPIRED: '#a35a00',
  CANCELLED: '#8a94a6',
};

const ms = (v: number) => `${formatNumber(v, 1)} ms`;

/** The clearing-house link as the card shows it: the status and its Spanish title and caption. */
type CoelsaLink = { status: CoelsaConnectionStatus; connected: boolean; title: string; caption: string };

export type DashboardData = { custody: CustodyReport; performance: PerformanceReport; coelsa: CoelsaLink };

function toneOf(link: CoelsaLink): Tone {
  if (link.status === 'SANDBOX' && link.connected) return 'info';
  return link.connected ? 'success' : 'error';
}

/** 'Detalle de Custodia': how many custody records are in each status, with their share. */
function CustodyDetailsCard({ report }: { report: CustodyReport }) {
  const all = report.statusCounts.reduce((n, c) => n + c.count, 0);
  return (
    <Card sx={{ height: '100%' }} component="section" aria-labelledby="custody-details-title">
      <CardHeader
        title="Detalle de Custodia"
        subheader={`${formatCount(all, 'registro', 'registros')} en total`}
        slotProps={{ title: { variant: 'h6', component: 'h2', id: 'custody-details-title' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <List disablePadding>
          {CUSTODY_ORDER.map((status) => {
            const entry = report.statusCounts.find((c) => c.status === status);
            const count = entry?.count ?? 0;
            const share = percentOf(count, all);
            return (
              <ListItem key={status} disableGutters sx={{ display: 'block', py: 1 }} data-testid={`custody-${status}`}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Box
                      aria-hidden
                      sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: CUSTODY_COLORS[status] }}
                    />
                    <Typography>{CUSTODY_REPORT_LABELS[status]}</Typography>
                  </Box>
                  <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                    {formatNumber(count)}
                  </Typography>
                </Box>
                <LinearProgress
                  variant="determinate"
                  value={share}
                  aria-label={`${CUSTODY_REPORT_LABELS[status]}: ${share}%`}
                  sx={{
                    mt: 0.75,
                    height: 6,
                    borderRadius: 3,
                    bgcolor: 'action.hover',
                    '& .MuiLinearProgress-bar': { bgcolor: CUSTODY_COLORS[status], borderRadius: 3 },
                  }}
                />
              </ListItem>
            );
          })}
        </List>
      </CardContent>
    </Card>
  );
}

function Metric({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, py: 1.25 }}>
      <Box>
        <Typography>{label}</Typography>
        {hint ? (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        ) : null}
      </Box>
      <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** 'Métricas de Rendimiento': response time, availability and error rate measured over the last 24 hours. */
function PerformanceCard({ report }: { report: PerformanceReport }) {
  // The platform's administrator sees the whole platform; everyone else their own bank's requests, and a
  // company only these three figures (the counts and the median are not in its report).
  const detail = hasPerformanceDetail(report) ? report : null;
  const whose = report.scope === 'platform' ? 'de la plataforma' : 'de su entidad';
  return (
    <Card sx={{ height: '100%' }} component="section" aria-labelledby="performance-title">
      <CardHeader
        title="Métricas de Rendimiento"
        subheader={`Últimas ${report.windowHours} horas · ${detail ? `${formatCount(detail.requests, 'solicitud', 'solicitudes')} ` : 'solicitudes '}${whose}`}
        slotProps={{ title: { variant: 'h6', component: 'h2', id: 'performance-title' } }}
      />
      <CardContent sx={{ pt: 0, '& > div + div': { borderTop: 1, borderColor: 'divider' } }}>
        <Metric
          label="Tiempo de respuesta"
          value={ms(report.responseTime)}
          hint={detail ? `Mediana ${ms(detail.p50)}` : 'Promedio'}
        />
        <Metric
          label="Disponibilidad"
          value={formatPercent(report.availability)}
          hint="Solicitudes y sondeos a COELSA"
        />
        <Metric
          label="Tasa de error"
          value={formatPercent(report.errorRate)}
          hint={detail ? formatCount(detail.serverErrors, 'respuesta 5xx', 'respuestas 5xx') : 'Respuestas 5xx'}
        />
      </CardContent>
    </Card>
  );
}

/** The dashboard's content once its three data sets are loaded. */
export function DashboardView({ data, user }: { data: DashboardData; user: User }) {
  const { custody, performance, coelsa } = data;
  const linkIcon = !coelsa.connected ? (
    <CloudOffOutlined />
  ) : coelsa.status === 'SANDBOX' ? (
    <ScienceOutlined />
  ) : (
    <CloudDoneOutlined />
  );
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mb: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <StatCard
          testId="card-custody"
          title="ECHEQs en Custodia"
          icon={<Inventory2Outlined />}
          value={formatNumber(custody.total)}
          caption={
            <>
              <Money amount={custody.totalAmount} />
              {custody.otherCurrencies.map((c) => (
                <Box key={c.currency}>+ {formatAmount(c.amount, c.currency)}</Box>
              ))}
            </>
          }
        />
        <StatCard
          testId="card-response-time"
          title="Tiempo de Respuesta"
          icon={<SpeedOutlined />}
          tone="secondary"
          value={ms(performance.responseTime)}
          caption={`Disponibilidad ${formatPercent(performance.availability)}`}
        />
        <StatCard
          testId="card-coelsa"
          title="Estado COELSA"
          icon={linkIcon}
          tone={toneOf(coelsa)}
          value={
            <Box component="span" sx={{ fontSize: '1.25rem', display: 'block' }}>
              {coelsa.title}
            </Box>
          }
          caption={coelsa.caption}
        />
        <StatCard
          testId="card-user"
          title="Usuario Actual"
          icon={<AccountCircleOutlined />}
          tone="info"
          value={
            <Box component="span" sx={{ fontSize: '1.125rem', display: 'block' }}>
              {user.company_name || <EmailText email={user.email} />}
            </Box>
          }
          caption={ROLE_LABELS[user.role]}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <CustodyDetailsCard report={custody} />
        <PerformanceCard report={performance} />
      </Box>
    </>
  );
}
