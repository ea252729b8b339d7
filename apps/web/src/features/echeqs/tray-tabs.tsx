import { TRAY_LABELS, TRAYS, type Tray, type TrayCounts } from '@echeq/contract';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { SearchField } from '../../components/list-filters';
import { TRAY_HINTS } from './operations-format';

const ALL = 'todos';

/** 'Recibidos, 2 pendientes': a tab's accessible name with what awaits the user. */
function tabName(tray: Tray, pending: number | undefined): string {
  if (!pending) return TRAY_LABELS[tray];
  return `${TRAY_LABELS[tray]}, ${pending} ${pending === 1 ? 'pendiente' : 'pendientes'}`;
}

/**
 * The company's trays as tabs, after 'Todos' (the specification's whole list with its filters): each with a badge
 * of the cheques that await the user (accept, repudiate, deposit…).
 */
export function TrayTabs({
  value,
  counts,
  onChange,
}: {
  value: Tray | '';
  counts: TrayCounts | undefined;
  onChange: (tray: Tray | '') => void;
}) {
  return (
    <Tabs
      value={value || ALL}
      onChange={(_e, v: string) => onChange(v === ALL ? '' : (v as Tray))}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label="Bandejas de ECHEQs"
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Tab value={ALL} label="Todos" />
      {TRAYS.map((t) => {
        const pending = counts?.[t]?.pending;
        return (
          <Tab
            key={t}
            value={t}
            aria-label={tabName(t, pending)}
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                {TRAY_LABELS[t]}
                {pending ? (
                  <Box
                    component="span"
                    aria-hidden
                    sx={{
                      minWidth: 20,
                      px: 0.75,
                      borderRadius: 10,
                      bgcolor: 'error.main',
                      color: 'error.contrastText',
                      fontSize: 12,
                      fontWeight: 700,
                      lineHeight: '20px',
                      textAlign: 'center',
                    }}
                  >
                    {pending}
                  </Box>
                ) : null}
              </Box>
            }
          />
        );
      })}
    </Tabs>
  );
}

/** What the open tray holds, above its rows, its search and its own action (Emitidos: 'Emitir ECHEQ'). */
export function TrayHint({
  tray,
  url,
  action,
}: {
  tray: Tray;
  url: { searchText: string; setSearchText: (v: string) => void };
  action: ReactNode;
}) {
  return (
    <>
      <SearchField placeholder="Número, CUIT o nombre" value={url.searchText} onChange={url.setSearchText} />
      <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 320px', alignSelf: 'center' }}>
        {TRAY_HINTS[tray]}
      </Typography>
      {action}
    </>
  );
}
