// The benchmark's book: 20 banks of very different sizes (the largest holds half the book), their companies, a
// million cheques with Spanish-looking names, custody for about 60 % of them and discounts in every status, spread
// over two years. Everything is generated inside the database (`insert … select … generate_series`), with SQL helper
// functions in a schema of its own (`bench`) that the app never reads.
//
// The same statements run on PostgreSQL and on the embedded database (PGlite); `run(sql, params)` is whichever
// driver the caller has. Secondary indexes, foreign keys and user triggers of the three big tables are set aside
// during the load and restored afterwards (restoring the unique indexes and foreign keys validates every row), then
// the reports' counters are backfilled with the statements of the reports migration, and everything is analysed.

import { readFileSync } from 'node:fs';
import path from 'node:path';

export const BENCH_PASSWORD = 'Bench1234!';
export const BANKS = 20;
const BIG_TABLES = ['echeqs', 'custody', 'discounts'];
const REPORTS_MIGRATION = path.resolve(import.meta.dirname, '../../apps/server/src/db/migrations/0006_reports.sql');

const BANK_NAMES = [
  ['Banco del Plata', 'PLATA'],
  ['Banco Andino', 'ANDINO'],
  ['Banco Litoral', 'LITORAL'],
  ['Banco Pampeano', 'PAMPA'],
  ['Banco de la Ribera', 'RIBERA'],
  ['Banco Patagónico', 'PATAG'],
  ['Banco Cuyano', 'CUYO'],
  ['Banco del Norte Grande', 'NORTE'],
  ['Banco Mesopotámico', 'MESOP'],
  ['Banco Serrano', 'SERRA'],
  ['Banco del Valle', 'VALLE'],
  ['Banco Austral', 'AUSTRAL'],
  ['Banco Chaqueño', 'CHACO'],
  ['Banco del Puerto', 'PUERTO'],
  ['Banco Comahue', 'COMAHUE'],
  ['Banco Puntano', 'PUNTA'],
  ['Banco Riojano', 'RIOJA'],
  ['Banco del Delta', 'DELTA'],
  ['Banco Fueguino', 'FUEGO'],
  ['Banco Calchaquí', 'CALCHA'],
];

/** How big the book is at a given scale (1 = a million cheques). */
export function sizes(scale) {
  const cheques = Math.max(2000, Math.round(1_000_000 * scale));
  return {
    cheques,
    companies: Math.max(60, Math.round(2000 * scale)),
    discounts: Math.round(cheques * 0.2),
    custodyShare: 0.6,
    parties: Math.max(2000, Math.round(50_000 * Math.min(1, scale * 2))),
  };
}

/** Bank weights: the largest holds half the book, the others share the rest on a steep power law. */
function bankPlan(size) {
  const rest = Array.from({ length: BANKS - 1 }, (_, k) => 1 / (k + 1) ** 1.15);
  const sum = rest.reduce((a, b) => a + b, 0);
  const weights = [0.5, ...rest.map((w) => (0.5 * w) / sum)];
  let firstCheque = 1;
  let firstCompany = 1;
  const companyCounts = weights.map((w) => Math.max(3, Math.round(size.companies * w)));
  // The largest bank takes what the minimum of 3 per bank leaves (at least its half).
  companyCounts[0] = Math.max(
    Math.round(size.companies / 2),
    size.companies - companyCounts.slice(1).reduce((a, b) => a + b, 0),
  );
  return weights.map((w, i) => {
    const cheques = i === BANKS - 1 ? size.cheques - firstCheque + 1 : Math.round(size.cheques * w);
    const bank = {
      idx: i + 1,
      nombre: BANK_NAMES[i][0],
      codigo: BANK_NAMES[i][1],
      firstCheque,
      lastCheque: firstCheque + cheques - 1,
      firstCompany,
      companies: companyCounts[i],
      // Annual nominal discount rate between 30 % and 60 %.
      rate: (0.3 + ((i * 7) % 13) * 0.025).toFixed(6),
    };
    firstCheque += cheques;
    firstCompany += companyCounts[i];
    return bank;
  });
}

