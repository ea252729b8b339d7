// What the benchmark asks of the generated book before it starts: who signs in as each actor, what each searches
// for, and which cheques the write mix may discount.
import { BANKS } from './book.mjs';

export async function lookups(q) {
  const banks = (
    await q(
      `select b.idx, b.tenant_id, b.codigo, b.admin_email,
              (select count(*) from echeqs e where e.tenant_id = b.tenant_id)::int as cheques
       from bench.banks b order by b.idx`,
    )
  ).rows;
  if (banks.length !== BANKS) throw new Error('La base no tiene el libro del benchmark (esquema bench)');
  const large = banks[0];
  const small = banks[banks.length - 1];
  const company = (
    await q(
      `select c.user_email, c.id, c.tenant_id, c.name,
              (select count(*) from echeqs e where e.company_id = c.id)::int as cheques
       from bench.companies c where c.bank_idx = 1 and c.user_id is not null order by c.local_idx limit 1`,
    )
  ).rows[0];
  // From the generated book (10-digit numbers): a database kept from an earlier run also holds the write mix's
  // cheques (longer numbers, or BW… from runs before numbers were digits only).
  const fragment = async (tenantId, companyId) => {
    const r = await q(
      `select number from echeqs where tenant_id = $1 and ($2::uuid is null or company_id = $2) and deleted_at is null
         and number not like 'BW%' and length(number) = 10
       order by created_at desc limit 1 offset 10`,
      [tenantId, companyId],
    );
    return r.rows[0].number.slice(2, 8);
  };
  const actors = [
    {
      name: 'admin-large',
      email: large.admin_email,
      scope: `BANK_ADMIN de ${large.codigo} (${large.cheques} cheques)`,
      fragment: await fragment(large.tenant_id, null),
    },
    {
      name: 'admin-small',
      email: small.admin_email,
      scope: `BANK_ADMIN de ${small.codigo} (${small.cheques} cheques)`,
      fragment: await fragment(small.tenant_id, null),
    },
    {
      name: 'company',
      email: company.user_email,
      scope: `COMPANY_USER de ${company.name}, ${large.codigo} (${company.cheques} cheques)`,
      fragment: await fragment(company.tenant_id, company.id),
    },
  ];

  // The write mix: cheques in custody that may be discounted, of companies that have a user.
  const candidates = async (bankIdx, limit) =>
    (
      await q(
        `select e.id as echeq_id, e.amount, co.user_email, co.name, co.cuit
         from custody c
         join echeqs e on e.id = c.echeq_id
         join bench.companies co on co.id = c.company_id
         join bench.banks b on b.tenant_id = c.tenant_id
         where b.idx = $1 and c.status = 'IN_CUSTODY' and e.status = 'ACTIVE' and e.deleted_at is null
           and e.validation_status = 'VALIDATED' and e.discounted_at is null and co.user_id is not null
           and co.local_idx < 20
           and e.due_date > (now() at time zone 'America/Argentina/Buenos_Aires')::date + 2
           and not exists (select 1 from discounts d where d.echeq_id = e.id
                           and d.status in ('PENDING', 'APPROVED', 'COMPLETED'))
         order by random() limit $2`,
        [bankIdx, limit],
      )
    ).rows;
  const largePool = await candidates(1, 20_000);
  let smallBank = small;
  let smallPool = [];
  for (let i = banks.length - 1; i >= 1; i--) {
    smallPool = await candidates(banks[i].idx, 20_000);
    smallBank = banks[i];
    if (smallPool.length >= 100) break;
  }
  const companiesOf = async (bankIdx) =>
    (
      await q(
        `select user_email, name, cuit from bench.companies
         where bank_idx = $1 and user_id is not null order by local_idx limit 5`,
        [bankIdx],
      )
    ).rows;
  return {
    banks,
    actors,
    write: {
      large: { bank: large, pool: largePool, companies: await companiesOf(large.idx) },
      small: { bank: smallBank, pool: smallPool, companies: await companiesOf(smallBank.idx) },
    },
  };
}
