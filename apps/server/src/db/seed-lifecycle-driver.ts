import { randomUUID } from 'node:crypto';
import {
  addDays,
  buenosAiresDateOf,
  type ChequeCaracter,
  type ChequeConcepto,
  type ChequeTipo,
  type Currency,
  issueBodySchema,
  type OperationType,
} from '@echeq/contract';
import { registryJob, sandboxSimulateReceived } from '../modules/clearing';
import { issueCheque, operate, portLink, runInbox } from '../modules/lifecycle';
import type { Ctx } from '../platform/auth/actor';
import { fixedClock } from '../platform/clock';
import type { Db } from '../platform/db/db';
import { runJobOnce } from '../platform/jobs';

/** The demo users who operate registry cheques in the seed, by their e-mail. */
const DEMO_OPERATORS = {
  empresa: 'emisor@empresa.example',
  benef: 'beneficiario@beneficiario.example',
  avalista: 'avalista@avalista.example',
  norte: 'tesoreria@norte.example',
  operador: 'operador@banco.example',
  norteAdmin: 'admin@banconorte.example',
} as const;
export type DemoOperator = keyof typeof DEMO_OPERATORS;

/** What a demo cheque is issued with; `pay` is the payment date in days from today (negative: in the past). */
export type DemoIssue = {
  to: string;
  amount: number;
  tipo: ChequeTipo;
  caracter?: ChequeCaracter;
  concepto?: ChequeConcepto;
  pay: number;
};

const DAY = 86_400_000;
/** The sandbox reads no secret: every demo bank on the registry works on it. */
const SANDBOX_ONLY = { secretsKey: Buffer.alloc(32), clearingAllowedHosts: [] as string[] };

/**
 * Drives the demo's registry cheques through the same code as the routes (issue, operations, the inboxes, the
 * registry's jobs, "Simular ECHEQ recibido") on a clock moved into the past: each step runs `daysAgo` days before
 * the seed started (ten minutes before it, so that today's steps are not ahead of the server's clock), a second
 * after the previous one. Steps must come in time order; one out of order throws.
 */
