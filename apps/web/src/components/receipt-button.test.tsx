import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, makeUser, signInStored } from '../test/fixtures';
import { ReceiptButton } from './receipt-button';

describe('ReceiptButton', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function stubDownload(answer: () => Response) {
    const seen: { url: string; auth?: string }[] = [];
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
      seen.push({ url: String(input), auth: (init.headers as Record<string, string>).Authorization });
      return Promise.resolve(answer());
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    return { seen, saved };
  }

  it('downloads the PDF with the session token and saves it under the server’s name', async () => {
    signInStored(makeUser(), 'tok-9');
    const { seen, saved } = stubDownload(
      () =>
        new Response('%PDF-1.3', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="comprobante-custodia-71001007.pdf"',
          },
        }),
    );
    render(
      <ReceiptButton
        variant="icon"
        path="/echeqs/custody/abc/receipt.pdf"
        fallbackName="x.pdf"
        subject="custodia del ECHEQ 71001007"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Descargar comprobante de custodia del ECHEQ 71001007' }));
    await waitFor(() => expect(saved).toEqual(['comprobante-custodia-71001007.pdf']));
    expect(seen).toEqual([{ url: '/api/echeqs/custody/abc/receipt.pdf', auth: 'Bearer tok-9' }]);
  });

  it('says why when the server refuses', async () => {
    signInStored(makeUser());
    stubDownload(() => json(404, { success: false, code: 'NOT_FOUND', message: 'Descuento no encontrado' }));
    render(<ReceiptButton path="/discounts/abc/receipt.pdf" fallbackName="x.pdf" subject="descuento abc" />);
    fireEvent.click(screen.getByRole('button', { name: 'Comprobante (PDF)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Descuento no encontrado');
  });
});