const FIRST_NAMES = (
  'María,José,Juan,Ana,Carlos,Laura,Jorge,Silvia,Luis,Patricia,Miguel,Claudia,Roberto,Graciela,Daniel,' +
  'Marcela,Alejandro,Gabriela,Ricardo,Sandra,Fernando,Mónica,Diego,Verónica,Pablo,Andrea,Martín,Lucía,' +
  'Sergio,Valeria,Gustavo,Carolina,Eduardo,Florencia,Javier,Romina,Héctor,Natalia,Raúl,Soledad'
).split(',');
const SURNAMES = (
  'González,Rodríguez,Gómez,Fernández,López,Díaz,Martínez,Pérez,García,Sánchez,Romero,Sosa,Álvarez,' +
  'Torres,Ruiz,Ramírez,Flores,Benítez,Acosta,Medina,Herrera,Suárez,Aguirre,Giménez,Gutiérrez,Pereyra,' +
  'Rojas,Molina,Castro,Ortiz,Silva,Núñez,Luna,Juárez,Cabrera,Ríos,Morales,Godoy,Moreno,Ferreyra,' +
  'Domínguez,Carrizo,Peralta,Castillo,Ledesma,Quiroga,Vega,Vera,Muñoz,Ojeda'
).split(',');
const PLACES = (
  'del Sur,Pampa,Río Cuarto,San Martín,Los Andes,Patagonia,Mar del Plata,Rosario,Córdoba,Mendoza,' +
  'Tucumán,Salta,Paraná,Santa Fe,Neuquén,Bahía Blanca,La Plata,San Juan,Junín,Pergamino,Rafaela,Tandil,' +
  'Olavarría,Venado Tuerto,Villa María,Concordia,Posadas,Resistencia,Trelew,Luján'
).split(',');
// {s} a surname, {t} another, {p} a place.
const COMPANY_FORMS = (
  '{s} Hermanos S.A.,{s} y {t} S.R.L.,Distribuidora {s} S.A.,Agropecuaria {p} S.A.,' +
  'Transportes {p} S.R.L.,Constructora {s} S.A.,Metalúrgica {p} S.A.,Comercial {s} S.R.L.,' +
  'Frigorífico {p} S.A.,Industrias {s} S.A.,Logística {p} S.A.,Textil {s} S.R.L.,Alimentos {p} S.A.,' +
  'Servicios {s} S.A.S.,Estudio {s} y Asociados,Laboratorios {p} S.A.,Ferretería {s} S.R.L.,' +
  'Cooperativa {p} Ltda.'
).split(',');

const arr = (items) => `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}]::text[]`;

/** The helper schema: name and CUIT functions (deterministic in their argument). */
export function helperSchemaSql() {
  return `
drop schema if exists bench cascade;
create schema bench;

create function bench.pick(a text[], k bigint) returns text language sql immutable parallel safe
  as $$ select a[1 + (k % array_length(a, 1))::int] $$;

create function bench.person_name(k bigint) returns text language sql immutable parallel safe as $$
  select bench.pick(${arr(FIRST_NAMES)}, k) || ' ' ||
         bench.pick(${arr(SURNAMES)}, k / ${FIRST_NAMES.length}) || ' ' ||
         bench.pick(${arr(SURNAMES)}, k / ${FIRST_NAMES.length * SURNAMES.length} + 7)
$$;

create function bench.company_name(k bigint) returns text language sql immutable parallel safe as $$
  select replace(replace(replace(bench.pick(${arr(COMPANY_FORMS)}, k),
    '{s}', bench.pick(${arr(SURNAMES)}, k / ${COMPANY_FORMS.length})),
    '{t}', bench.pick(${arr(SURNAMES)}, k / ${COMPANY_FORMS.length * SURNAMES.length} + 11)),
    '{p}', bench.pick(${arr(PLACES)}, k / ${COMPANY_FORMS.length}))
$$;

-- CUIT check digit (mod 11 with weights 5432765432) of ten digits; -1 when no digit is valid for them.
create function bench.cuit_check(d text) returns int language plpgsql immutable parallel safe as $$
declare
  w int[] := array[5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  s int := 0;
begin
  for i in 1..10 loop
    s := s + substr(d, i, 1)::int * w[i];
  end loop;
  return case 11 - s % 11 when 11 then 0 when 10 then -1 else 11 - s % 11 end;
end $$;

-- A valid CUIT: the prefix, the 8-digit body n (or the next one whose check digit exists) and its check digit.
create function bench.cuit(prefix text, n bigint) returns text language plpgsql immutable parallel safe as $$
declare
  d text;
  c int;
begin
  for k in 0..5 loop
    d := prefix || lpad(((n + k) % 100000000)::text, 8, '0');
    c := bench.cuit_check(d);
    if c >= 0 then
      return d || c::text;
    end if;
  end loop;
  return null;
end $$;

create table bench.banks (
  idx int primary key, tenant_id uuid not null, codigo text not null, first_cheque bigint not null,
  last_cheque bigint not null, first_company int not null, companies int not null, rate numeric(8, 6) not null,
  admin_id uuid, admin_email text
);
create table bench.companies (
  idx int primary key, bank_idx int not null, local_idx int not null, id uuid not null default gen_random_uuid(),
  tenant_id uuid not null, name text not null, cuit char(11) not null, user_id uuid, user_email text
);
create unique index on bench.companies (bank_idx, local_idx);
create table bench.parties (idx int primary key, name text not null, cuit char(11) not null);
create table bench.meta (key text primary key, value jsonb not null);
`;
}

