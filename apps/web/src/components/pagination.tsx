import TablePagination from '@mui/material/TablePagination';
import { formatNumber } from '../lib/format';
import { PAGE_SIZES, type Paging } from '../lib/use-list-params';
import type { ListPage } from './paged-query';

export type { Paging };

/** '498.512', or 'aprox. 498.512' when the server only estimated the total. */
export function totalText(list: Pick<ListPage<unknown>, 'total' | 'totalIsEstimate'>): string {
  return `${list.totalIsEstimate ? 'aprox. ' : ''}${formatNumber(list.total)}`;
}

/**
 * What the pagination shows for the page on screen. An exact total pages as usual. An estimated one may be short
 * or long: 'next' stays on while the server says more rows follow (`hasMore`), and at the last page the total
 * is known exactly (the rows before it plus its own).
 */
export function pageFigures(p: {
  index: number;
  limit: number;
  rows: number;
  total: number;
  estimate: boolean;
  hasMore: boolean;
}): { page: number; count: number; total: string } {
  const clamp = (count: number) => Math.min(p.index, Math.max(0, Math.ceil(count / p.limit) - 1));
  if (!p.estimate) return { page: clamp(p.total), count: p.total, total: formatNumber(p.total) };
  const end = p.index * p.limit + p.rows;
  if (!p.hasMore) return { page: clamp(end), count: end, total: formatNumber(end) };
  return { page: p.index, count: Math.max(p.total, end + 1), total: `aprox. ${formatNumber(Math.max(p.total, end))}` };
}

/**
 * Pagination under a server-paged list, in Spanish with es-AR figures: '1–50 de 498.512', or '1–50 de aprox.
 * 498.512' when the server estimated the total. 'Next' from a page whose answer carried `nextCursor` asks for the
 * following page by cursor; `fresh` says the answer on screen is the current page's (not the previous page kept
 * while the next loads). `compact` hides the rows-per-page picker on phones.
 */
export function ListPagination({
  paging,
  list,
  fresh,
  compact,
}: {
  paging: Paging;
  list: ListPage<unknown>;
  fresh: boolean;
  compact?: boolean;
}) {
  const rows = list.data.length;
  const hasMore = !fresh || (list.nextCursor !== undefined ? list.nextCursor !== null : rows >= paging.limit);
  const shown = pageFigures({
    index: paging.index,
    limit: paging.limit,
    rows,
    total: list.total,
    estimate: Boolean(list.totalIsEstimate),
    hasMore,
  });
  const cursorToNext = fresh && shown.page === paging.index ? (list.nextCursor ?? undefined) : undefined;
  return (
    <TablePagination
      component="div"
      sx={compact ? COMPACT_SX : WRAP_SX}
      count={shown.count}
      page={shown.page}
      onPageChange={(_, p) => paging.goTo(p, p === shown.page + 1 ? cursorToNext : undefined)}
      rowsPerPage={paging.limit}
      onRowsPerPageChange={(e) => paging.setLimit(Number(e.target.value))}
      rowsPerPageOptions={[...PAGE_SIZES]}
      labelRowsPerPage="Filas por página"
      labelDisplayedRows={({ from, to }) => `${formatNumber(from)}–${formatNumber(to)} de ${shown.total}`}
      getItemAriaLabel={(type) =>
        type === 'next' ? 'Página siguiente' : type === 'previous' ? 'Página anterior' : `Ir a ${type}`
      }
    />
  );
}

/** On narrow screens the controls wrap under the label instead of overflowing. */
const WRAP_SX = {
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', pl: 2, pr: { xs: 2, sm: 0.25 } },
  '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
} as const;
/** On phones the rows-per-page picker gives way to the page controls. */
const COMPACT_SX = {
  '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': { display: { xs: 'none', sm: 'flex' } },
} as const;
