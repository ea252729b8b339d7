import {
  CHEQUE_CARACTER_LABELS,
  CHEQUE_CONCEPTO_LABELS,
  CHEQUE_STATE_LABELS,
  CHEQUE_TIPO_LABELS,
  type ChequeState,
  ENDORSEMENT_STATUS_LABELS,
  formatCuit,
  idParamsSchema,
  type RegistryCheque,
} from '@echeq/contract';
import { z } from 'zod';
import type { Ctx } from '../../platform/auth/actor';
import { ctxOf } from '../../platform/auth/authenticate';
import type { Queryable } from '../../platform/db/db';
import type { Deps } from '../../platform/deps';
import { invalidTransition } from '../../platform/http/app-error';
import type { App } from '../../platform/http/app-type';
import { AUTHED, responses } from '../../platform/http/responses';
import { pdfDate, pdfInstant, pdfMoney } from '../../platform/pdf/format';
import { type ReceiptSection, renderReceipt, verificationId } from '../../platform/pdf/receipt';
import { sendPdf } from '../../platform/pdf/send';
import { tenantOfBankCode } from '../accounts';
import { bankName } from '../tenants';
import { clientsByCuit } from '../users';
import { chequeNotFound, findCopy } from './lifecycle.view';

type Rows = ReceiptSection['rows'][number][];

/** The CMC7 line in its five parts (bank, branch, postal code, number, account), as printed under the cheque. */
const cmc7Groups = (cmc7: string) =>
  [cmc7.slice(0, 3), cmc7.slice(3, 6), cmc7.slice(6, 10), cmc7.slice(10, 18), cmc7.slice(18)].join(' ');

/** The reason of the state the cheque is in (annulment, repudiation, rejection), when it has one. */
function stateReason(c: RegistryCheque): { label: string; motivo: string; at: string } | null {
  if (c.state === 'RECHAZADO' && c.rejection) return { label: 'Motivo del rechazo', ...c.rejection };
  if (c.state === 'REPUDIADO' && c.repudiation) return { label: 'Motivo del repudio', ...c.repudiation };
  if (c.state === 'ANULADO' && c.annulment) return { label: 'Motivo de la anulación', ...c.annulment };
  return null;
}

/**
 * "Razón social (CUIT 30-12345678-9)" for a CUIT of the cheque: named as the cheque names it (issuer, beneficiary,
 * endorsees), else as the caller's bank knows its own client; another bank's client the cheque does not name shows
 * its CUIT only.
 */
async function partyOf(q: Queryable, tenantId: string, c: RegistryCheque) {
  const cuits = [c.issuer.cuit, c.beneficiary.cuit, ...c.endorsements.flatMap((e) => [e.from_cuit, e.to_cuit])];
  const clients = await clientsByCuit(q, tenantId, [...new Set(cuits)]);
  const names = new Map<string, string>(clients.map((r) => [r.cuit, r.name]));
  names.set(c.issuer.cuit, c.issuer.name);
  if (c.beneficiary.name) names.set(c.beneficiary.cuit, c.beneficiary.name);
  for (const e of c.endorsements) if (e.to_name && !names.has(e.to_cuit)) names.set(e.to_cuit, e.to_name);
  return (cuit: string) => {
    const name = names.get(cuit);
    return name ? `${name} (CUIT ${formatCuit(cuit)})` : `CUIT ${formatCuit(cuit)}`;
  };
}

async function bankOfCode(deps: Pick<Deps, 'db'>, code: string): Promise<string> {
  const tenantId = await tenantOfBankCode(deps.db, code);
  const name = tenantId ? await bankName(deps.db, tenantId) : null;
  return name ? `${name} (código ${code})` : `Código ${code} (banco fuera de la plataforma)`;
}

function chainRows(c: RegistryCheque, party: (cuit: string) => string): Rows {
  if (c.endorsements.length === 0) return [['Endosos', 'Sin endosos']];
  return c.endorsements.flatMap((e, i): Rows => {
    const n = `Endoso ${i + 1}`;
    const rows: Rows = [
      [`${n}: endosante`, party(e.from_cuit)],
      [`${n}: endosatario`, party(e.to_cuit)],
      [`${n}: fecha`, pdfInstant(e.at)],
      [`${n}: estado`, ENDORSEMENT_STATUS_LABELS[e.status]],
    ];
    if (e.motivo) rows.push([`${n}: motivo`, e.motivo]);
    return rows;
  });
}

