import { z } from 'zod';
import { amountSchema, cuitSchema, currencySchema, isoDateSchema, timestampSchema } from '../common';
import { cbuSchema } from './cbu';
import { chequeIdSchema, chequeNumberSchema, cmc7Schema } from './identity';
import { chequeStateSchema } from './states';

/** Común: payment date = issue date. Diferido: payment date 1–360 days after issue. */
export const chequeTipoSchema = z.enum(['COMUN', 'DIFERIDO'], { message: 'Tipo de ECHEQ inválido: COMUN o DIFERIDO' });
export type ChequeTipo = z.infer<typeof chequeTipoSchema>;

/** A la orden: endorsable. No a la orden: not endorsable (transferable only by cesión, part 2). */
export const chequeCaracterSchema = z.enum(['A_LA_ORDEN', 'NO_A_LA_ORDEN'], {
  message: 'Carácter inválido: A_LA_ORDEN o NO_A_LA_ORDEN',
});
export type ChequeCaracter = z.infer<typeof chequeCaracterSchema>;

export const chequeConceptoSchema = z.enum(['ALQ', 'CUO', 'EXP', 'FAC', 'PRE', 'SEG', 'HON', 'VAR'], {
  message: 'Concepto inválido: ALQ, CUO, EXP, FAC, PRE, SEG, HON o VAR',
});
export type ChequeConcepto = z.infer<typeof chequeConceptoSchema>;

export const CHEQUE_TIPO_LABELS: Record<ChequeTipo, string> = { COMUN: 'Común', DIFERIDO: 'De pago diferido' };
export const CHEQUE_CARACTER_LABELS: Record<ChequeCaracter, string> = {
  A_LA_ORDEN: 'A la orden',
  NO_A_LA_ORDEN: 'No a la orden',
};
export const CHEQUE_CONCEPTO_LABELS: Record<ChequeConcepto, string> = {
  ALQ: 'Alquiler',
  CUO: 'Cuota',
  EXP: 'Expensas',
  FAC: 'Factura',
  PRE: 'Préstamo',
  SEG: 'Seguro',
  HON: 'Honorarios',
  VAR: 'Varios',
};

/**
 * An endorsement of the chain. PENDING awaits the endorsee; ACCEPTED made the endorsee the holder; REPUDIATED (by
 * the endorsee) and ANNULLED (by the endorser) left the holder unchanged; EXPIRED: the cheque expired while it was
 * pending.
 */
export const endorsementStatusSchema = z.enum(['PENDING', 'ACCEPTED', 'REPUDIATED', 'ANNULLED', 'EXPIRED']);
export type EndorsementStatus = z.infer<typeof endorsementStatusSchema>;
export const ENDORSEMENT_STATUS_LABELS: Record<EndorsementStatus, string> = {
  PENDING: 'Pendiente',
  ACCEPTED: 'Aceptado',
  REPUDIATED: 'Repudiado',
  ANNULLED: 'Anulado',
  EXPIRED: 'Caducado',
};

export const endorsementSchema = z.object({
  from_cuit: cuitSchema,
  to_cuit: cuitSchema,
  to_name: z.string().nullable(),
  at: timestampSchema,
  status: endorsementStatusSchema,
  /** The repudiation's reason, when the endorsee gave one. */
  motivo: z.string().nullable(),
});
export type Endorsement = z.infer<typeof endorsementSchema>;

const bankCodeSchema = z.string().regex(/^\d{3}$/, { message: 'El código de banco tiene 3 dígitos' });

export const chequeIssuerSchema = z
  .object({ cuit: cuitSchema, name: z.string(), bank_code: bankCodeSchema, cbu: cbuSchema })
  .refine((v) => v.cbu.startsWith(v.bank_code), {
    message: 'El CBU del librador no es del banco indicado',
    path: ['cbu'],
  });

/** A reason and the instant of the operation that gave it (annulment, repudiation, rejection). */
const reasonedSchema = z.object({ motivo: z.string(), at: timestampSchema });

/**
 * The registry's cheque: what the clearing house keeps and answers (the simulator stores it; the platform's banks
 * keep their view of it). Dates are Buenos Aires dates; `at` fields are ISO timestamps.
 */
export const registryChequeSchema = z.object({
  cheque_id: chequeIdSchema,
  number: chequeNumberSchema,
  cmc7: cmc7Schema,
  tipo: chequeTipoSchema,
  caracter: chequeCaracterSchema,
  concepto: chequeConceptoSchema,
  /** Motivo de pago: free text, optional. */
  motivo: z.string().nullable(),
  amount: amountSchema,
  currency: currencySchema,
  issue_date: isoDateSchema,
  payment_date: isoDateSchema,
  issuer: chequeIssuerSchema,
  beneficiary: z.object({ cuit: cuitSchema, name: z.string().nullable() }),
  /** Null until the beneficiary accepts (and for a cheque repudiated or annulled before that). */
  holder_cuit: cuitSchema.nullable(),
  endorsements: z.array(endorsementSchema),
  state: chequeStateSchema,
  issued_at: timestampSchema,
  annulment: reasonedSchema.nullable(),
  repudiation: reasonedSchema.nullable(),
  /** Set by DEPOSIT or AUTO_DEPOSIT: when, whether automatic (custody), and its clearing date. */
  deposit: z.object({ at: timestampSchema, automatic: z.boolean(), clearing_date: isoDateSchema }).nullable(),
  presented_at: timestampSchema.nullable(),
  paid_at: timestampSchema.nullable(),
  rejection: reasonedSchema.nullable(),
  expired_at: timestampSchema.nullable(),
});
export type RegistryCheque = z.infer<typeof registryChequeSchema>;

/** What the issuing bank sends to create a cheque: the cheque without what the lifecycle sets. */
export const chequeDraftSchema = registryChequeSchema.omit({
  state: true,
  holder_cuit: true,
  endorsements: true,
  issued_at: true,
  annulment: true,
  repudiation: true,
  deposit: true,
  presented_at: true,
  paid_at: true,
  rejection: true,
  expired_at: true,
});
export type ChequeDraft = z.infer<typeof chequeDraftSchema>;

/**
 * The part of a cheque the state machine reads. Any object with these fields will do (a registry cheque, or a row
 * the server read); `syncing` is the platform's overlay while the registry has not answered.
 */
export type LifecycleCheque = Pick<RegistryCheque, 'state' | 'caracter' | 'payment_date' | 'holder_cuit'> & {
  issuer: { cuit: string };
  beneficiary: { cuit: string };
  endorsements: readonly Pick<Endorsement, 'from_cuit' | 'to_cuit' | 'status'>[];
  syncing?: boolean;
};
