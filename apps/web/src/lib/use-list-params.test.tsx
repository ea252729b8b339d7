import { listEcheqsQuerySchema } from '@echeq/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fromSchema, oneOf, useListParams, uuid } from './use-list-params';

const ID = '5b8f0c3a-2d1e-4f6a-9b7c-8d9e0f1a2b3c';

/** A list screen's state, printed; buttons move it as a screen would. */
function Harness() {
  const url = useListParams({
    filters: {
      search: fromSchema(listEcheqsQuerySchema.shape.search),
      status: fromSchema(listEcheqsQuerySchema.shape.status),
    },
    extras: { view: oneOf(['list', 'grid']), detail: uuid },
    limit: 25,
  });
  const { filters, extras, paging } = url;
  return (
    <>
      <output aria-label="estado">
        {`search=${filters.search} status=${filters.status} view=${extras.view} detail=${extras.detail} page=${paging.page} limit=${paging.limit} cursor=${paging.cursor ?? '-'} filtered=${url.filtered}`}
      </output>
      <input aria-label="Buscar" value={url.searchText} onChange={(e) => url.setSearchText(e.target.value)} />
      <button type="button" onClick={() => url.setFilter('status', 'PAID')}>
        Pagados
      </button>
      <button type="button" onClick={() => url.setFilter('status', '')}>
        Todos
      </button>
      <button type="button" onClick={() => paging.goTo(paging.index + 1, 'CURSOR')}>
        Siguiente
      </button>
      <button type="button" onClick={() => paging.setLimit(50)}>
        50 filas
      </button>
      <button type="button" onClick={() => url.setExtra('view', 'grid')}>
        Tarjetas
      </button>
      <button type="button" onClick={() => url.open('detail', ID)}>
        Ver
      </button>
      <button type="button" onClick={() => url.close('detail')}>
        Cerrar
      </button>
    </>
  );
}

function setup(path = '/echeqs') {
  const router = createMemoryRouter([{ path: '/echeqs', element: <Harness /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  const state = () => screen.getByRole('status', { name: 'estado' }).textContent;
  const search = () => router.state.location.search;
  return { router, state, search, user: userEvent.setup() };
}

describe('useListParams: a list screen’s state in the address', () => {
  it('reads valid values and takes invalid ones as the defaults', () => {
    const ok = setup(`/echeqs?search=%2071001%20&status=PAID&view=grid&detail=${ID}&page=3&limit=50`);
    expect(ok.state()).toBe(`search=71001 status=PAID view=grid detail=${ID} page=3 limit=50 cursor=- filtered=true`);
    expect(screen.getByLabelText('Buscar')).toHaveValue('71001');
  });

  it('invalid values read as the defaults and leave the address at the next change', async () => {
    const { state, search, user } = setup(
      `/echeqs?status=BORRADO&view=mosaico&detail=no-es-un-id&page=-2&limit=37&search=${'x'.repeat(101)}&otro=1`,
    );
    expect(state()).toBe('search= status= view= detail= page=1 limit=25 cursor=- filtered=false');
    await user.click(screen.getByRole('button', { name: 'Tarjetas' }));
    // The invalid values are gone; what is not the list's own (otro) stays.
    expect(search()).toBe('?view=grid&otro=1');
  });

  it('a filter is a new history entry, back at the first page; defaults stay out of the address', async () => {
    const { router, state, search, user } = setup('/echeqs?page=4&limit=25');
    await user.click(screen.getByRole('button', { name: 'Pagados' }));
    expect(search()).toBe('?status=PAID');
    expect(router.state.historyAction).toBe('PUSH');
    expect(state()).toContain('status=PAID view= detail= page=1 limit=25');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(search()).toBe('?status=PAID&page=2');
    await user.click(screen.getByRole('button', { name: '50 filas' }));
    expect(search()).toBe('?status=PAID&limit=50');
    await user.click(screen.getByRole('button', { name: 'Todos' }));
    expect(search()).toBe('?limit=50');
    await act(() => router.navigate(-1));
    expect(search()).toBe('?status=PAID&limit=50');
  });

  it('the next page’s cursor travels in the history entry, not in the address', async () => {
    const { router, state, search, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(search()).toBe('?page=2');
    expect(state()).toContain('page=2 limit=25 cursor=CURSOR');
    // Opening a record keeps the page and its cursor.
    await user.click(screen.getByRole('button', { name: 'Ver' }));
    expect(state()).toContain(`detail=${ID} page=2 limit=25 cursor=CURSOR`);
    // The same address as a link (no history entry): the page by its number.
    await act(() => router.navigate(`/echeqs${search()}`));
    expect(state()).toContain('page=2 limit=25 cursor=-');
  });

  it('typing in the search box replaces the entry once, after a pause, and goes back to the first page', async () => {
    const { router, state, search, user } = setup('/echeqs?status=PAID&page=3');
    const box = screen.getByLabelText('Buscar');
    await user.type(box, '7100');
    // Nothing yet: the list follows the address, which waits for the pause.
    expect(search()).toBe('?status=PAID&page=3');
    await waitFor(() => expect(search()).toBe('?status=PAID&search=7100'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(state()).toContain('search=7100 status=PAID view= detail= page=1'));
    await user.clear(box);
    await waitFor(() => expect(search()).toBe('?status=PAID'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('an address changed elsewhere (a link, back) puts its search in the box', async () => {
    const { router } = setup('/echeqs?search=uno');
    expect(screen.getByLabelText('Buscar')).toHaveValue('uno');
    await act(() => router.navigate('/echeqs?search=dos'));
    expect(screen.getByLabelText('Buscar')).toHaveValue('dos');
    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Buscar')).toHaveValue('uno');
  });

  it('opening a record is an entry that closing takes back; a record opened by a link closes in place', async () => {
    const first = setup('/echeqs?status=PAID');
    await first.user.click(screen.getByRole('button', { name: 'Ver' }));
    expect(first.search()).toBe(`?status=PAID&detail=${ID}`);
    expect(first.router.state.historyAction).toBe('PUSH');
    await first.user.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(first.search()).toBe('?status=PAID'));
    expect(first.router.state.historyAction).toBe('POP');
  });

  it('a record opened by a link closes in place, the rest of the address kept', async () => {
    const { router, search, user } = setup(`/echeqs?detail=${ID}&page=2`);
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(search()).toBe('?page=2');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