/**
 * `GET /api/echeqs/:id/receipt.pdf`: the comprobante of a registry cheque as the caller's bank last heard it (its
 * copy, never another bank's): the face with its CMC7 line, the parties, the endorsement chain and the state. The
 * same scope as the cheque's detail (404 for a cheque the caller does not see). A hand-registered cheque never went
 * through the registry and has no comprobante: 409.
 */
async function chequeReceipt(opts: {
  deps: Pick<Deps, 'db' | 'clock' | 'config'>;
  ctx: Ctx;
  id: string;
}): Promise<{ pdf: Buffer; filename: string }> {
  const { deps } = opts;
  const copy = await findCopy(deps.db, opts.ctx, opts.id);
  if (!copy) throw chequeNotFound();
  const c = copy.registry;
  if (copy.origin !== 'REGISTRY' || !c) {
    throw invalidTransition(
      'El ECHEQ fue registrado a mano: no tiene comprobante del registro de COELSA (consulte su detalle)',
    );
  }
  const party = await partyOf(deps.db, copy.tenant_id, c);
  const state = CHEQUE_STATE_LABELS[c.state as ChequeState] ?? c.state;
  const cheque: Rows = [
    ['ID del ECHEQ', c.cheque_id],
    ['Número', c.number],
    ['CMC7', c.cmc7],
    ['CMC7 (banco, sucursal, código postal, número, cuenta)', cmc7Groups(c.cmc7)],
    ['Tipo', CHEQUE_TIPO_LABELS[c.tipo]],
    ['Carácter', CHEQUE_CARACTER_LABELS[c.caracter]],
    ['Concepto', `${CHEQUE_CONCEPTO_LABELS[c.concepto]} (${c.concepto})`],
    ['Monto', pdfMoney(c.amount, c.currency)],
    ['Moneda', c.currency === 'USD' ? 'Dólares estadounidenses (USD)' : 'Pesos argentinos (ARS)'],
    ['Fecha de emisión', pdfDate(c.issue_date)],
    ['Fecha de pago', pdfDate(c.payment_date)],
  ];
  if (c.motivo) cheque.push(['Motivo de pago', c.motivo]);
  const parties: Rows = [
    ['Librador', party(c.issuer.cuit)],
    ['Banco del librador', await bankOfCode(deps, c.issuer.bank_code)],
    ['CBU del librador', c.issuer.cbu],
    ['Beneficiario', party(c.beneficiary.cuit)],
    ['Tenedor actual', c.holder_cuit ? party(c.holder_cuit) : 'Sin tenedor (no fue aceptado)'],
  ];
  const current: Rows = [['Estado', `${state} (${c.state})`]];
  const reason = stateReason(c);
  if (reason) current.push([reason.label, reason.motivo], ['Fecha', pdfInstant(reason.at)]);
  if (c.deposit) current.push(['Depositado', pdfInstant(c.deposit.at)]);
  if (c.paid_at) current.push(['Pagado', pdfInstant(c.paid_at)]);
  if (copy.syncing) current.push(['Operación en curso', 'Actualizando: COELSA aún no respondió']);
  const bank = await bankName(deps.db, copy.tenant_id);
  const pdf = await renderReceipt({
    bank: bank ?? '-',
    title: 'Comprobante de ECHEQ',
    status: state,
    sections: [
      { heading: 'ECHEQ', rows: cheque },
      { heading: 'Partes', rows: parties },
      { heading: 'Cadena de endosos', rows: chainRows(c, party) },
      { heading: 'Estado actual', rows: current },
    ],
    issuedAt: deps.clock.now(),
    verificationId: verificationId(deps.config.secretsKey, ['echeq', copy.id, copy.version, c.state]),
  });
  return { pdf, filename: `comprobante-echeq-${c.cheque_id}.pdf` };
}

/** `GET /api/echeqs/:id/receipt.pdf` (`echeqs:read`). */
export function receiptRoutes(app: App, deps: Deps) {
  app.get(
    '/echeqs/:id/receipt.pdf',
    {
      config: { access: 'echeqs:read' },
      schema: {
        tags: ['echeqs'],
        summary: 'Comprobante (PDF) del ECHEQ',
        params: idParamsSchema,
        response: responses(z.string().describe('Documento PDF'), 400, 404, 409, ...AUTHED),
      },
    },
    async (req, reply) =>
      sendPdf(reply, await chequeReceipt({ deps, ctx: ctxOf(req), id: (req.params as { id: string }).id })),
  );
}
