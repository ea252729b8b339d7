import fc from 'fast-check';
import { z } from 'zod';
import { addDays, cuitFor, today } from './support';

/**
 * Bodies for the fuzzing of the write routes, generated from each route's zod schema (through its JSON Schema):
 * valid ones (field overrides give the refined formats — CUIT check digit, real dates, two-decimal amounts — a good
 * chance), nearly valid ones (one field dropped, retyped, made hostile, an unknown field added) and hostile raw texts
 * (NaN/Infinity tokens, deep nesting, poisoned keys, oversize, broken JSON).
 */
export type Case = { kind: 'json'; label: string; body: unknown } | { kind: 'raw'; label: string; text: string };

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  items?: JsonSchema;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
};

export type Overrides = Record<string, fc.Arbitrary<unknown>>;

let emailSeq = 0;
/** Fields whose refinements JSON Schema cannot express: mostly valid values, sometimes not. */
export function commonOverrides(ids: { uuids: string[] }): Overrides {
  const date = (from: number, to: number) => fc.integer({ min: from, max: to }).map((d) => addDays(today(), d));
  const cuit = fc.oneof(
    fc.integer({ min: 1, max: 80_000_000 }).map((n) => cuitFor(n)),
    fc.integer({ min: 1, max: 80_000_000 }).map((n) => {
      const c = cuitFor(n);
      return `${c.slice(0, 2)}-${c.slice(2, 10)}-${c.slice(10)}`;
    }),
    fc.stringMatching(/^\d{11}$/),
  );
  const amount = fc.oneof(
    fc.integer({ min: 1, max: 99_999_999 }).map((c) => c / 100),
    fc.integer({ min: 1, max: 1_000_000 }),
  );
  return {
    cuit,
    issuer_cuit: fc.option(cuit, { nil: null }),
    beneficiary_cuit: fc.option(cuit, { nil: null }),
    issue_date: date(-60, 0),
    due_date: date(1, 200),
    amount,
    requested_amount: amount,
    email: fc.constant(null).map(() => `fuzz${process.pid}x${Date.now().toString(36)}${++emailSeq}@fuzz.example`),
    password: fc.stringMatching(/^[A-Za-z]{4,10}[0-9]{4}$/),
    newPassword: fc.stringMatching(/^[A-Za-z]{4,10}[0-9]{4}$/),
    echeq_id: fc.constantFrom(...ids.uuids),
    tenant_id: fc.constantFrom(...ids.uuids),
    discount_rate: fc.integer({ min: 0, max: 1_000_000 }).map((p) => p / 1_000_000),
    codigo: fc.stringMatching(/^[A-Z0-9]{2,12}$/),
    // Only loopback addresses: nothing here may call out of this machine.
    base_url: fc.option(fc.constantFrom('http://127.0.0.1:9/coelsa', 'http://localhost:9', 'https://127.0.0.1:9/api'), {
      nil: null,
    }),
    mfa_code: fc.stringMatching(/^\d{6}$/),
    code: fc.stringMatching(/^\d{6}$/),
  };
}

function text(s: JsonSchema): fc.Arbitrary<string> {
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern));
  if (s.format === 'uuid') return fc.uuid();
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? 60, Math.max(min, 60));
  return fc.oneof(
    fc.string({ minLength: Math.max(min, 1), maxLength: max }),
    fc.constantFrom('Empresa Ñandú S.A.', 'Razón Social Ü', 'Comercio del Sur', 'Nota con acentos: á é í ó ú'),
  );
}

/** A valid-looking value for a JSON Schema (refinements aside). */
function fromJsonSchema(s: JsonSchema, overrides: Overrides, name?: string): fc.Arbitrary<unknown> {
  if (name && overrides[name]) return overrides[name]!;
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.oneOf ?? s.anyOf;
  if (alts) return fc.oneof(...alts.map((a) => fromJsonSchema(a, overrides, name)));
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((t) => fromJsonSchema({ ...s, type: t }, overrides, name)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'string':
      return text(s);
    case 'integer': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1000);
      const max = Math.min(s.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
      return fc.integer({ min: Math.max(min, -2_147_483_648), max: Math.min(max, 2_147_483_647) });
    }
    case 'number':
      return fc.integer({ min: 0, max: 100_000_000 }).map((c) => c / 100);
    case 'array':
      return fc.array(s.items ? fromJsonSchema(s.items, overrides) : fc.anything(), {
        maxLength: Math.min(s.maxItems ?? 3, 3),
      });
    case 'object': {
      const props = s.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) model[k] = fromJsonSchema(v, overrides, k);
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

/** Values that break a field: wrong types, extremes, impossible dates, unicode, injections. */
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  -0.01,
  1.005,
  0.001,
  123.456,
  1e15,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  '   ',
  'x'.repeat(10_000),
  'ü'.repeat(5_000),
  '🙂 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 \u202Eevil\u202C',
  'a\u0000b',
  '\u0000',
  '\uFEFF',
  "' OR '1'='1' --",
  "'); DROP TABLE echeqs; --",
  '1; select pg_sleep(5)',
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '$' + '{jndi:ldap://127.0.0.1/x}',
  '../../etc/passwd',
  '2024-02-30',
  '2023-13-01',
  '0000-00-00',
  '9999-12-31',
  '2024-1-1',
  '2024-01-01T00:00:00Z',
  '12345678901234567890',
  '1e999',
  'NaN',
  [],
  [1, 2, 3],
  {},
  { $gt: '' },
  { a: { b: { c: { d: 'e' } } } },
];