export async function demoDriver(db: Db, started: Date) {
  const base = started.getTime() - 10 * 60_000;
  const today = buenosAiresDateOf(new Date(base));
  const clock = fixedClock(new Date(base - 400 * DAY));
  // The operations run the caller's bank's inbox; the other banks' inboxes run when the seed next acts for one
  // of their users (or at its end), rather than after every operation: fewer pulls, the same events applied.
  const link = { ...portLink({ db, clock, config: SANDBOX_ONLY }), banks: async () => [] };
  const deps = { db, clock, link };
  const banks = (await db.query<{ id: string }>(`select id from tenants where codigo in ('BDEMO', 'BNORTE')`)).rows;
  const stale = new Set<string>();
  const touched = (by: string | null) => {
    for (const b of banks) if (b.id !== by) stale.add(b.id);
  };
  const refresh = async (tenantId: string) => {
    if (!stale.delete(tenantId)) return;
    await runInbox(deps, link, tenantId);
  };
  let last = 0;
  let seq = 0;
  const moveTo = (daysAgo: number) => {
    const t = base - daysAgo * DAY + seq++ * 1000;
    if (t <= last) throw new Error(`Paso del ejemplo fuera de orden (${daysAgo} días atrás)`);
    last = t;
    clock.set(new Date(t));
  };
  const users = await db.query<{
    email: string;
    id: string;
    role: Ctx['actor']['role'];
    tenant_id: string;
    company_id: string | null;
  }>('select email, id, role, tenant_id, company_id from users where email = any($1)', [Object.values(DEMO_OPERATORS)]);
  const ctxOf = (who: DemoOperator): Ctx => {
    const u = users.rows.find((r) => r.email === DEMO_OPERATORS[who])!;
    return {
      actor: {
        userId: u.id,
        email: u.email,
        role: u.role,
        tenantId: u.tenant_id,
        companyId: u.company_id,
        sessionId: 'seed',
        confirmed: true,
        restriction: null,
      },
      requestId: 'seed-demo',
      ip: '127.0.0.1',
    };
  };
  /** The copy of the cheque the user sees: its company's, or for a bank's staff the bank's copy. */
  const copyOf = async (who: DemoOperator, chequeId: string) => {
    const a = ctxOf(who).actor;
    const r = await db.query<{ id: string }>(
      `select id from echeqs where tenant_id = $1 and cheque_id = $2 and ($3::uuid is null or company_id = $3)
       order by bank_copy desc limit 1`,
      [a.tenantId, chequeId, a.companyId],
    );
    if (!r.rows[0]) throw new Error(`El ECHEQ ${chequeId} no llegó a ${a.email}`);
    return r.rows[0].id;
  };
  const accountOf = async (who: DemoOperator, currency: Currency) => {
    const r = await db.query<{ id: string }>(
      `select id from current_accounts where company_id = $1 and currency = $2 order by created_at limit 1`,
      [ctxOf(who).actor.companyId, currency],
    );
    return r.rows[0]!.id;
  };

  return {
    /** Today's Buenos Aires date as the seed counts days. */
    date: (days: number) => addDays(today, days),
    async issue(daysAgo: number, who: DemoOperator, c: DemoIssue): Promise<string> {
      moveTo(daysAgo);
      const body = issueBodySchema.parse({
        account_id: await accountOf(who, 'ARS'),
        beneficiary_cuit: c.to,
        amount: c.amount,
        tipo: c.tipo,
        caracter: c.caracter ?? 'A_LA_ORDEN',
        concepto: c.concepto ?? 'FAC',
        ...(c.tipo === 'DIFERIDO' ? { payment_date: addDays(today, c.pay) } : {}),
      });
      const ctx = ctxOf(who);
      await refresh(ctx.actor.tenantId!);
      const answer = await issueCheque({ deps, ctx, body });
      touched(ctx.actor.tenantId);
      if (answer.status !== 201 || !answer.cheque?.cheque_id) throw new Error('El registro no emitió el ECHEQ');
      return answer.cheque.cheque_id;
    },
    async receive(
      daysAgo: number,
      from: { cuit: string; name: string; bank_code: string },
      to: { cuit: string; name: string },
      c: Omit<DemoIssue, 'to'> & { currency?: Currency },
    ): Promise<string> {
      moveTo(daysAgo);
      const outcome = await sandboxSimulateReceived(
        db,
        {
          key: `demo:${randomUUID()}`,
          issuer: from,
          beneficiary: to,
          amount: c.amount,
          currency: c.currency ?? 'ARS',
          tipo: c.tipo,
          caracter: c.caracter ?? 'A_LA_ORDEN',
          concepto: c.concepto ?? 'FAC',
          payment_date: c.tipo === 'DIFERIDO' ? addDays(today, c.pay) : buenosAiresDateOf(clock.now()),
        },
        clock.now(),
      );
      if (!outcome.ok) throw new Error(`El registro no simuló el ECHEQ recibido: ${outcome.message}`);
      touched(null);
      return outcome.cheque.cheque_id;
    },
    async op(
      daysAgo: number,
      who: DemoOperator,
      chequeId: string,
      type: OperationType,
      input: { motivo?: string; endorsee_cuit?: string; endorsee_name?: string } = {},
    ): Promise<void> {
      moveTo(daysAgo);
      const ctx = ctxOf(who);
      await refresh(ctx.actor.tenantId!);
      const answer = await operate({ deps, ctx, id: await copyOf(who, chequeId), type, input });
      touched(ctx.actor.tenantId);
      if (answer.status !== 200) throw new Error(`El registro no respondió ${type}`);
    },
    /** The registry's jobs at that moment (presentation, cut-off, automatic deposit, expiry), then the inboxes. */
    async tick(daysAgo: number): Promise<void> {
      moveTo(daysAgo);
      await runJobOnce(db, registryJob({ db }), clock);
      touched(null);
    },
    /** Every bank's inbox applies what it has not heard yet. */
    async settle(): Promise<void> {
      for (const b of banks) await refresh(b.id);
    },
  };
}
