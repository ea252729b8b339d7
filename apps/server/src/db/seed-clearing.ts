import { joinSandbox, learnSandboxBook } from '../modules/clearing';
import { sandboxBook } from '../modules/custody';
import type { SeedStep } from './seed-step';

const SANDBOX_TENANTS = ['bdemo', 'fdemo', 'bnorte'];

/**
 * The demo bank, the financial entity and Banco Norte start configured on the sandbox (participants of the
 * built-in sandbox, tested successfully); Banco Sur starts unconfigured.
 */
export const seedClearing: SeedStep = async (tx, ids) => {
  const now = new Date();
  for (const key of SANDBOX_TENANTS) {
    await tx.query(
      `insert into coelsa_configs (tenant_id, environment, test_status, tested_at, test_message)
       values ($1, 'sandbox', 'success', now(), 'Conectado a Sandbox')`,
      [ids.tenants[key]],
    );
    await joinSandbox(tx, ids.tenants[key]!, now);
  }
};

/** After the book is seeded: the sandbox already knows the sandbox banks' cheques and open custody. */
export const seedSandboxBook: SeedStep = async (tx, ids) => {
  const now = new Date();
  for (const key of SANDBOX_TENANTS) {
    const tenantId = ids.tenants[key]!;
    await learnSandboxBook(tx, tenantId, now, await sandboxBook(tx, tenantId));
  }
};