const POISON_KEYS = ['__proto__', 'constructor', 'prototype'];

const DEPTHS = [31, 33, 40, 200, 5_000];
function nested(depth: number, leaf: string): string {
  return '{"a":'.repeat(depth) + leaf + '}'.repeat(depth);
}

/** Every kind of case for one route: valid, nearly valid and hostile. */
export function casesFor(schema: z.ZodType, overrides: Overrides): fc.Arbitrary<Case> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const valid = fromJsonSchema(json, overrides);
  const validCase = valid.map((body): Case => ({ kind: 'json', label: 'válido', body }));
  const obj = valid.filter((b): b is Record<string, unknown> => !!b && typeof b === 'object' && !Array.isArray(b));
  const keys = Object.keys(json.properties ?? json.anyOf?.[0]?.properties ?? json.oneOf?.[0]?.properties ?? {});
  const field = keys.length ? fc.constantFrom(...keys) : fc.constant('x');

  const nearly = fc.oneof(
    // One field dropped.
    fc.tuple(obj, field).map(([b, k]): Case => {
      const { [k]: _, ...rest } = b;
      return { kind: 'json', label: `sin ${k}`, body: rest };
    }),
    // One field hostile.
    fc.tuple(obj, field, fc.constantFrom(...HOSTILE_VALUES)).map(
      ([b, k, v]): Case => ({
        kind: 'json',
        label: `${k}=${JSON.stringify(v)?.slice(0, 40)}`,
        body: { ...b, [k]: v },
      }),
    ),
    // Two fields hostile.
    fc.tuple(obj, field, field, fc.constantFrom(...HOSTILE_VALUES), fc.constantFrom(...HOSTILE_VALUES)).map(
      ([b, k1, k2, v1, v2]): Case => ({
        kind: 'json',
        label: `${k1},${k2} hostiles`,
        body: { ...b, [k1]: v1, [k2]: v2 },
      }),
    ),
    // An unknown field.
    fc
      .tuple(obj, fc.string({ minLength: 1, maxLength: 20 }), fc.anything({ maxDepth: 2 }))
      .filter(([, k]) => !keys.includes(k) && !POISON_KEYS.includes(k))
      .map(
        ([b, k, v]): Case => ({
          kind: 'json',
          label: `campo desconocido ${JSON.stringify(k)}`,
          body: { ...b, [k]: v },
        }),
      ),
    // A random value of any shape instead of the body.
    fc.anything({ maxDepth: 3 }).map((body): Case => ({ kind: 'json', label: 'cualquier cosa', body })),
  );

  const placeholder = '"\u0001RAW\u0001"';
  const withToken = (b: Record<string, unknown>, k: string, token: string) =>
    JSON.stringify({ ...b, [k]: '\u0001RAW\u0001' }).replace(placeholder, token);
  const hostile = fc.oneof(
    fc
      .tuple(
        obj,
        field,
        fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e999', '0x10', 'undefined', '01', '.5', '+1'),
      )
      .map(([b, k, t]): Case => ({ kind: 'raw', label: `${k}=${t} (texto)`, text: withToken(b, k, t) })),
    fc.tuple(obj, fc.constantFrom(...POISON_KEYS)).map(
      ([b, k]): Case => ({
        kind: 'raw',
        label: `clave ${k}`,
        text: JSON.stringify(b).replace(/^\{/, `{"${k}":{"isAdmin":true,"role":"SYSTEM_ADMIN"},`),
      }),
    ),
    fc
      .tuple(obj, field, fc.constantFrom(...DEPTHS))
      .map(([b, k, d]): Case => ({ kind: 'raw', label: `${k} anidado ${d}`, text: withToken(b, k, nested(d, '1')) })),
    fc.constantFrom(...DEPTHS).map((d): Case => ({ kind: 'raw', label: `cuerpo anidado ${d}`, text: nested(d, '{}') })),
    fc
      .constantFrom(
        '{',
        '{"a":}',
        '[',
        '{"a":1,}',
        "{'a':1}",
        '\uFEFF{}',
        'null',
        '[]',
        '"texto"',
        '42',
        'true',
        '{"a":"\\ud800"}',
        '{"a":"\\u0000"}',
      )
      .map((text): Case => ({ kind: 'raw', label: `texto ${text.slice(0, 20)}`, text })),
    obj.map(
      (b): Case => ({
        kind: 'raw',
        label: 'claves repetidas',
        text: JSON.stringify(b).replace(/^\{/, '{"x":1,"x":2,'),
      }),
    ),
    fc.tuple(obj, field).map(
      ([b, k]): Case => ({
        kind: 'raw',
        label: `${k} de 1,2 MB (413)`,
        text: JSON.stringify({ ...b, [k]: 'A'.repeat(1_200_000) }),
      }),
    ),
  );

  return fc.oneof(
    { arbitrary: validCase, weight: 4 },
    { arbitrary: nearly, weight: 4 },
    { arbitrary: hostile, weight: 2 },
  );
}