/** Banks, their clearing-house configuration (the built-in sandbox), companies, users and issuer parties. */
export function referenceDataStatements(size, passwordHash) {
  const plan = bankPlan(size);
  const values = plan
    .map(
      (b) =>
        `(${b.idx}, '${b.nombre.replace(/'/g, "''")}', 'B${b.codigo}', ${b.firstCheque}, ${b.lastCheque}, ${b.firstCompany}, ${b.companies}, ${b.rate})`,
    )
    .join(',\n  ');
  return [
    [
      `create temp table bench_plan (idx int, nombre text, codigo text, first_cheque bigint, last_cheque bigint,
         first_company int, companies int, rate numeric) on commit preserve rows`,
    ],
    [`insert into bench_plan values\n  ${values}`],
    [
      `insert into tenants (nombre, codigo, cuit, tipo, estado, discount_rate, created_at, updated_at)
       select nombre, codigo, bench.cuit('30', 50000000 + idx * 1013), 'BANCO', 'ACTIVO', rate,
              now() - interval '800 days', now() - interval '800 days'
       from bench_plan order by idx`,
    ],
    [
      `insert into bench.banks (idx, tenant_id, codigo, first_cheque, last_cheque, first_company, companies, rate)
       select p.idx, t.id, p.codigo, p.first_cheque, p.last_cheque, p.first_company, p.companies, p.rate
       from bench_plan p join tenants t on t.codigo = p.codigo`,
    ],
    [
      `insert into coelsa_configs (tenant_id, environment, test_status, tested_at, test_message)
       select tenant_id, 'sandbox', 'success', now(), 'Conectado a Sandbox' from bench.banks`,
    ],
    [
      `insert into coelsa_sandbox_participants (tenant_id, enabled, created_at, updated_at)
       select tenant_id, true, now(), now() from bench.banks`,
    ],
    // Companies: a bank's companies have local numbers 0..n-1; cheques favour the low numbers (big clients first).
    [
      `insert into bench.companies (idx, bank_idx, local_idx, tenant_id, name, cuit)
       select b.first_company + j, b.idx, j, b.tenant_id,
              bench.company_name((b.first_company + j) * 7919),
              bench.cuit(case when (b.first_company + j) % 5 = 0 then '33' else '30' end,
                         60000000 + (b.first_company + j) * 17)
       from bench.banks b, generate_series(0, b.companies - 1) j`,
    ],
    [
      `insert into companies (id, tenant_id, name, cuit, created_at)
       select id, tenant_id, name, cuit, now() - interval '790 days' + (idx % 300) * interval '1 day'
       from bench.companies`,
    ],
    // A bank administrator per bank, a company user for the largest tenth of each bank's companies.
    [
      `update bench.banks set admin_email = 'admin@' || lower(codigo) || '.bench.example', admin_id = gen_random_uuid()`,
    ],
    [
      `insert into users (id, tenant_id, email, password_hash, role, full_name, status, created_at, updated_at)
       select admin_id, tenant_id, admin_email, $1, 'BANK_ADMIN', 'Administración ' || t.nombre, 'ACTIVE',
              now() - interval '790 days', now() - interval '790 days'
       from bench.banks b join tenants t on t.id = b.tenant_id`,
      [passwordHash],
    ],
    [
      `update bench.companies c set user_id = gen_random_uuid(), user_email = 'empresa' || c.idx || '@bench.example'
       from bench.banks b
       where b.idx = c.bank_idx and c.local_idx < greatest(1, ceil(b.companies * 0.1))`,
    ],
    [
      `insert into users (id, tenant_id, company_id, email, password_hash, role, full_name, status, created_at, updated_at)
       select user_id, tenant_id, id, user_email, $1, 'COMPANY_USER', bench.person_name(idx * 104729), 'ACTIVE',
              now() - interval '780 days', now() - interval '780 days'
       from bench.companies where user_id is not null`,
      [passwordHash],
    ],
    // Issuers: people (CUIT 20/27) and companies (30), reused across cheques like real counterparties.
    [
      `insert into bench.parties (idx, name, cuit)
       select k,
              case when k % 2 = 0 then bench.person_name(k * 2654435761) else bench.company_name(k * 40503) end,
              case when k % 2 = 0 then bench.cuit(case when k % 4 = 0 then '20' else '27' end, 10000000 + k * 131)
                   else bench.cuit('30', 70000000 + k * 7) end
       from generate_series(1, ${size.parties}) k`,
    ],
    [`insert into bench.meta (key, value) values ('size', $1::jsonb)`, [JSON.stringify(size)]],
  ];
}

