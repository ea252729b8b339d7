import type { SeedStep } from './seed';

/** The demo bank and the financial entity start configured on the sandbox; Banco Sur starts unconfigured. */
export const seedClearing: SeedStep = async (tx, ids) => {
  for (const key of ['bdemo', 'fdemo']) {
    await tx.query(
      `insert into coelsa_configs (tenant_id, environment, test_status, tested_at, test_message)
       values ($1, 'sandbox', 'success', now(), 'Conectado a Sandbox')`,
      [ids.tenants[key]],
    );
  }
};
