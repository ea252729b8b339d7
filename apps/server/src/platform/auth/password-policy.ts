import { type ZxcvbnFactory as Factory, ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import * as es from '@zxcvbn-ts/language-es-es';
import { validationError } from '../http/app-error';
import { PASSWORD_FEEDBACK_ES_AR } from './password-texts';

/** zxcvbn's score (0–4) a new password needs: 3 is "safely unguessable" (about 10⁸ guesses and more). */
const MIN_SCORE = 3;

let factory: Factory | undefined;

/**
 * Built once per process (about 0.2 s and 24 MB for the dictionaries: the common and breached passwords, English and
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

/**
 * Builds the dictionaries now (the server calls it while it starts, before it listens): built on a first
 * registration instead, they held the event loop for up to 3 s on a loaded machine, in the middle of a flood.
 */
export function preparePasswordPolicy(): void {
  zxcvbn();
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

/** A remainder judged weak: the reason is the owner's own words, whatever else zxcvbn says of what is left. */
function withOwnerWarning<T extends { feedback: { warning: string | null; suggestions: string[] } }>(r: T): T {
  return {
    ...r,
    feedback: { warning: PASSWORD_FEEDBACK_ES_AR.warnings.userInputs, suggestions: r.feedback.suggestions },
  };
}

/**
 * The policy for every password set through the API (registration, a change, a user created or reset by an
 * administrator): at least 12 characters (the contract's schema), and not guessable by zxcvbn with the owner's own
 * words added to its dictionaries. A weak one is a 400 naming `field`, with zxcvbn's advice in Spanish.
 */
export function assertStrongPassword(password: string, owner: PasswordOwner, field = 'password'): void {
  const words = ownerWords(owner);
  // zxcvbn reads a separator as the start of an unknown chunk ('Nueva-Empresa-2026' scores 4, 'NuevaEmpresa2026'
  // 1), and prices each of the owner's words at a few hundred guesses, so a password made of them and a year can
  // still reach 10⁸ ('QuirogaHermanos2024' scores 3). A targeted attacker knows those words: what is left without
  // them must be strong by itself. The password, the password without separators and what remains without the
  // owner's words are estimated; the lowest score counts.
  const joined = password.replace(/[\s\-_.,;:/|+]+/g, '');
  let remainder = joined;
  for (const w of [...words].filter((x) => x.length >= 4).sort((a, b) => b.length - a.length)) {
    remainder = remainder.replace(new RegExp(w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu'), '');
  }
  let result = zxcvbn().check(password, words);
  for (const candidate of new Set([joined, remainder])) {
    if (result.score < MIN_SCORE || candidate === password) continue;
    const other = candidate.length === 0 ? { ...result, score: 0 as const } : zxcvbn().check(candidate, words);
    if (other.score < result.score)
      result = candidate === remainder && remainder !== joined ? withOwnerWarning(other) : other;
  }
  if (result.score >= MIN_SCORE) return;
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).slice(0, 2).join(' ');
  const message = `La contraseña es fácil de adivinar.${advice ? ` ${advice}` : ''}`;
  throw validationError('La contraseña es fácil de adivinar', [{ path: field, message }]);
}