const TODAY = `(now() at time zone 'America/Argentina/Buenos_Aires')::date`;

/**
 * Cheques number lo..hi of the book (each bank owns a contiguous range of numbers). A cheque's bank, company,
 * issuer, amount, dates and state are drawn per row; the number is a permutation of the row number (unique).
 */
export function chequesSql(size) {
  return `
insert into echeqs (tenant_id, company_id, number, amount, currency, issue_date, due_date, issuer, issuer_cuit,
  beneficiary, beneficiary_cuit, status, validation_status, validation_message, validated_at, added_by, created_at,
  updated_at, custody_status)
select x.tenant_id, c.id, x.number, x.amount, x.currency, x.issue_date, x.due_date, p.name, p.cuit,
  case when x.r_ben < 0.8 then c.name else q.name end,
  case when x.r_ben < 0.8 then c.cuit else q.cuit end,
  x.status,
  case when x.r_val < 0.85 then 'VALIDATED' when x.r_val < 0.97 then 'PENDING' else 'REJECTED' end,
  case when x.r_val >= 0.97 then 'COELSA: el CUIT del emisor no coincide con el registrado' end,
  case when x.r_val < 0.85 or x.r_val >= 0.97 then x.created_at + interval '90 seconds' end,
  c.user_id, x.created_at, x.created_at,
  -- The custody the cheque will get (custodySql), in the state its life implies: open while it is active, released
  -- when it was paid (or withdrawn), expired, cancelled.
  case
    when x.r_cus >= ${size.custodyShare} then null
    when x.status = 'ACTIVE' then case when x.r_cst < 0.85 then 'IN_CUSTODY' else 'RELEASED' end
    when x.status = 'PAID' then 'RELEASED'
    when x.status = 'EXPIRED' then 'EXPIRED'
    else 'CANCELLED'
  end
from (
  select d.*,
    case
      when d.due_date >= d.today then case when d.r_st < 0.96 then 'ACTIVE' else 'CANCELLED' end
      when d.due_date >= d.today - 30 then case when d.r_st < 0.5 then 'ACTIVE' when d.r_st < 0.9 then 'PAID' else 'CANCELLED' end
      else case when d.r_st < 0.75 then 'PAID' when d.r_st < 0.9 then 'EXPIRED' else 'CANCELLED' end
    end as status
  from (
  select y.*, ((y.created_at at time zone 'America/Argentina/Buenos_Aires')::date - floor(y.r_iss * 4)::int) as issue_date,
         ((y.created_at at time zone 'America/Argentina/Buenos_Aires')::date - floor(y.r_iss * 4)::int)
           + case when y.r_term < 0.08 then 0 else 1 + floor(power(y.r_term2, 1.6) * 359)::int end as due_date
  from (
    select b.idx as bank_idx, b.tenant_id, i,
      lpad(((i * 48271) % 2147483647)::text, 10, '0') as number,
      least(b.companies - 1, floor(b.companies * power(random(), 2.5)))::int as local_idx,
      1 + least(${size.parties} - 1, floor(${size.parties} * power(random(), 1.3)))::int as party,
      1 + floor(random() * ${size.parties})::int as party2,
      round(exp(ln(1000) + random() * ln(20000))::numeric, 2) as amount,
      case when random() < 0.05 then 'USD' else 'ARS' end as currency,
      now() - power(random(), 0.85) * interval '730 days' as created_at,
      random() as r_iss, random() as r_term, random() as r_term2, random() as r_st, random() as r_val,
      random() as r_ben, random() as r_cus, random() as r_cst, ${TODAY} as today
    from bench.banks b, generate_series(greatest(b.first_cheque, $1::bigint), least(b.last_cheque, $2::bigint)) i
    where b.last_cheque >= $1::bigint and b.first_cheque <= $2::bigint
    offset 0
  ) y
  offset 0
  ) d
) x
join bench.companies c on c.bank_idx = x.bank_idx and c.local_idx = x.local_idx
join bench.parties p on p.idx = x.party
join bench.parties q on q.idx = x.party2`;
}

