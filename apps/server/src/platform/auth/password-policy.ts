import { type ZxcvbnFactory as Factory, ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import * as es from '@zxcvbn-ts/language-es-es';
import { validationError } from '../http/app-error';
import { PASSWORD_FEEDBACK_ES_AR } from './password-texts';

/** zxcvbn's score (0–4) a new password needs: 3 is "safely unguessable" (about 10⁸ guesses and more). */
export const MIN_SCORE = 3;

let factory: Factory | undefined;

/**
 * Built on first use (about 0.2 s and 24 MB for the dictionaries: the common and breached passwords, English and
 * Spanish words, names and surnames). Only the first 64 characters are estimated and at most 4 leet substitutions
 * tried: a hostile 128-character input then costs tens of milliseconds instead of seconds of the event loop.
 */
function zxcvbn(): Factory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary, ...es.dictionary },
    graphs: common.adjacencyGraphs,
    translations: PASSWORD_FEEDBACK_ES_AR,
    maxLength: 64,
    l33tMaxSubstitutions: 4,
  });
  return factory;
}

/** What a password must not be built from: the user's own e-mail, company and CUIT, whole and in pieces. */
export type PasswordOwner = {
  email: string;
  company?: string | null | undefined;
  cuit?: string | null | undefined;
  fullName?: string | null | undefined;
};

function ownerWords(owner: PasswordOwner): string[] {
  const words = new Set<string>();
  const add = (text: string | null | undefined) => {
    if (!text) return;
    const lower = text.toLowerCase();
    words.add(lower);
    words.add(lower.replace(/[^\p{L}\p{N}]+/gu, ''));
    for (const part of lower.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  };
  add(owner.email);
  add(owner.email.split('@')[0]);
  add(owner.email.split('@')[1]);
  add(owner.company);
  add(owner.cuit);
  add(owner.fullName);
  words.delete('');
  return [...words];
}

/**
 * The policy for every password set through the API (registration, a change, a user created or reset by an
 * administrator): at least 12 characters (the contract's schema), and not guessable by zxcvbn with the owner's own
 * words added to its dictionaries. A weak one is a 400 naming `field`, with zxcvbn's advice in Spanish.
 */
export function assertStrongPassword(password: string, owner: PasswordOwner, field = 'password'): void {
  const words = ownerWords(owner);
  let result = zxcvbn().check(password, words);
  // zxcvbn reads a separator as the start of an unknown chunk ('Nueva-Empresa-2026' scores 4, 'NuevaEmpresa2026'
  // 1): the same password without separators is estimated too and the lower score counts.
  const joined = password.replace(/[\s\-_.,;:/|+]+/g, '');
  if (result.score >= MIN_SCORE && joined !== password && joined.length > 0) {
    const other = zxcvbn().check(joined, words);
    if (other.score < result.score) result = other;
  }
  if (result.score >= MIN_SCORE) return;
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).slice(0, 2).join(' ');
  const message = `La contraseña es fácil de adivinar.${advice ? ` ${advice}` : ''}`;
  throw validationError('La contraseña es fácil de adivinar', [{ path: field, message }]);
}
