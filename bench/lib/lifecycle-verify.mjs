// The lifecycle mix's check (lifecycle-mix.mjs): nothing lost or applied twice, from the registry to each bank.

/** Registry events against the answers, and each bank's copies and history against the registry's events. */
export async function verifyLifecycle(q, tag, steps) {
  const events = Object.fromEntries(
    (
      await q(
        `select ev.operation, count(*)::int as n from registry_events ev
         join registry_cheques r on r.cheque_id = ev.cheque_id where r.cheque->>'motivo' = $1 group by 1`,
        [tag],
      )
    ).rows.map((r) => [r.operation, r.n]),
  );
  const r = (
    await q(
      `with tagged as (select cheque_id, state from registry_cheques where cheque->>'motivo' = $1),
       copies as (select e.* from echeqs e join tagged t on t.cheque_id = e.cheque_id),
       banks as (select distinct tenant_id, cheque_id from copies)
       select
         (select count(*) from tagged)::int as cheques,
         (select count(*) from copies c join tagged t using (cheque_id) where c.state <> t.state)::int as stale_copies,
         (select count(*) from copies where syncing)::int as syncing,
         (select count(*) from (select company_id, cheque_id from copies group by 1, 2 having count(*) > 1) x)::int
           as duplicated_copies,
         (select count(*) from (select tenant_id, cheque_id from copies where bank_copy group by 1, 2
                                having count(*) <> 1) x)::int as banks_without_one_bank_copy,
         (select count(*) from banks b join registry_events ev on ev.cheque_id = b.cheque_id
          where (ev.bank_code = (select ab.bank_code from account_banks ab where ab.tenant_id = b.tenant_id)
                 or exists (select 1 from companies co where co.tenant_id = b.tenant_id and btrim(co.cuit) = any(ev.cuits)))
            and not exists (select 1 from echeq_history h where h.tenant_id = b.tenant_id and h.event_id = ev.id))::int
           as events_missing_from_history,
         (select count(*) from (select h.tenant_id, h.event_id from echeq_history h join tagged t using (cheque_id)
                                group by 1, 2 having count(*) > 1) x)::int as events_twice_in_history`,
      [tag],
    )
  ).rows[0];
  const checks = [
    ['cheques issued = issues answered 201', r.cheques, steps.issue.ok],
    ['ISSUE events = issues answered 201', events.ISSUE ?? 0, steps.issue.ok],
    ['ACCEPT events = accepts answered 200', events.ACCEPT ?? 0, steps.accept.ok],
    ['ENDORSE events = endorsements answered 200', events.ENDORSE ?? 0, steps.endorse.ok],
    ['ACCEPT_ENDORSEMENT events = answered 200', events.ACCEPT_ENDORSEMENT ?? 0, steps.acceptEndorsement.ok],
    ['DEPOSIT events = deposits answered 200', events.DEPOSIT ?? 0, steps.deposit.ok],
    ['PAY events = payments answered 200', events.PAY ?? 0, steps.pay.ok],
    ["copies whose state is not the registry's", r.stale_copies, 0],
    ['copies still syncing', r.syncing, 0],
    ['a company with two copies of a cheque', r.duplicated_copies, 0],
    ['a bank without exactly one bank copy of a cheque', r.banks_without_one_bank_copy, 0],
    ["registry events missing from a bank's history", r.events_missing_from_history, 0],
    ["events twice in a bank's history", r.events_twice_in_history, 0],
    ['requests sent without an answer', Object.values(steps).reduce((s, x) => s + x.sent - x.received, 0), 0],
    ...(await countersAgainstRows(q)),
  ].map(([check, found, expected]) => ({ check, found, expected, pass: found === expected }));
  return { pass: checks.every((c) => c.pass), checks, events };
}

/**
 * The trays' and the paying bank's queue counters (migration 0028) against a fresh count of the whole book after the
 * mix: the keys whose counter differs from its rows' count, expected none. Nothing when the book predates them.
 */
async function countersAgainstRows(q) {
  const has = (await q(`select to_regclass('lifecycle_tray_counters') is not null as t`)).rows[0].t;
  if (!has) return [];
  const r = (
    await q(
      `select
         (select count(*) from (
            select e.company_id, e.tray, count(*) as total, count(*) filter (where e.awaiting) as pending from echeqs e
            where e.cheque_id is not null and e.deleted_at is null and e.tray is not null group by 1, 2) f
          full join (select * from lifecycle_tray_counters where total <> 0) c on c.company_id = f.company_id and c.tray = f.tray
          where f.total is distinct from c.total or f.pending is distinct from c.pending)::int as trays,
         (select count(*) from (
            select e.tenant_id, e.registry -> 'issuer' ->> 'bank_code' as bank_code, e.currency, count(*) as count,
                   sum(e.amount) as amount
            from echeqs e where e.state = 'PRESENTADO' and e.bank_copy and e.cheque_id is not null
              and e.deleted_at is null and (e.registry -> 'issuer' ->> 'bank_code') is not null group by 1, 2, 3) f
          full join (select * from lifecycle_presented_counters where count <> 0) c
            on c.tenant_id = f.tenant_id and c.bank_code = f.bank_code and c.currency = f.currency
          where f.count is distinct from c.count or f.amount is distinct from c.amount)::int as queues`,
    )
  ).rows[0];
  return [
    ['tray counters that differ from their rows', r.trays, 0],
    ["paying banks' queue counters that differ from their rows", r.queues, 0],
  ];
}