/**
 * Custody for about 60 % of the cheques, one record each: the cheques given a custody status when written (see
 * chequesSql), in that status.
 */
export function custodySql() {
  return `
insert into custody (tenant_id, company_id, echeq_id, status, custody_date, presentation_deadline, release_date,
  release_reason, released_by, expired_at, notes, added_by, created_at, updated_at, version)
select x.tenant_id, x.company_id, x.id, x.st, x.cd, x.due_date + 30,
  case when x.st = 'RELEASED' then x.rd end,
  case when x.st = 'RELEASED' then case when x.status = 'PAID' then 'Presentado al cobro' else 'Retiro solicitado por la empresa' end end,
  case when x.st = 'RELEASED' then x.admin_id end,
  case when x.st = 'EXPIRED' then greatest(x.cd, least(now(), (x.due_date + 31)::timestamp at time zone 'America/Argentina/Buenos_Aires')) end,
  case when x.r_note < 0.05 then 'Depósito por ventanilla' end,
  x.added_by, x.cd, greatest(x.cd, coalesce(x.rd, x.cd)), case when x.st = 'IN_CUSTODY' then 1 else 2 end
from (
  select y.*, least(now(), y.cd + (1 + y.r_rel * 20) * interval '1 day') as rd
  from (
    select e.id, e.tenant_id, e.company_id, e.status, e.custody_status as st, e.due_date, e.added_by, b.admin_id,
      least(now(), e.created_at + random() * interval '3 days') as cd,
      random() as r_rel, random() as r_note
    from echeqs e join bench.banks b on b.tenant_id = e.tenant_id
    where e.custody_status is not null
    offset 0
  ) y
) x`;
}

/**
 * Discounts on about a third of the custody records (200,000 at full scale) in every status, as the platform's rules
 * allow them (issue 20): approved, open and completed ones only on cheques the clearing house validated, open ones
 * only on cheques still in custody and not yet due, completed ones on cheques still in custody or whose custody
 * expired with them (a discounted cheque's custody is never released); the others rejected or cancelled.
 */
