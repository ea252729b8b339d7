import type { User } from '@echeq/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, makeUser, signInStored } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

type Call = { method: string; path: string; body: any };

function stubApi(initial: User, handlers: Record<string, (c: Call) => Response>) {
  let me = initial;
  signInStored(me);
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const key = `${call.method} ${call.path}`;
    if (key === 'GET /api/auth/profile') return json(200, { success: true, data: me });
    const handler = handlers[key];
    if (!handler) return json(404, { success: false, code: 'NOT_FOUND', message: 'Recurso no encontrado' });
    const res = handler(call);
    if (res.ok && key !== 'POST /api/auth/mfa/setup') me = { ...me, mfa_enabled: key.endsWith('/enable') };
    return res;
  });
  return { calls };
}

async function openProfile() {
  renderApp('/profile');
  return screen.findByRole('region', { name: 'Verificación en dos pasos' });
}

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/ECHEQ%20Platform:admin%40banco.example?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_data_url: 'data:image/png;base64,iVBORw0KGgo=',
};

describe('two-step sign-in on the profile', () => {
  it('asks for the password, shows the QR code and the manual key, and enables with a first code', async () => {
    let wrong = true;
    const { calls } = stubApi(makeUser('BANK_ADMIN'), {
      'POST /api/auth/mfa/setup': ({ body }) =>
        (body as { current_password?: string }).current_password === 'Demo1234!'
          ? json(200, { success: true, data: SETUP })
          : json(400, {
              success: false,
              code: 'VALIDATION_ERROR',
              message: 'Contraseña incorrecta',
              errors: [{ path: 'current_password', message: 'Contraseña incorrecta' }],
            }),
      'POST /api/auth/mfa/enable': () =>
        wrong
          ? json(400, {
              success: false,
              code: 'VALIDATION_ERROR',
              message: 'Código de verificación inválido',
              errors: [{ path: 'code', message: 'Código inválido o ya utilizado' }],
            })
          : json(200, { success: true, data: makeUser('BANK_ADMIN', { mfa_enabled: true }) }),
    });
    const card = await openProfile();
    expect(within(card).getByText('Desactivado')).toBeVisible();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Activar verificación en dos pasos' }));
    await user.click(within(card).getByRole('button', { name: 'Continuar' }));
    expect(within(card).getByText('Contraseña requerida')).toBeVisible();
    await user.type(within(card).getByLabelText(/^Contraseña actual/), 'Otra1234!');
    await user.click(within(card).getByRole('button', { name: 'Continuar' }));
    expect(await within(card).findByText('Contraseña incorrecta')).toBeVisible();
    await user.clear(within(card).getByLabelText(/^Contraseña actual/));
    await user.type(within(card).getByLabelText(/^Contraseña actual/), 'Demo1234!');
    await user.click(within(card).getByRole('button', { name: 'Continuar' }));
    expect(await within(card).findByRole('img', { name: /Código QR/ })).toHaveAttribute('src', SETUP.qr_data_url);
    expect(within(card).getByTestId('mfa-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    await user.type(within(card).getByLabelText(/^Código de verificación/), '12345');
    await user.click(within(card).getByRole('button', { name: 'Confirmar y activar' }));
    expect(within(card).getByText('El código debe tener 6 dígitos')).toBeVisible();
    await user.type(within(card).getByLabelText(/^Código de verificación/), '6');
    await user.click(within(card).getByRole('button', { name: 'Confirmar y activar' }));
    expect(await within(card).findByText('Código inválido o ya utilizado')).toBeVisible();
    // Still signed in: a wrong code is not a lost session.
    expect(localStorage.getItem('token')).not.toBeNull();

    wrong = false;
    await user.click(within(card).getByRole('button', { name: 'Confirmar y activar' }));
    expect(
      await within(card).findByText('Verificación en dos pasos activada. Sus demás sesiones fueron cerradas.'),
    ).toBeVisible();
    expect(await within(card).findByText('Activado')).toBeVisible();
    expect(calls.filter((c) => c.path === '/api/auth/mfa/enable').map((c) => c.body)).toEqual([
      { code: '123456' },
      { code: '123456' },
    ]);
  });

  it('disables with the password', async () => {
    const { calls } = stubApi(makeUser('BANK_ADMIN', { mfa_enabled: true }), {
      'POST /api/auth/mfa/disable': () => json(200, { success: true, data: makeUser('BANK_ADMIN') }),
    });
    const card = await openProfile();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Desactivar verificación en dos pasos' }));
    await user.click(within(card).getByRole('button', { name: 'Contraseña' }));
    await user.type(within(card).getByLabelText(/^Contraseña/), 'Demo1234!');
    await user.click(within(card).getByRole('button', { name: 'Desactivar' }));
    expect(await within(card).findByText('Verificación en dos pasos desactivada')).toBeVisible();
    expect(await within(card).findByText('Desactivado')).toBeVisible();
    expect(calls.find((c) => c.path === '/api/auth/mfa/disable')?.body).toEqual({ password: 'Demo1234!' });
    expect(screen.queryByText(/Acceso denegado/)).toBeNull();
  });
});
