import type { DashboardPending } from '@echeq/contract';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../lib/format';
import { dashboardPendingQuery } from './api';

type Item = { key: string; title: string; caption: string; count: number; to: string; icon: ReactElement };

/** A bounded count as the dashboard shows it: "99+" beyond the cap. */
function boundedCount(count: number, cap: number): string {
  return count > cap ? `${formatNumber(cap)}+` : formatNumber(count);
}

/** What the counts are and where each one leads (the list already filtered). */
function itemsOf(p: DashboardPending): Item[] {
  const days = `en los próximos ${p.days} días`;
  const items: Item[] = [];
  if (p.discounts_to_approve !== null) {
    items.push({
      key: 'discounts',
      title: 'Descuentos por aprobar',
      caption: 'Solicitudes pendientes de su decisión',
      count: p.discounts_to_approve,
      to: '/discounts?status=PENDING',
      icon: <FactCheckOutlined />,
    });
  }
  items.push(
    {
      key: 'due',
      title: 'ECHEQs que vencen',
      caption: `En custodia, con vencimiento ${days}`,
      count: p.cheques_due,
      to: '/custody?status=IN_CUSTODY',
      icon: <EventOutlined />,
    },
    {
      key: 'closing',
      title: 'Plazos de presentación que cierran',
      caption: `Vencidos en custodia: la custodia expira ${days}`,
      count: p.presentation_closing,
      to: '/custody?status=IN_CUSTODY',
      icon: <EventBusyOutlined />,
    },
  );
  return items;
}

/**
 * 'Pendientes': what awaits the user, above the dashboard's four cards, each a link to its list already filtered.
 * Loads on its own (one cheap call): while it loads, or if it fails, the dashboard shows without it.
 */
export function PendingStrip() {
  const { data } = useQuery(dashboardPendingQuery());
  if (!data) return null;
  const items = itemsOf(data);
  return (
    <Box component="section" aria-labelledby="pending-title" sx={{ mb: 2 }}>
      <Typography id="pending-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Pendientes
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: `repeat(${items.length}, minmax(0, 1fr))` },
        }}
      >
        {items.map((item) => (
          <Box component="li" key={item.key}>
            <Card variant="outlined" sx={{ height: '100%', borderColor: item.count > 0 ? 'warning.main' : undefined }}>
              <CardActionArea
                component={RouterLink}
                to={item.to}
                data-testid={`pending-${item.key}`}
                aria-label={`${item.title}: ${boundedCount(item.count, data.cap)}. ${item.caption}`}
                sx={{ p: 2, height: '100%', display: 'flex', alignItems: 'center', gap: 2, justifyContent: 'start' }}
              >
                <Box aria-hidden sx={{ color: item.count > 0 ? 'warning.dark' : 'text.secondary', display: 'flex' }}>
                  {item.icon}
                </Box>
                <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {item.title}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {item.caption}
                  </Typography>
                </Box>
                <Typography sx={{ fontSize: '1.5rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                  {boundedCount(item.count, data.cap)}
                </Typography>
              </CardActionArea>
            </Card>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
