import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATION_TYPES } from './operations';
import { TRANSITIONS } from './rules';

/** The README's transition table is what `TRANSITIONS` says: the documentation cannot drift from the data. */
describe('the README of the lifecycle', () => {
  it('lists every available operation with its states, party, window and conditions', () => {
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    const rows = readme
      .split('\n')
      .filter((line) => /^\| [A-Z_]+ \|/.test(line))
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    const list = (cell: string) => (cell === '—' || cell === '' ? [] : cell.split(', '));
    const documented = Object.fromEntries(
      rows.map(([op, from, to, by, window, conditions]) => [
        op,
        { from: list(from as string), to, by, window, conditions: list(conditions as string), available: true },
      ]),
    );
    const available = OPERATION_TYPES.filter((op) => TRANSITIONS[op].available);
    expect(Object.keys(documented)).toEqual(available);
    for (const op of available) expect(documented[op], op).toEqual(TRANSITIONS[op]);
  });
});
