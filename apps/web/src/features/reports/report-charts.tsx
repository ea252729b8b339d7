import { BUENOS_AIRES_TIME_ZONE, type MonthPoint } from '@echeq/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { useState } from 'react';
import { formatAmount, formatNumber } from '../../lib/format';
import { monthLabel } from './status-colors';
import type { StatusRow } from './status-table';

const LOCALE_TEXT = { noData: 'Sin datos para mostrar', loading: 'Cargando...' };

/** Share of each status as a donut; the legend repeats the labels of the table beside it. */
export function StatusDonut({ title, rows }: { title: string; rows: StatusRow[] }) {
  const total = rows.reduce((n, r) => n + r.count, 0);
  const data = rows
    .filter((r) => r.count > 0)
    .map((r) => ({ id: r.status, value: r.count, label: r.label, color: r.color }));
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title={title} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Box
          component="figure"
          sx={{ m: 0 }}
          aria-label={`${title}: ${rows.map((r) => `${r.label} ${r.count}`).join(', ')}`}
        >
          <PieChart
            height={220}
            localeText={LOCALE_TEXT}
            series={[
              {
                data,
                innerRadius: 55,
                outerRadius: 95,
                paddingAngle: 1.5,
                cornerRadius: 4,
                highlightScope: { fade: 'global', highlight: 'item' },
                valueFormatter: (v) =>
                  `${formatNumber(v.value)} (${total > 0 ? formatNumber((v.value * 100) / total, 0) : 0}%)`,
              },
            ]}
            slotProps={{ legend: { direction: 'vertical', position: { vertical: 'middle', horizontal: 'end' } } }}
          />
        </Box>
      </CardContent>
    </Card>
  );
}

type Measure = 'count' | 'amount';

/** Monthly volume of custody deposits and discount requests (count or ARS amount). */
export function MonthlyVolumeChart({ custody, discounts }: { custody: MonthPoint[]; discounts: MonthPoint[] }) {
  const [measure, setMeasure] = useState<Measure>('count');
  const months = [...new Set([...custody, ...discounts].map((p) => p.month))].sort();
  const pick = (series: MonthPoint[]) => {
    const byMonth = new Map(series.map((p) => [p.month, p]));
    return months.map((m) => byMonth.get(m)?.[measure] ?? 0);
  };
  const format = (v: number | null) => (measure === 'count' ? formatNumber(v ?? 0) : formatAmount(v ?? 0));
  return (
    <Card>
      <CardHeader
        title="Volumen mensual"
        subheader={measure === 'count' ? 'Cantidad por mes' : 'Monto por mes (ARS)'}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={
          <ToggleButtonGroup
            size="small"
            exclusive
            value={measure}
            onChange={(_, v: Measure | null) => v && setMeasure(v)}
            aria-label="Medida del gráfico"
          >
            <ToggleButton value="count">Cantidad</ToggleButton>
            <ToggleButton value="amount">Monto</ToggleButton>
          </ToggleButtonGroup>
        }
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0 } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {months.length === 0 ? (
          <Typography color="text.secondary">Sin datos para mostrar</Typography>
        ) : (
          <Box component="figure" sx={{ m: 0 }} aria-label="Volumen mensual de custodia y descuentos">
            <BarChart
              height={300}
              localeText={LOCALE_TEXT}
              xAxis={[{ scaleType: 'band', data: months.map(monthLabel) }]}
              yAxis={[
                {
                  width: measure === 'amount' ? 72 : 40,
                  valueFormatter: (v: number) =>
                    measure === 'count'
                      ? formatNumber(v)
                      : new Intl.NumberFormat('es-AR', { notation: 'compact', maximumFractionDigits: 1 }).format(v),
                },
              ]}
              series={[
                { data: pick(custody), label: 'Custodia', color: '#0b3a75', valueFormatter: format },
                { data: pick(discounts), label: 'Descuentos', color: '#00695c', valueFormatter: format },
              ]}
              grid={{ horizontal: true }}
              borderRadius={4}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** Requests per hour and their mean response time over the window. */
export function HourlyTrendChart({ hourly }: { hourly: { hour: string; requests: number; responseTime: number }[] }) {
  if (hourly.length < 2) return null;
  const hourLabel = (iso: string) =>
    new Intl.DateTimeFormat('es-AR', {
      timeZone: BUENOS_AIRES_TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(iso));
  return (
    <Box component="figure" sx={{ m: 0, mb: 2 }} aria-label="Solicitudes y tiempo de respuesta por hora">
      <LineChart
        height={220}
        localeText={LOCALE_TEXT}
        xAxis={[{ scaleType: 'point', data: hourly.map((h) => hourLabel(h.hour)) }]}
        yAxis={[
          { id: 'req', width: 44, valueFormatter: (v: number) => formatNumber(v) },
          { id: 'ms', position: 'right', width: 52, valueFormatter: (v: number) => `${formatNumber(v)} ms` },
        ]}
        series={[
          {
            data: hourly.map((h) => h.requests),
            label: 'Solicitudes',
            yAxisId: 'req',
            color: '#0b3a75',
            area: true,
            showMark: false,
            valueFormatter: (v) => formatNumber(v ?? 0),
          },
          {
            data: hourly.map((h) => h.responseTime),
            label: 'Tiempo promedio (ms)',
            yAxisId: 'ms',
            color: '#a35a00',
            showMark: false,
            valueFormatter: (v) => `${formatNumber(v ?? 0, 1)} ms`,
          },
        ]}
        grid={{ horizontal: true }}
      />
    </Box>
  );
}
