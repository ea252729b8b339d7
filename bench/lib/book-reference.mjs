// The benchmark book's reference data: 20 banks of very different sizes (the largest holds half the book), their
// companies and users, issuer parties with Spanish-looking names and valid CUITs, and the SQL helper functions that
// draw them (schema `bench`, which the app never reads). See book.mjs.

export const BENCH_PASSWORD = 'Bench1234!';
export const BANKS = 20;

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
