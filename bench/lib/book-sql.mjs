// The benchmark book's three big tables, written inside the database by `insert … select` over the reference data
// (book-reference.mjs): cheques, custody and discounts in the states their lives imply. See book.mjs.

export const TODAY = `(now() at time zone 'America/Argentina/Buenos_Aires')::date`;

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
