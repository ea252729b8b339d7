import type { Role } from '@echeq/contract';
import { makeCuit } from '@echeq/contract';
import { hashPassword } from '../platform/auth/password';
import type { Db } from '../platform/db/db';
import { seedAccounts } from './seed-accounts';
import { seedBook } from './seed-book';
import { seedClearing, seedSandboxBook } from './seed-clearing';
import { seedDiscounts } from './seed-discounts';
import { seedLifecycle } from './seed-lifecycle';
import type { SeedIds, SeedStep } from './seed-step';

export const DEMO_PASSWORD = 'Demo1234!';

type SeedTenant = {
  key: string;
  nombre: string;
  codigo: string;
  cuit: string;
  tipo: 'BANCO' | 'FINANCIERA';
  /** The bank's code in its CBUs (decision 030). */
  bankCode?: string;
};
type SeedCompany = { key: string; tenant: string; name: string; cuit: string };
type SeedUser = { email: string; role: Role; tenant?: string; company?: string; fullName: string };

const DEMO_TENANTS: SeedTenant[] = [
  {
    key: 'bdemo',
    nombre: 'Banco Demo',
    codigo: 'BDEMO',
    cuit: makeCuit('30', '50001091'),
    tipo: 'BANCO',
    bankCode: '901',
  },
  { key: 'fdemo', nombre: 'Financiera Demo', codigo: 'FDEMO', cuit: makeCuit('30', '60002042'), tipo: 'FINANCIERA' },
  {
    key: 'bsur',
    nombre: 'Banco Sur',
    codigo: 'BSUR',
    cuit: makeCuit('30', '70003013'),
    tipo: 'BANCO',
    bankCode: '902',
  },
  {
    key: 'bnorte',
    nombre: 'Banco Norte',
    codigo: 'BNORTE',
    cuit: makeCuit('30', '70004014'),
    tipo: 'BANCO',
    bankCode: '903',
  },
];

const DEMO_COMPANIES: SeedCompany[] = [
  { key: 'empresa', tenant: 'bdemo', name: 'Empresa Demo S.A.', cuit: makeCuit('30', '71234567') },
  { key: 'beneficiario', tenant: 'bdemo', name: 'Beneficiario Demo S.R.L.', cuit: makeCuit('30', '72345678') },
  { key: 'avalista', tenant: 'bdemo', name: 'Avalista Demo S.A.', cuit: makeCuit('30', '73456789') },
  { key: 'sur', tenant: 'bsur', name: 'Comercial Sur S.A.', cuit: makeCuit('30', '74567890') },
  { key: 'norte', tenant: 'bnorte', name: 'Distribuidora Norte S.A.', cuit: makeCuit('30', '75678901') },
];

const DEMO_USERS: SeedUser[] = [
  { email: 'superadmin@plataforma.example', role: 'SYSTEM_ADMIN', fullName: 'Super Administrador' },
  { email: 'admin@banco.example', role: 'BANK_ADMIN', tenant: 'bdemo', fullName: 'Administración Banco Demo' },
  { email: 'operador@banco.example', role: 'BANK_OPERATOR', tenant: 'bdemo', fullName: 'Operador Banco Demo' },
  { email: 'auditor@banco.example', role: 'AUDITOR', tenant: 'bdemo', fullName: 'Auditoría Banco Demo' },
  {
    email: 'emisor@empresa.example',
    role: 'COMPANY_USER',
    tenant: 'bdemo',
    company: 'empresa',
    fullName: 'María Emisora',
  },
  {
    email: 'autorizante@empresa.example',
    role: 'COMPANY_AUTHORIZER',
    tenant: 'bdemo',
    company: 'empresa',
    fullName: 'Jorge Autorizante',
  },
  {
    email: 'beneficiario@beneficiario.example',
    role: 'BENEFICIARY',
    tenant: 'bdemo',
    company: 'beneficiario',
    fullName: 'Lucía Beneficiaria',
  },
  { email: 'entidad@financiera.example', role: 'FINANCIAL_ENTITY', tenant: 'fdemo', fullName: 'Financiera Demo' },
  {
    email: 'avalista@avalista.example',
    role: 'GUARANTOR',
    tenant: 'bdemo',
    company: 'avalista',
    fullName: 'Pablo Avalista',
  },
  { email: 'admin@bancosur.example', role: 'BANK_ADMIN', tenant: 'bsur', fullName: 'Administración Banco Sur' },
  { email: 'empresa@sur.example', role: 'COMPANY_USER', tenant: 'bsur', company: 'sur', fullName: 'Carla Comercial' },
  { email: 'admin@banconorte.example', role: 'BANK_ADMIN', tenant: 'bnorte', fullName: 'Administración Banco Norte' },
  {
    email: 'tesoreria@norte.example',
    role: 'COMPANY_USER',
    tenant: 'bnorte',
    company: 'norte',
    fullName: 'Tesorería Distribuidora Norte',
  },
];

const STEPS: SeedStep[] = [
  seedClearing,
  (tx, ids) => seedAccounts(tx, ids, DEMO_TENANTS),
  seedBook,
  seedDiscounts,
  seedSandboxBook,
];

const SEED_LOCK = 727_002;

/**
 * Seeds the demo data on an empty database; a second run finds BDEMO and does nothing. The foundation and the
 * hand-registered book in one transaction, then the registry's cheques through the registry and the banks' inboxes
 * (seed-lifecycle.ts), each operation in a transaction of its own.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const started = new Date();
  const seeded = await seedFoundation(db);
  if (!seeded) return false;
  // The registry's cheques are demo content, not the foundation: a refusal there leaves the server starting.
  await seedLifecycle(db, started).catch((err) =>
    console.error('Datos de ejemplo: ECHEQs del registro incompletos', err),
  );
  return true;
}

async function seedFoundation(db: Db): Promise<boolean> {
  const hash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const exists = await tx.query("select 1 from tenants where codigo = 'BDEMO'");
    if (exists.rows.length > 0) return false;
    const ids: SeedIds = { tenants: {}, companies: {}, users: {} };
    for (const t of DEMO_TENANTS) {
      const r = await tx.query<{ id: string }>(
        'insert into tenants (nombre, codigo, cuit, tipo) values ($1, $2, $3, $4) returning id',
        [t.nombre, t.codigo, t.cuit, t.tipo],
      );
      ids.tenants[t.key] = r.rows[0]!.id;
    }
    for (const c of DEMO_COMPANIES) {
      const r = await tx.query<{ id: string }>(
        'insert into companies (tenant_id, name, cuit) values ($1, $2, $3) returning id',
        [ids.tenants[c.tenant], c.name, c.cuit],
      );
      ids.companies[c.key] = r.rows[0]!.id;
    }
    for (const u of DEMO_USERS) {
      const r = await tx.query<{ id: string }>(
        `insert into users (tenant_id, company_id, email, password_hash, role, full_name)
         values ($1, $2, $3, $4, $5, $6) returning id`,
        [
          u.tenant ? ids.tenants[u.tenant] : null,
          u.company ? ids.companies[u.company] : null,
          u.email,
          hash,
          u.role,
          u.fullName,
        ],
      );
      ids.users[u.email] = r.rows[0]!.id;
    }
    for (const step of STEPS) await step(tx, ids);
    await tx.query(
      `insert into audit_log (actor_role, action, entity, after) values ('SYSTEM', 'seed.demo', 'platform', $1)`,
      [JSON.stringify({ tenants: DEMO_TENANTS.length, users: DEMO_USERS.length })],
    );
    return true;
  });
}
