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

  it("0027 adheres the sandbox banks' companies and tags the events already written with the banks they concern", async () => {
    const db = await openPglite(undefined);
    try {
      const before = MIGRATIONS.findIndex((m) => m.id === '0027_registry_adherents');
      expect(before).toBeGreaterThan(0);
      await migrate(db, MIGRATIONS.slice(0, before));
      const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
      await db.exec(`
        insert into tenants (id, nombre, codigo, cuit, tipo) values
          ('${id(1)}', 'Banco A', 'BA', '30500000005', 'BANCO'),
          ('${id(3)}', 'Banco B', 'BB', '30500000005', 'BANCO'),
          ('${id(5)}', 'Banco C', 'BC', '30500000005', 'BANCO');
        insert into coelsa_configs (tenant_id, environment) values
          ('${id(1)}', 'sandbox'), ('${id(3)}', 'sandbox'), ('${id(5)}', 'production');
        insert into account_banks (tenant_id, bank_code) values ('${id(1)}', '285'), ('${id(3)}', '319'), ('${id(5)}', '330');
        insert into companies (id, tenant_id, name, cuit) values
          ('${id(2)}', '${id(1)}', 'Emisora', '30711000011'),
          ('${id(4)}', '${id(3)}', 'Receptora', '30711000022'),
          ('${id(6)}', '${id(5)}', 'De otra cámara', '30711000033');
        insert into registry_cheques (cheque_id, cheque, state, payment_date, issuer_cuit, issuer_cbu, bank_code, number,
          amount, currency, issued_at, updated_at) values
          ('AAAAAAAAAAAAAAA', '{}', 'ACTIVO', current_date, '30711000011', '2850590940090418135201', '285', '00000001',
           10, 'ARS', now(), now()),
          ('BBBBBBBBBBBBBBB', '{}', 'ACTIVO', current_date, '30711000011', '2850590940090418135201', '285', '00000002',
           10, 'ARS', now(), now());
        insert into registry_events (cheque_id, operation, state, cuits, bank_code, at, payload) values
          ('AAAAAAAAAAAAAAA', 'ISSUE', 'EMITIDO-PENDIENTE', '{30711000011,30711000022}', '285', now(), '{}'),
          ('BBBBBBBBBBBBBBB', 'ISSUE', 'EMITIDO-PENDIENTE', '{30711000011,30711000033}', '285', now(), '{}');
      `);
      await migrate(db, MIGRATIONS);
      const rows = async (sql: string) => (await db.query<Record<string, unknown>>(sql)).rows;
      expect(await rows('select cuit, bank_code from registry_adherents order by cuit')).toEqual([
        { cuit: '30711000011', bank_code: '285' },
        { cuit: '30711000022', bank_code: '319' },
      ]);
      expect(
        await rows(`select e.cheque_id, b.bank_code from registry_event_banks b join registry_events e on e.id = b.event_id
                    order by 1, 2`),
      ).toEqual([
        { cheque_id: 'AAAAAAAAAAAAAAA', bank_code: '285' },
        { cheque_id: 'AAAAAAAAAAAAAAA', bank_code: '319' },
        { cheque_id: 'BBBBBBBBBBBBBBB', bank_code: '285' },
      ]);
      // The company of the bank on another clearing house adheres there, from its inbox: not marked here.
      expect(
        await rows('select name, registry_adhered_at is not null as adhered from companies order by name'),
      ).toEqual([
        { name: 'De otra cámara', adhered: false },
        { name: 'Emisora', adhered: true },
        { name: 'Receptora', adhered: true },
      ]);
    } finally {
      await db.close();
    }
  });
});
