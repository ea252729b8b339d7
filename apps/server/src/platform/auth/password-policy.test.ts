import { describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error';
import { assertStrongPassword, type PasswordOwner } from './password-policy';

const owner = { email: 'lucia.quiroga@quiroga-hnos.example', company: 'Quiroga Hermanos S.A.', cuit: '30712345671' };

function problem(password: string, who: PasswordOwner = owner): string | null {
  try {
    assertStrongPassword(password, who);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    expect(e.code).toBe('VALIDATION_ERROR');
    return e.errors?.[0]?.message ?? e.message;
  }
}

describe('password policy (zxcvbn with the owner’s own words)', () => {
  it('refuses common and breached passwords, keyboard walks, repetitions and years', () => {
    for (const p of [
      'password1234',
      'contraseña2024',
      'qwertyuiop123',
      'aaaaaaaaaaaaaaa',
      '123456789012',
      'Argentina2024!',
    ]) {
      expect(problem(p), p).toMatch(/^La contraseña es fácil de adivinar\./);
    }
  });

  it('refuses passwords built from the e-mail, the company or the CUIT, with or without separators', () => {
    for (const p of ['QuirogaHermanos2024', 'Quiroga-Hermanos-2024', 'lucia.quiroga.2024', '30712345671abc']) {
      expect(problem(p), p).not.toBeNull();
    }
    // The same words are fine for someone else.
    expect(problem('Quiroga-Tintero-Pradera-17', { email: 'otro@otra.example' })).toBeNull();
  });

  it('accepts long passphrases and random strings, and answers in Spanish (usted) naming the field', () => {
    for (const p of ['Tintero-Violeta-Pradera-42', 'correcto caballo batería grapa', 'w7#Kq!2zLp9$vR']) {
      expect(problem(p), p).toBeNull();
    }
    try {
      assertStrongPassword('Contraseña2024', owner, 'newPassword');
    } catch (err) {
      expect((err as AppError).errors?.[0]?.path).toBe('newPassword');
      expect((err as AppError).errors?.[0]?.message).not.toMatch(/\b(tu|añade|usa|evita)\b/i);
    }
  });

  it('a hostile 128-character input is judged in tens of milliseconds, not seconds', () => {
    const started = performance.now();
    problem('aB3$'.repeat(32));
    problem(Math.random().toString(36).repeat(12).slice(0, 128));
    // Generous bound on a shared machine: without the 64-character cut it took 2 s each.
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
