import type { Queryable } from '../../platform/db/db';
import { rememberedEach } from '../../platform/db/directory-cache';

// What other modules ask of the banks' client companies (the lifecycle's parties to a registry cheque): answers read
// by CUIT or id, many at once where the caller has many, not the module's rows.

/** A bank's client company as a cheque names it: its id, its CUIT (without padding) and its name. */
export type ClientCompany = { id: string; cuit: string; name: string };

/**
 * The bank's client companies whose CUIT is among `cuits`, by id (one statement however many). The CUITs are compared
 * as the column's own type (character(11)): compared as text, the column is cast row by row and no index serves.
 */
export async function clientsByCuit(q: Queryable, tenantId: string, cuits: string[]): Promise<ClientCompany[]> {
  if (cuits.length === 0) return [];
  const r = await q.query<ClientCompany>(
    'select id, btrim(cuit) as cuit, name from companies where tenant_id = $1 and cuit = any($2::bpchar[]) order by id',
    [tenantId, cuits],
  );
  return r.rows;
}

/**
 * The banks that have a client company whose CUIT is among `cuits` (companies_cuit_idx; see clientsByCuit). Read
 * after every lifecycle operation, changed rarely: each CUIT's banks are kept in the directory cache of `q` when it
 * has one (platform/db/directory-cache.ts; a company created, moved, deleted or given another CUIT is announced),
 * so only CUITs not asked for since the last change are read, in one statement.
 */
export async function banksOfCuits(q: Queryable, cuits: string[]): Promise<string[]> {
  if (cuits.length === 0) return [];
  const banks = await rememberedEach(
    q,
    cuits,
    (cuit) => `banks-of-cuit:${cuit}`,
    async (missing) => {
      const r = await q.query<{ cuit: string; tenant_id: string }>(
        'select distinct btrim(cuit) as cuit, tenant_id from companies where cuit = any($1::bpchar[])',
        [missing],
      );
      return missing.map((cuit) => r.rows.filter((x) => x.cuit === cuit).map((x) => x.tenant_id));
    },
  );
  return [...new Set(banks.flat())];
}

/**
 * Up to `limit` of the bank's client companies that its registry has not yet been told of (adhered, decision 039),
 * oldest first: read from a partial index that is empty once every company adhered.
 */
export async function clientsToAdhere(q: Queryable, tenantId: string, limit: number): Promise<ClientCompany[]> {
  const r = await q.query<ClientCompany>(
    `select id, btrim(cuit) as cuit, name from companies where tenant_id = $1 and registry_adhered_at is null
     order by created_at, id limit $2`,
    [tenantId, limit],
  );
  return r.rows;
}

/** Records that the registry knows these client companies (after it answered their adhesion). */
export async function markAdhered(q: Queryable, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await q.query(
    'update companies set registry_adhered_at = $2 where id = any($1::uuid[]) and registry_adhered_at is null',
    [ids, at],
  );
}

/** A client company with its bank, by id; null when there is none. */
export async function clientById(q: Queryable, id: string): Promise<(ClientCompany & { tenant_id: string }) | null> {
  const r = await q.query<ClientCompany & { tenant_id: string }>(
    'select id, tenant_id, btrim(cuit) as cuit, name from companies where id = $1',
    [id],
  );
  return r.rows[0] ?? null;
}
