import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/db/migrations';
import { migrate } from '../../src/platform/db/migrate';
import { openPglite } from '../../src/platform/db/pglite';

const columns = async (db: Awaited<ReturnType<typeof openPglite>>, table: string) =>
  (
    await db.query<{ column_name: string }>(
      'select column_name from information_schema.columns where table_name = $1 and column_name like $2',
      [table, '%_by'],
    )
  ).rows
    .map((r) => r.column_name)
    .sort();

/** A database migrated by an earlier release reaches the same schema as a new one, keeping its rows. */
describe('upgrading a database migrated by an earlier release', () => {
  it("the cheques' and custody records' author column is renamed, their rows kept", async () => {
    const db = await openPglite(undefined);
    try {
      const before = MIGRATIONS.findIndex((m) => m.id === '0019_added_by');
      expect(before).toBeGreaterThan(0);
      await migrate(db, MIGRATIONS.slice(0, before));
      expect(await columns(db, 'echeqs')).toContain('created_by');
      await db.exec(`
        insert into tenants (id, nombre, codigo, cuit, tipo)
          values ('00000000-0000-4000-8000-000000000001', 'Banco Viejo', 'BVIEJO', '30500000005', 'BANCO');
        insert into companies (id, tenant_id, name, cuit)
          values ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'Cliente', '30712345678');
        insert into echeqs (tenant_id, company_id, number, amount, issue_date, due_date, issuer, beneficiary)
          values ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000001', 10.5,
                  current_date, current_date, 'Emisor', 'Beneficiario');
      `);
      const applied = await migrate(db, MIGRATIONS);
      expect(applied).toEqual(MIGRATIONS.slice(before).map((m) => m.id));
      expect(await columns(db, 'echeqs')).toContain('added_by');
      expect(await columns(db, 'echeqs')).not.toContain('created_by');
      expect(await columns(db, 'custody')).toContain('added_by');
      expect(await columns(db, 'custody')).not.toContain('created_by');
      const rows = (await db.query<{ number: string; amount: string }>('select number, amount::text from echeqs')).rows;
      expect(rows).toEqual([{ number: '00000001', amount: '10.50' }]);
    } finally {
      await db.close();
    }
  });
});
