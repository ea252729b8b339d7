import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListExport } from './list-export';

/** A streamed CSV answer whose chunks arrive when the test releases them. */
function streamed(chunks: string[], totalRows: number) {
  const encoder = new TextEncoder();
  let push: (() => void) | null = null;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = chunks.shift();
      if (next === undefined) return controller.close();
      await new Promise<void>((resolve) => {
        push = resolve;
      });
      controller.enqueue(encoder.encode(next));
    },
  });
  const response = new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="echeqs-2026-11-25.csv"',
      'X-Export-Rows': String(totalRows),
    },
  });
  return { response, next: () => push?.() };
}

afterEach(() => vi.unstubAllGlobals());

describe('Exportar', () => {
  it('downloads the whole list with its filters (not the page), showing rows and bytes, then saves it', async () => {
    const user = userEvent.setup();
    const s = streamed(['Número;Monto\r\n1;"a\r\nb"\r\n', '2;3\r\n3;4\r\n'], 3);
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => s.response);
    vi.stubGlobal('fetch', fetchMock);
    const created = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    render(<ListExport path="/echeqs" query={{ status: 'ACTIVE', search: 'x', page: 3, limit: 25 }} name="echeqs" />);
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await user.click(screen.getByRole('menuitem', { name: 'CSV (separado por ;)' }));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/echeqs/export.csv?status=ACTIVE&search=x');
    s.next();
    // A line break inside quotes is not a row.
    expect(await screen.findByText(/^1 de 3 filas · 1 KB recibidos$/)).toBeInTheDocument();
    s.next();
    await waitFor(() => expect(created).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cancel stops the download and closes the dialog', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const s = streamed(['a\r\n', 'b\r\n'], 2);
        init.signal?.addEventListener('abort', () => s.next());
        return s.response;
      }),
    );
    render(<ListExport path="/discounts" query={{}} name="descuentos" />);
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await user.click(screen.getByRole('menuitem', { name: 'Excel (XLSX)' }));
    expect(await screen.findByRole('dialog', { name: 'Exportando descuentos' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancelar exportación' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a refused export (too many rows) shows the server message', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ success: false, code: 'VALIDATION_ERROR', message: 'La exportación supera el máximo' }),
            { status: 400, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    );
    render(<ListExport path="/echeqs" query={{}} name="echeqs" />);
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await user.click(screen.getByRole('menuitem', { name: 'CSV (separado por ;)' }));
    expect(await screen.findByText('La exportación supera el máximo')).toBeInTheDocument();
  });
});
