import Chip from '@mui/material/Chip';

type StatusColor = 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';
export type StatusMap<S extends string> = Record<S, { label: string; color: StatusColor }>;

/** A status map from the contract's Spanish labels and a colour for each status. */
export function statusMap<S extends string>(labels: Record<S, string>, colors: Record<S, StatusColor>): StatusMap<S> {
  const entries = (Object.keys(colors) as S[]).map((s) => [s, { label: labels[s], color: colors[s] }] as const);
  return Object.fromEntries(entries) as StatusMap<S>;
}

/**
 * A status as a Spanish label and a colour from the map the caller passes, e.g.
 * `{ IN_CUSTODY: { label: 'En Custodia', color: 'success' }, ... }`. Unknown statuses show the raw code.
 */
export function StatusChip<S extends string>({
  status,
  map,
  size = 'small',
}: {
  status: S | null | undefined;
  map: Partial<StatusMap<S>>;
  size?: 'small' | 'medium';
}) {
  if (!status) return null;
  const entry = map[status];
  return (
    <Chip
      label={entry?.label ?? status}
      color={entry?.color ?? 'default'}
      size={size}
      variant={entry?.color && entry.color !== 'default' ? 'filled' : 'outlined'}
      sx={{ fontWeight: 600 }}
    />
  );
}
