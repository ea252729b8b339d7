import Chip from '@mui/material/Chip';

type StatusColor = 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';
export type StatusMap<S extends string> = Record<S, { label: string; color: StatusColor }>;

/** A status map from the contract's Spanish labels and a colour for each status. */
export function statusMap<S extends string>(labels: Record<S, string>, colors: Record<S, StatusColor>): StatusMap<S> {
  const entries = (Object.keys(colors) as S[]).map((s) => [s, { label: labels[s], color: colors[s] }] as const);
  return Object.fromEntries(entries) as StatusMap<S>;
}

/**
 * A chip whose label wraps onto further lines instead of overflowing: a long label ("Emitido, pendiente de
 * aceptación") in a narrow table column reads whole, in its column, rather than running under the next one.
 */
const WRAPPING = {
  height: 'auto',
  minHeight: 24,
  maxWidth: '100%',
  '& .MuiChip-label': { whiteSpace: 'normal', lineHeight: 1.3, py: '3px' },
} as const;

/**
 * A status as a Spanish label and a colour from the map the caller passes, e.g.
 * `{ IN_CUSTODY: { label: 'En Custodia', color: 'success' }, ... }`. Unknown statuses show the raw code. `wrap` lets
 * a long label take two lines where the space is narrow (a table's column).
 */
export function StatusChip<S extends string>({
  status,
  map,
  size = 'small',
  wrap = false,
}: {
  status: S | null | undefined;
  map: Partial<StatusMap<S>>;
  size?: 'small' | 'medium';
  wrap?: boolean | undefined;
}) {
  if (!status) return null;
  const entry = map[status];
  return (
    <Chip
      label={entry?.label ?? status}
      color={entry?.color ?? 'default'}
      size={size}
      variant={entry?.color && entry.color !== 'default' ? 'filled' : 'outlined'}
      sx={wrap ? { fontWeight: 600, ...WRAPPING } : { fontWeight: 600 }}
    />
  );
}