export function discountsSql() {
  return `
insert into discounts (tenant_id, company_id, echeq_id, custody_id, requested_amount, approved_amount, rate, days,
  status, notes, rejection_reason, requested_by, requested_at, approved_by, approved_at, rejected_by, rejected_at,
  cancelled_by, cancelled_at, completed_by, completed_at, updated_at, version)
select x.tenant_id, x.company_id, x.echeq_id, x.custody_id, x.req_amount,
  case when x.st in ('APPROVED', 'COMPLETED') then round(x.req_amount * (1 - x.rate * x.days / 365), 2) end,
  case when x.st in ('APPROVED', 'COMPLETED') then x.rate end,
  case when x.st in ('APPROVED', 'COMPLETED') then x.days end,
  x.st,
  case when x.r_note < 0.1 then 'Solicitud por necesidad de capital de trabajo' end,
  case when x.st = 'REJECTED' then 'Rechazado por el administrador' end,
  x.user_id, x.req_at,
  case when x.st in ('APPROVED', 'COMPLETED') then x.admin_id end,
  case when x.st in ('APPROVED', 'COMPLETED') then x.dec_at end,
  case when x.st = 'REJECTED' then x.admin_id end,
  case when x.st = 'REJECTED' then x.dec_at end,
  case when x.st = 'CANCELLED' then x.user_id end,
  case when x.st = 'CANCELLED' then x.dec_at end,
  case when x.st = 'COMPLETED' then x.admin_id end,
  case when x.st = 'COMPLETED' then least(now(), x.dec_at + interval '1 day') end,
  case when x.st = 'PENDING' then x.req_at when x.st = 'COMPLETED' then least(now(), x.dec_at + interval '1 day') else x.dec_at end,
  case when x.st = 'PENDING' then 1 when x.st = 'COMPLETED' then 3 else 2 end
from (
  select y.*,
    case
      when y.custody_status = 'IN_CUSTODY' and y.validation_status = 'VALIDATED' and y.due_date > y.today
           and y.e_status = 'ACTIVE' then
        case when y.r_st < 0.3 then 'PENDING' when y.r_st < 0.55 then 'APPROVED' when y.r_st < 0.7 then 'COMPLETED'
             when y.r_st < 0.88 then 'REJECTED' else 'CANCELLED' end
      when y.custody_status = 'EXPIRED' and y.validation_status = 'VALIDATED' then
        case when y.r_st < 0.6 then 'COMPLETED' when y.r_st < 0.85 then 'REJECTED' else 'CANCELLED' end
      else case when y.r_st < 0.7 then 'REJECTED' else 'CANCELLED' end
    end as st,
    greatest(1, y.due_date - (y.dec_at at time zone 'America/Argentina/Buenos_Aires')::date) as days
  from (
    select c.id as custody_id, c.tenant_id, c.company_id, c.echeq_id, c.status as custody_status,
      e.amount, e.due_date, e.status as e_status, e.validation_status, b.rate, b.admin_id, co.user_id,
      greatest(0.01, round(e.amount * (0.5 + random() * 0.5)::numeric, 2)) as req_amount,
      z.req_at, least(now(), z.req_at + random() * interval '2 days') as dec_at,
      random() as r_st, random() as r_note, ${TODAY} as today
    from custody c
    join echeqs e on e.id = c.echeq_id
    join bench.banks b on b.tenant_id = c.tenant_id
    join bench.companies co on co.id = c.company_id
    cross join lateral (select least(now(), c.custody_date + random() * interval '5 days') as req_at) z
    where random() < $1::float8
    offset 0
  ) y
) x`;
}

/** The cheques whose discount was approved are the bank's (migration 0014): marked as the approval does. */
export function discountedSql() {
  return `
update echeqs e set discounted_at = d.approved_at
from discounts d
where d.echeq_id = e.id and d.status in ('APPROVED', 'COMPLETED')`;
}

/** The statements of the reports migration that fill its counters from existing rows (its backfill). */
function reportBackfillStatements() {
  let sql = '';
  try {
    sql = readFileSync(REPORTS_MIGRATION, 'utf8');
  } catch {
    return [];
  }
  // Top-level statements only: comments and function bodies ($$ … $$) removed first.
  const noComments = sql.replace(/--[^\n]*/g, '').replace(/\$(\w*)\$[\s\S]*?\$\1\$/g, "''");
  const statements = [...noComments.matchAll(/insert\s+into\s+(report_\w+)[\s\S]*?;/gi)].map((m) => ({
    table: m[1],
    sql: m[0].replace(/;\s*$/, ''),
  }));
  return statements;
}

