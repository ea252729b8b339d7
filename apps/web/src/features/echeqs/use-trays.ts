import type { Tray } from '@echeq/contract';
import { useQuery } from '@tanstack/react-query';
import type { Paging } from '../../lib/use-list-params';
import { FIRST_PAGE, trayQuery } from './operations-api';

/**
 * A company's open tray (none: 'Todos') and the counts of every tray: from the open tray's page, or, while 'Todos'
 * is on screen, from the first page of Recibidos (the one the user most likely opens next). The address's search
 * narrows the open tray (number, registry id, CUIT or name).
 */
export function useTrays(enabled: boolean, tray: Tray | '', paging: Paging, search: string) {
  const page = { page: paging.page, limit: paging.limit, cursor: paging.cursor, q: search || undefined };
  const trayQ = useQuery({ ...trayQuery(tray || 'recibidos', page), enabled: enabled && tray !== '' });
  const countsQ = useQuery({ ...trayQuery('recibidos', FIRST_PAGE), enabled: enabled && tray === '' });
  const counts = (tray ? trayQ.data?.counts : undefined) ?? countsQ.data?.counts ?? trayQ.data?.counts;
  return { trayQ, counts };
}
