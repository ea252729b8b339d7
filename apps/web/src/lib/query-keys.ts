import type {
  ListAuditQuery,
  ListCustodyQuery,
  ListDiscountsQuery,
  ListEcheqsQuery,
  ListUsersQuery,
  ReportRange,
} from '@echeq/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';

/** Only the dates that are set (an empty range is the whole history), so `{}` and `{ from: undefined }` are one key. */
export function cleanRange(range: ReportRange = {}): ReportRange {
  const out: ReportRange = {};
  if (range.from) out.from = range.from;
  if (range.to) out.to = range.to;
  return out;
}

/**
 * Every query's key, in one place. A key starts with what the data is about (`echeqs`, `custody`, …) and narrows
 * from there, so a prefix names every query under it: `queryKeys.discounts.lists()` is every page of the discount
 * list, whatever its filters. Features build their `queryOptions` with these and mutations name, through
 * {@link useInvalidate}, exactly the prefixes whose data they changed.
 */
export const queryKeys = {
  auth: {
    profile: () => ['auth', 'profile'] as const,
  },
  echeqs: {
    all: () => ['echeqs'] as const,
    lists: () => ['echeqs', 'list'] as const,
    list: (q: ListEcheqsQuery) => ['echeqs', 'list', q] as const,
    /** One cheque opened by its id (a link): under the lists' prefix, so what makes them stale makes it stale. */
    one: (id: string) => ['echeqs', 'list', 'one', id] as const,
    /** A registry cheque's events (its timeline), under the lists' prefix: every operation on a cheque adds one. */
    history: (id: string) => ['echeqs', 'list', 'history', id] as const,
    /** The paying bank's queue of presented cheques, under the lists' prefix (an operation may take a row out). */
    presented: (q: object) => ['echeqs', 'list', 'presented', q] as const,
    /** A company's trays (LIFECYCLE §8): every page of every tray, and their counts. */
    trays: () => ['echeqs', 'trays'] as const,
    tray: (tray: string, q: { page: number; limit: number; cursor?: string | undefined; q?: string | undefined }) =>
      ['echeqs', 'trays', tray, q] as const,
  },
  custody: {
    all: () => ['custody'] as const,
    lists: () => ['custody', 'list'] as const,
    list: (q: ListCustodyQuery) => ['custody', 'list', q] as const,
    /** One custody record opened by its id (a link), under the lists' prefix. */
    one: (id: string) => ['custody', 'list', 'one', id] as const,
    /** The cheques held in custody a discount can be asked for (the request dialog's choices). */
    choices: () => ['custody', 'choices'] as const,
  },
  discounts: {
    all: () => ['discounts'] as const,
    lists: () => ['discounts', 'list'] as const,
    list: (q: ListDiscountsQuery) => ['discounts', 'list', q] as const,
    /** One discount opened by its id (a link), under the lists' prefix. */
    one: (id: string) => ['discounts', 'list', 'one', id] as const,
    /** The cheques whose open discount blocks a new request. */
    blocking: () => ['discounts', 'blocking'] as const,
    /** What approving a pending discount would give now (its figures change with the day and the bank's rate). */
    quote: (id: string) => ['discounts', 'quote', id] as const,
  },
  reports: {
    all: () => ['reports'] as const,
    custodyAll: () => ['reports', 'custody'] as const,
    custody: (range: ReportRange = {}) => ['reports', 'custody', cleanRange(range)] as const,
    discountsAll: () => ['reports', 'discounts'] as const,
    discounts: (range: ReportRange = {}) => ['reports', 'discounts', cleanRange(range)] as const,
    performance: () => ['reports', 'performance'] as const,
    /** The dashboard's counts of what awaits the user (discounts and custody change them). */
    pending: () => ['reports', 'pending'] as const,
  },
  clearing: {
    all: () => ['clearing'] as const,
    configCheck: (tenantId?: string) => ['clearing', 'config-check', tenantId ?? 'own'] as const,
    status: (tenantId?: string) => ['clearing', 'status', tenantId ?? 'own'] as const,
  },
  tenants: {
    all: () => ['tenants'] as const,
    list: () => ['tenants', 'list'] as const,
    /** The administration panel's figures (GET /admin/dashboard). */
    stats: () => ['tenants', 'stats'] as const,
    /** Id, name, code and state of every bank: the choices of the users' screens. */
    choices: () => ['tenants', 'choices'] as const,
  },
  users: {
    all: () => ['users'] as const,
    lists: () => ['users', 'list'] as const,
    list: (q: ListUsersQuery) => ['users', 'list', q] as const,
    detail: (id: string) => ['users', 'detail', id] as const,
  },
  audit: {
    all: () => ['audit'] as const,
    list: (q: ListAuditQuery) => ['audit', 'list', q] as const,
    facets: () => ['audit', 'facets'] as const,
    one: (id: string) => ['audit', 'one', id] as const,
  },
  settings: {
    all: () => ['settings'] as const,
  },
  accounts: {
    all: () => ['accounts'] as const,
    /** The current accounts the caller sees (a bank's: one client's when `companyId` is given). */
    list: (companyId?: string) => ['accounts', 'list', companyId ?? 'all'] as const,
    /** The bank's client companies (the open-account dialog's choices and the filter). */
    clients: () => ['accounts', 'clients'] as const,
  },
};

/**
 * Marks the queries under each prefix stale (those on screen are asked again at once, the others when next shown).
 * Every change of state is written to the audit trail too, so the trail is always among them.
 */
export function useInvalidate() {
  const qc = useQueryClient();
  return (prefixes: readonly QueryKey[]) =>
    Promise.all([...prefixes, queryKeys.audit.all()].map((queryKey) => qc.invalidateQueries({ queryKey }))).then(
      () => undefined,
    );
}
