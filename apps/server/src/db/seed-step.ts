import type { Queryable } from '../platform/db/db';

/** A demo cheque held IN_CUSTODY (filled by seed-book.ts; discounts are seeded on top of these). */
export type SeedCustody = {
  echeqId: string;
  custodyId: string;
  tenantId: string;
  companyId: string;
  /** Company key in DEMO_COMPANIES ('empresa', 'beneficiario', 'avalista', 'sur'). */
  company: string;
  number: string;
  /** Exact decimal text, e.g. '1250000.00'. */
  amount: string;
  currency: string;
  dueDate: string;
};

export type SeedIds = {
  tenants: Record<string, string>;
  companies: Record<string, string>;
  users: Record<string, string>;
  /** Set by seedBook: every demo custody record still IN_CUSTODY, with its cheque. */
  inCustody?: SeedCustody[];
  /** Set by seedBook: the ids of the cheques in inCustody. */
  echeqsInCustody?: string[];
};

/**
 * Steps that fill the demo book once the foundation exists (cheques, custody, discounts, clearing configuration).
 * Capabilities add theirs here; each runs in the seeding transaction.
 */
export type SeedStep = (tx: Queryable, ids: SeedIds) => Promise<void>;
