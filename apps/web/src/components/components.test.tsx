import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error';
import { ConfirmDialog } from './confirm-dialog';
import { EmailText } from './email-text';
import { EmptyState } from './empty-state';
import { ErrorAlert } from './error-alert';
import { FloatingAddButton } from './floating-add-button';
import { FormDialog } from './form-dialog';
import { Money } from './money';
import { PageHeader } from './page-header';
import { StatusChip, type StatusMap } from './status-chip';

type CustodyStatus = 'IN_CUSTODY' | 'RELEASED';
const CUSTODY: StatusMap<CustodyStatus> = {
  IN_CUSTODY: { label: 'En Custodia', color: 'success' },
  RELEASED: { label: 'Liberado', color: 'default' },
};

describe('generic components', () => {
  it('EmailText may wrap only after the @ or before a dot', () => {
    const { container } = render(<EmailText email="beneficiario@beneficiario.example" />);
    expect(container).toHaveTextContent('beneficiario@beneficiario.example');
    expect(container.innerHTML).toBe('beneficiario@<wbr>beneficiario<wbr>.example');
  });

  it('FloatingAddButton keeps room for itself after the page and says why it is off', async () => {
    const onClick = vi.fn();
    const { container, rerender } = render(<FloatingAddButton label="Nuevo ECHEQ" onClick={onClick} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Nuevo ECHEQ' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    // The spacer the page ends with, so the fixed button covers nothing once scrolled to the end.
    expect(container.querySelector('[aria-hidden="true"]')).toBeInTheDocument();
    rerender(<FloatingAddButton label="Nuevo ECHEQ" onClick={onClick} disabledReason="COELSA no está configurado" />);
    expect(screen.getByRole('button', { name: 'Nuevo ECHEQ' })).toBeDisabled();
    await userEvent.setup().hover(screen.getByRole('button', { name: 'Nuevo ECHEQ' }).parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('COELSA no está configurado');
  });

  it('Money writes the es-AR amount', () => {
    render(<Money amount={1234.56} />);
    expect(screen.getByText('$ 1.234,56 ARS')).toBeInTheDocument();
  });

  it('StatusChip shows the Spanish label of the map, or the raw code when unknown', () => {
    const { rerender } = render(<StatusChip status="IN_CUSTODY" map={CUSTODY} />);
    expect(screen.getByText('En Custodia')).toBeInTheDocument();
    rerender(<StatusChip status={'OTHER' as CustodyStatus} map={CUSTODY} />);
    expect(screen.getByText('OTHER')).toBeInTheDocument();
  });

  it('PageHeader renders the title as the page h1 with its actions', () => {
    render(<PageHeader title="Gestión de Custodia" actions={<button type="button">Nuevo ECHEQ en Custodia</button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Gestión de Custodia' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nuevo ECHEQ en Custodia' })).toBeInTheDocument();
  });

  it('ErrorAlert shows the message and a retry button', async () => {
    const onRetry = vi.fn();
    render(<ErrorAlert error={new Error('Error al cargar los ECHEQs')} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error al cargar los ECHEQs');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('EmptyState shows its message', () => {
    render(<EmptyState message="No hay ECHEQs en custodia" />);
    expect(screen.getByText('No hay ECHEQs en custodia')).toBeInTheDocument();
  });

  it('ConfirmDialog confirms and cancels', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Eliminar ECHEQ"
        message="¿Eliminar el ECHEQ 0001?"
        confirmLabel="Eliminar"
        destructive
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    const user = userEvent.setup();
    expect(screen.getByRole('dialog', { name: 'Eliminar ECHEQ' })).toHaveTextContent('¿Eliminar el ECHEQ 0001?');
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("FormDialog submits, shows a failed request's title and message, and is locked while pending", async () => {
    const onSubmit = vi.fn();
    const onClose = vi.fn();
    const error = new ApiError({ status: 409, code: 'CONFLICT', message: 'El código ya existe' });
    const props = { title: 'Crear Nuevo Tenant', submitLabel: 'Crear Tenant', onSubmit, onClose };
    const { rerender } = render(
      <FormDialog {...props} pending={false} error={error} errorTitle="Error al crear tenant">
        <input aria-label="Nombre" />
      </FormDialog>,
    );
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Crear Nuevo Tenant' });
    expect(screen.getByRole('alert')).toHaveTextContent('Error al crear tenantEl código ya existe');
    await user.click(screen.getByRole('button', { name: 'Crear Tenant' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    rerender(
      <FormDialog {...props} pending>
        <input aria-label="Nombre" />
      </FormDialog>,
    );
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Crear Tenant' })).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
