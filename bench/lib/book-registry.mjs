// The benchmark book's registry cheques (issue 22): a share of the cheques without custody turned, in one statement,
// into copies of registry cheques (origin REGISTRY) in the states their dates and status imply, with the company's
// tray and `awaiting` as the inbox would have written them, so that the trays and the paying bank's queue have
// content. Every bank gets a bank code (account_banks), which the queue reads, and every company adheres to the
// registry through its bank (registry_adherents, decision 039), as the bank's inbox would have told it. The book
// holds no registry events (only the banks' copies), so registry_event_banks starts empty as registry_events does.
import { TODAY } from './book-sql.mjs';

/** The share of the cheques (of those without custody) that are registry cheques. */
const REGISTRY_SHARE = 0.1;

/** A 3-digit bank code per bench bank, as the accounts module keeps it. */
export function bankCodesSql() {
  return `
insert into account_banks (tenant_id, bank_code)
select b.tenant_id, lpad((600 + b.idx)::text, 3, '0') from bench.banks b
on conflict do nothing`;
}

/**
 * Every company's CUIT adheres at its bank's code, and the company is marked as adhered (the bank's inbox would
 * otherwise tell the registry of all of them on its first run).
 */
export function adherentsSql() {
  return `
with adhered as (
  update companies co set registry_adhered_at = now() from account_banks ab
  where ab.tenant_id = co.tenant_id and co.registry_adhered_at is null
  returning btrim(co.cuit) as cuit, ab.bank_code
)
insert into registry_adherents (cuit, bank_code, adhered_at)
select distinct cuit, bank_code, now() from adhered where cuit ~ '^[0-9]{11}$'
on conflict do nothing`;
}

/**
 * State by the cheque's status and payment date: PAID → PAGADO, CANCELLED → ANULADO, EXPIRED → CADUCADO; an active
 * one due in the last 30 days PRESENTADO (half; the company drew it on its account at the bank, an outside party
 * holds it: the bank's queue) or ACTIVO (its deposit window open: it awaits the company); not yet due,
 * EMITIDO-PENDIENTE (awaits the company's acceptance), ACTIVO-PENDIENTE (the company endorsed it on) or ACTIVO.
 */
export function registryCopiesSql() {
  return `
update echeqs e set origin = 'REGISTRY', cheque_id = s.cheque_id, state = s.state, tipo = 'DIFERIDO',
  caracter = 'A_LA_ORDEN', concepto = 'FAC', payment_date = e.due_date, holder_cuit = s.holder,
  endorsements = 0, tray = s.tray, awaiting = s.awaiting, bank_copy = true, validation_status = 'VALIDATED',
  validation_message = null, validated_at = coalesce(e.validated_at, e.created_at),
  status = case when s.state = 'PRESENTADO' then 'ACTIVE' else e.status end,
  issuer = s.issuer_name, issuer_cuit = s.issuer_cuit, beneficiary = s.ben_name, beneficiary_cuit = s.ben_cuit,
  registry = jsonb_build_object(
    'cheque_id', s.cheque_id, 'number', right(e.number, 8), 'cmc7', lpad(right(e.number, 8), 29, '0'),
    'tipo', 'DIFERIDO', 'caracter', 'A_LA_ORDEN', 'concepto', 'FAC', 'motivo', null, 'amount', e.amount,
    'currency', btrim(e.currency), 'issue_date', e.issue_date, 'payment_date', e.due_date,
    'issuer', jsonb_build_object('cuit', s.issuer_cuit, 'name', s.issuer_name, 'bank_code', s.issuer_bank,
      'cbu', s.issuer_bank || lpad(right(e.number, 8), 19, '0')),
    'beneficiary', jsonb_build_object('cuit', s.ben_cuit, 'name', s.ben_name),
    'holder_cuit', s.holder,
    'endorsements', case when s.state = 'ACTIVO-PENDIENTE' then jsonb_build_array(jsonb_build_object(
      'from_cuit', s.company_cuit, 'to_cuit', s.party_cuit, 'to_name', s.party_name, 'at', e.created_at,
      'status', 'PENDING', 'motivo', null)) else '[]'::jsonb end,
    'state', s.state, 'issued_at', e.created_at, 'annulment', null, 'repudiation', null,
    'deposit', case when s.state = 'PRESENTADO' then jsonb_build_object('at', e.due_date::timestamptz,
      'automatic', false, 'clearing_date', e.due_date) end,
    'presented_at', case when s.state = 'PRESENTADO' then e.due_date::timestamptz end,
    'paid_at', null, 'rejection', null, 'expired_at', null)
from (
  select y.*,
    case when y.state = 'PRESENTADO' then y.company_cuit else y.party_cuit end as issuer_cuit,
    case when y.state = 'PRESENTADO' then y.company_name else y.party_name end as issuer_name,
    case when y.state = 'PRESENTADO' then y.bank_code else '999' end as issuer_bank,
    case when y.state = 'PRESENTADO' then y.party_cuit else y.company_cuit end as ben_cuit,
    case when y.state = 'PRESENTADO' then y.party_name else y.company_name end as ben_name,
    case when y.state = 'PRESENTADO' then y.party_cuit when y.state = 'EMITIDO-PENDIENTE' then null
      else y.company_cuit end as holder,
    case when y.state in ('PAGADO', 'ANULADO', 'CADUCADO') then 'historial' when y.state = 'PRESENTADO' then 'emitidos'
      when y.state = 'ACTIVO-PENDIENTE' then 'endosados' else 'recibidos' end as tray,
    (y.state = 'EMITIDO-PENDIENTE' or (y.state = 'ACTIVO' and y.due_date <= y.today)) as awaiting
  from (
    select x.*,
      case
        when x.status = 'PAID' then 'PAGADO'
        when x.status = 'CANCELLED' then 'ANULADO'
        when x.status = 'EXPIRED' then 'CADUCADO'
        when x.due_date <= x.today then case when x.r < 0.5 then 'PRESENTADO' else 'ACTIVO' end
        when x.r < 0.3 then 'EMITIDO-PENDIENTE'
        when x.r < 0.45 then 'ACTIVO-PENDIENTE'
        else 'ACTIVO'
      end as state
    from (
      select e2.id, e2.status, e2.due_date, ${TODAY} as today, random() as r,
        upper(substr(md5(e2.id::text), 1, 15)) as cheque_id, btrim(co.cuit) as company_cuit, co.name as company_name,
        p.cuit as party_cuit, p.name as party_name, ab.bank_code
      from echeqs e2
      join companies co on co.id = e2.company_id
      join account_banks ab on ab.tenant_id = e2.tenant_id
      join bench.parties p on p.idx = 1 + (abs(hashtext(e2.id::text)) % (select count(*) from bench.parties))
      where e2.custody_status is null
      offset 0
    ) x
    where random() < ${REGISTRY_SHARE}
  ) y
) s
where e.id = s.id`;
}
