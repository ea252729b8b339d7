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

  it('judges only the first 64 characters, so a hostile long input costs what 64 do', () => {
    // Without the cut zxcvbn's matching grows with the length (2 s for 128 characters). What comes after the 64th
    // character is not estimated: a weak first 64 is refused whatever strong tail follows.
    const strongTail = 'Xq7#mP9$vL2!zR5&';
    expect(problem(strongTail)).toBeNull();
    expect(problem('a'.repeat(64) + strongTail)).not.toBeNull();
    expect(problem('aB3$'.repeat(32))).not.toBeNull();
  });
});
