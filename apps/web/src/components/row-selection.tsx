import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import { useMemo, useState } from 'react';

/** Rows chosen for a bulk action: only those `canSelect` allows, kept while they are on screen. */
export type RowSelection = {
  selected: ReadonlySet<string>;
  /** The ids on screen that may be chosen. */
  selectable: readonly string[];
  toggle: (id: string) => void;
  toggleAll: () => void;
  clear: () => void;
};

export function useRowSelection<T extends { id: string }>(rows: readonly T[], canSelect: (row: T) => boolean) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const selectable = useMemo(() => rows.filter(canSelect).map((r) => r.id), [rows, canSelect]);
  // A row that left the page (or can no longer be chosen) leaves the selection.
  const selected = useMemo(() => new Set(selectable.filter((id) => chosen.has(id))), [selectable, chosen]);
  const selection: RowSelection = {
    selected,
    selectable,
    toggle: (id) =>
      setChosen((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    toggleAll: () => setChosen(selected.size === selectable.length ? new Set() : new Set(selectable)),
    clear: () => setChosen(new Set()),
  };
  return { selection, chosenRows: rows.filter((r) => selected.has(r.id)) };
}

/** The header's "all on this page" checkbox. */
export function SelectAllCell({ selection, label }: { selection: RowSelection; label: string }) {
  const { selected, selectable } = selection;
  return (
    <TableCell padding="checkbox">
      <Checkbox
        size="small"
        checked={selectable.length > 0 && selected.size === selectable.length}
        indeterminate={selected.size > 0 && selected.size < selectable.length}
        disabled={selectable.length === 0}
        onChange={selection.toggleAll}
        slotProps={{ input: { 'aria-label': label } }}
      />
    </TableCell>
  );
}

/** A row's checkbox; an empty cell where the row cannot be chosen. */
export function SelectRowCell({ selection, id, label }: { selection: RowSelection; id: string; label: string }) {
  if (!selection.selectable.includes(id)) return <TableCell padding="checkbox" />;
  return (
    <TableCell padding="checkbox">
      <Checkbox
        size="small"
        checked={selection.selected.has(id)}
        onChange={() => selection.toggle(id)}
        slotProps={{ input: { 'aria-label': label } }}
      />
    </TableCell>
  );
}
