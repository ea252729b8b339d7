import { bankCodeFor, createAccount, takeNextChequeNumber } from '../modules/accounts';
import type { Queryable } from '../platform/db/db';
import type { SeedIds } from './seed-step';

/** LIFECYCLE §7: every demo company has an ARS current account, Empresa Demo S.A. also a USD one, each with a chequebook. */
// `used`: numbers of the first chequebook already gone, so that a chequebook about to run out (and the request of a
// new one: at once on the sandbox, activated by hand at Banco Sur) shows on the first start.
const DEMO_ACCOUNTS: { company: string; tenant: string; currency: 'ARS' | 'USD'; used?: number }[] = [
  { company: 'empresa', tenant: 'bdemo', currency: 'ARS' },
  { company: 'empresa', tenant: 'bdemo', currency: 'USD', used: 21 },
  { company: 'beneficiario', tenant: 'bdemo', currency: 'ARS' },
  { company: 'avalista', tenant: 'bdemo', currency: 'ARS' },
  { company: 'sur', tenant: 'bsur', currency: 'ARS', used: 21 },
  { company: 'norte', tenant: 'bnorte', currency: 'ARS' },
];

/** The demo banks take their codes (`bankCode` of DEMO_TENANTS), then every demo account is opened. */
export async function seedAccounts(tx: Queryable, ids: SeedIds, banks: { key: string; bankCode?: string }[]) {
  for (const b of banks) if (b.bankCode) await bankCodeFor(tx, ids.tenants[b.key]!, b.bankCode);
  const at = new Date();
  for (const a of DEMO_ACCOUNTS) {
    const { accountId } = await createAccount(tx, {
      tenantId: ids.tenants[a.tenant]!,
      companyId: ids.companies[a.company]!,
      currency: a.currency,
      at,
      userId: null,
    });
    for (let i = 0; i < (a.used ?? 0); i++) await takeNextChequeNumber(tx, accountId);
  }
}
