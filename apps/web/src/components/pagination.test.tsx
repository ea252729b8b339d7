import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { oneOf, useListParams } from '../lib/use-list-params';
import type { ListPage } from './paged-query';
import { ListPagination, pageFigures, totalText } from './pagination';

const rows = (n: number) => Array.from({ length: n }, (_, i) => i);

/** The pagination over a fixed answer; the paging state it moves is printed for the test to read. */
function Paged({ list, fresh }: { list: ListPage<number>; fresh: boolean }) {
  const { paging, filters, setFilter } = useListParams({ filters: { f: oneOf(['a', 'b']) } });
  return (
    <>
      <output aria-label="estado">{`page=${paging.page} limit=${paging.limit} cursor=${paging.cursor ?? '-'}`}</output>
      <button type="button" onClick={() => setFilter('f', filters.f === 'a' ? 'b' : 'a')}>
        Filtrar
      </button>
      <ListPagination paging={paging} list={list} fresh={fresh} />
    </>
  );
}

function Harness({ list, fresh = true }: { list: ListPage<number>; fresh?: boolean }) {
  return (
    <MemoryRouter>
      <Paged list={list} fresh={fresh} />
    </MemoryRouter>
  );
}

describe('pagination', () => {
  it('writes totals in es-AR, with "aprox." when the server estimated them', () => {
    expect(totalText({ total: 498512 })).toBe('498.512');
    expect(totalText({ total: 498512, totalIsEstimate: false })).toBe('498.512');
    expect(totalText({ total: 498512, totalIsEstimate: true })).toBe('aprox. 498.512');
  });

  it('an exact total pages as usual; an estimate keeps "next" while rows follow and is exact at the end', () => {
    const base = { limit: 50, rows: 50, total: 498512, hasMore: true };
    expect(pageFigures({ ...base, index: 0, estimate: false })).toEqual({ page: 0, count: 498512, total: '498.512' });
    // An exact total clamps a page past the end.
    expect(pageFigures({ ...base, index: 9, total: 120, estimate: false }).page).toBe(2);
    expect(pageFigures({ ...base, index: 0, estimate: true })).toEqual({
      page: 0,
      count: 498512,
      total: 'aprox. 498.512',
    });
    // The estimate fell short: the page is not clamped and 'next' stays on (count beyond this page).
    expect(pageFigures({ ...base, index: 20, total: 900, estimate: true })).toEqual({
      page: 20,
      count: 1051,
      total: 'aprox. 1.050',
    });
    // The last page: the total is what came before plus its rows.
    expect(pageFigures({ ...base, index: 3, rows: 7, hasMore: false, estimate: true })).toEqual({
      page: 3,
      count: 157,
      total: '157',
    });
  });

  it('shows "1–10 de aprox. 498.512" for an estimate and "1–10 de 1.234" for an exact total', () => {
    const { rerender } = render(<Harness list={{ data: rows(10), page: 1, limit: 10, total: 1234 }} />);
    expect(screen.getByText('1–10 de 1.234')).toBeInTheDocument();
    rerender(<Harness list={{ data: rows(10), page: 1, limit: 10, total: 498512, totalIsEstimate: true }} />);
    expect(screen.getByText('1–10 de aprox. 498.512')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página siguiente' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeDisabled();
  });

  it('"next" carries the cursor of the page on screen; any other move pages by number', async () => {
    const user = userEvent.setup({ delay: null });
    const list: ListPage<number> = { data: rows(10), page: 1, limit: 10, total: 95, nextCursor: 'abc' };
    const state = () => screen.getByRole('status', { name: 'estado' }).textContent;
    const { rerender } = render(<Harness list={list} />);
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(state()).toBe('page=2 limit=10 cursor=abc');
    rerender(<Harness list={{ ...list, page: 2, nextCursor: 'def' }} />);
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(state()).toBe('page=3 limit=10 cursor=def');
    await user.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(state()).toBe('page=2 limit=10 cursor=-');
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(state()).toBe('page=3 limit=10 cursor=def');
    // A new filter starts again at the first page, without the cursor.
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(state()).toBe('page=1 limit=10 cursor=-');
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: '25' }));
    expect(state()).toBe('page=1 limit=25 cursor=-');
  });

  it('while the next page loads over the previous one, "next" pages by number (the cursor on screen is stale)', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness list={{ data: rows(10), page: 1, limit: 10, total: 95, nextCursor: 'abc' }} fresh={false} />);
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(screen.getByRole('status', { name: 'estado' })).toHaveTextContent('page=2 limit=10 cursor=-');
  });

  it('an answer without a cursor pages by number', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness list={{ data: rows(10), page: 1, limit: 10, total: 95 }} />);
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(screen.getByRole('status', { name: 'estado' })).toHaveTextContent('page=2 limit=10 cursor=-');
  });
});