/** Secondary indexes, foreign keys and user triggers of the big tables: set aside before the load. */
export async function setAsideForLoad(run) {
  const idx = await run(
    `select i.tablename as table, i.indexname as name, i.indexdef as def
     from pg_indexes i
     where i.schemaname = 'public' and i.tablename = any($1::text[])
       and not exists (select 1 from pg_constraint c where c.conindid = to_regclass('public.' || quote_ident(i.indexname)))`,
    [BIG_TABLES],
  );
  const fks = await run(
    `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as def
     from pg_constraint where contype = 'f' and conrelid = any($1::regclass[])`,
    [BIG_TABLES],
  );
  for (const f of fks.rows) await run(`alter table ${f.table} drop constraint ${f.name}`);
  for (const i of idx.rows) await run(`drop index ${i.name}`);
  for (const t of BIG_TABLES) await run(`alter table ${t} disable trigger user`);
  return { indexes: idx.rows, foreignKeys: fks.rows };
}

export async function restoreAfterLoad(run, aside, log = () => {}) {
  for (const i of aside.indexes) {
    const t = Date.now();
    await run(i.def);
    log(`  index ${i.name} ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  for (const f of aside.foreignKeys) {
    const t = Date.now();
    await run(`alter table ${f.table} add constraint ${f.name} ${f.def}`);
    log(`  foreign key ${f.name} ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  for (const t of BIG_TABLES) await run(`alter table ${t} enable trigger user`);
}

/** Empties the counters and fills them with the migration's own backfill statements. */
export async function backfillReports(run, log = () => {}) {
  const statements = reportBackfillStatements();
  const tables = [...new Set(statements.map((s) => s.table))];
  // The bank-wide counters follow the per-company ones (triggers): emptied after them.
  for (const t of [...tables, 'report_custody_bank', 'report_discount_bank']) await run(`delete from ${t}`);
  for (const s of statements) {
    const t = Date.now();
    await run(s.sql);
    log(`  backfill ${s.table} ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  return tables;
}

/**
 * Checks that restoring the constraints cannot show: states consistent with each other. Returns problems found.
 */
export async function checkBook(run) {
  const checks = [
    [
      'custody IN_CUSTODY with presentation deadline passed',
      `select count(*)::int as n from custody where status = 'IN_CUSTODY' and presentation_deadline < ${TODAY}`,
    ],
    [
      'open discount whose custody is not IN_CUSTODY',
      `select count(*)::int as n from discounts d join custody c on c.id = d.custody_id
       where d.status in ('PENDING', 'APPROVED') and c.status <> 'IN_CUSTODY'`,
    ],
    [
      'discount of another company than its custody',
      `select count(*)::int as n from discounts d join custody c on c.id = d.custody_id
       where d.company_id <> c.company_id or d.tenant_id <> c.tenant_id or d.echeq_id <> c.echeq_id`,
    ],
    [
      'CUIT with a wrong check digit',
      `select count(*)::int as n from (
         select cuit from tenants union all select cuit from companies
         union all select cuit from bench.parties) c
       where bench.cuit_check(substr(c.cuit, 1, 10)) <> substr(c.cuit, 11, 1)::int`,
    ],
    [
      "cheque whose custody status is not its latest custody record's",
      `select count(*)::int as n from echeqs e
       left join lateral (select cu.status from custody cu where cu.echeq_id = e.id
                          order by cu.custody_date desc, cu.id desc limit 1) l on true
       where e.custody_status is distinct from l.status`,
    ],
    [
      'discount on a cheque not validated, or approved without marking its cheque, or with its custody released',
      `select count(*)::int as n from discounts d join echeqs e on e.id = d.echeq_id join custody c on c.id = d.custody_id
       where (d.status in ('PENDING', 'APPROVED', 'COMPLETED') and e.validation_status <> 'VALIDATED')
          or (d.status in ('APPROVED', 'COMPLETED') and (e.discounted_at is null or c.status = 'RELEASED'))`,
    ],
    [
      'cheque of a company of another bank',
      `select count(*)::int as n from echeqs e join companies c on c.id = e.company_id where c.tenant_id <> e.tenant_id`,
    ],
  ];
  const problems = [];
  for (const [label, sql] of checks) {
    const n = (await run(sql)).rows[0].n;
    if (n > 0) problems.push(`${label}: ${n}`);
  }
  return problems;
}
