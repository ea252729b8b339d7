import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import { type ReactNode, useEffect } from 'react';
import { EmptyState } from './empty-state';
import { ErrorAlert } from './error-alert';
import { LoadingState } from './loading-state';
import type { ListPage } from './paged-query';
import { ListPagination, type Paging } from './pagination';

/**
 * The frame of a server-paged list: its toolbar (search, filters, view switches), a progress bar while a page
 * loads over the one on screen, then the error with a retry, the loading state, the empty message or the rows,
 * and the pagination under them.
 */
export function PagedList({
  toolbar,
  list,
  fresh,
  paging,
  fetching,
  loadError,
  loadErrorTitle,
  onRetry,
  ready = true,
  loadingLabel,
  emptyMessage,
  emptyAction,
  compact,
  children,
  sx,
}: {
  toolbar: ReactNode;
  /** The answer on screen; undefined until the first one arrives. */
  list: ListPage<unknown> | undefined;
  /** The answer is the current page's, not the previous page kept while the next loads. */
  fresh: boolean;
  paging: Paging;
  fetching: boolean;
  /** The message of a failed load, or null. */
  loadError: string | null;
  /** A title above that message (the screen's own error, the message then being the server's). */
  loadErrorTitle?: string;
  onRetry: () => void;
  /** False while other data the rows need is still loading. */
  ready?: boolean;
  loadingLabel: string;
  emptyMessage: string;
  emptyAction?: ReactNode;
  /** Phones get the page controls without the rows-per-page picker. */
  compact?: boolean;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  // A page past the end (an old link, the last row of the last page gone): the last page with rows, in place.
  const last = list && fresh && !list.totalIsEstimate ? Math.max(0, Math.ceil(list.total / paging.limit) - 1) : null;
  const pastEnd = last !== null && list?.data.length === 0 && paging.index > last;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer past the end, not per render
  useEffect(() => {
    if (pastEnd && last !== null) paging.goTo(last, undefined, { replace: true });
  }, [pastEnd, last]);
  return (
    <Paper variant="outlined" sx={sx}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 2,
          p: 2,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {toolbar}
      </Box>

      {fetching ? <LinearProgress aria-label="Actualizando" /> : null}

      {loadError ? (
        <Box sx={{ p: 2 }}>
          <ErrorAlert title={loadErrorTitle} message={loadError} onRetry={onRetry} />
        </Box>
      ) : !list || !ready ? (
        <LoadingState label={loadingLabel} />
      ) : list.data.length === 0 ? (
        <EmptyState message={emptyMessage} action={emptyAction} />
      ) : (
        children
      )}

      {list && !loadError ? <ListPagination paging={paging} list={list} fresh={fresh} compact={compact} /> : null}
    </Paper>
  );
}
