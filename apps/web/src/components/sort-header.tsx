import { useTheme } from '@mui/material/styles';
import TableCell from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { type FilterOption, SelectFilter } from './list-filters';

/**
 * The next sort when a column's header is clicked: that column ascending, then descending, then back to the list's
 * default order (''). `sort` is the list's `sort` parameter (`key` or `-key`, '' for the default).
 */
export function nextSort(sort: string, key: string): string {
  if (sort === key) return `-${key}`;
  if (sort === `-${key}`) return '';
  return key;
}

/** A column header that sorts the list on the server (MUI TableSortLabel): arrow and aria-sort say the order. */
export function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
  align,
}: {
  label: ReactNode;
  sortKey: string;
  sort: string;
  onSort: (sort: string) => void;
  align?: 'left' | 'right';
}) {
  const active = sort === sortKey || sort === `-${sortKey}`;
  const direction = sort === `-${sortKey}` ? 'desc' : 'asc';
  return (
    <TableCell
      align={align}
      sortDirection={active ? direction : false}
      aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <TableSortLabel active={active} direction={direction} onClick={() => onSort(nextSort(sort, sortKey))}>
        {label}
      </TableSortLabel>
    </TableCell>
  );
}

/**
 * The sort as a select, where a list shows cards instead of a table (a phone): each column ascending and
 * descending, `labels` naming them ('Monto' → 'Monto ↑' and 'Monto ↓'), and the list's default first.
 */
export function SortSelect({
  labels,
  defaultLabel,
  sort,
  onSort,
  phoneOnly,
}: {
  labels: Record<string, string>;
  defaultLabel: string;
  sort: string;
  onSort: (sort: string) => void;
  /** Only where the list shows cards (a phone), the table's headers sorting elsewhere. */
  phoneOnly?: boolean;
}) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  if (phoneOnly && !phone) return null;
  const options: FilterOption<string>[] = [
    { value: '', label: defaultLabel },
    ...Object.entries(labels).flatMap(([key, label]) => [
      { value: key, label: `${label} ↑` },
      { value: `-${key}`, label: `${label} ↓` },
    ]),
  ];
  return <SelectFilter label="Ordenar por" value={sort} onChange={onSort} options={options} />;
}
