import { z } from 'zod';
import { amountSchema, cuitSchema, currencySchema, isoDateSchema, textSchema, uuidSchema } from '../common';
import { chequeCaracterSchema, chequeConceptoSchema, chequeTipoSchema } from './cheque';

/**
 * "Simular ECHEQ recibido" (LIFECYCLE §6), `POST /api/echeqs/simulate-received`: on the sandbox, a company outside
 * the platform (by default "Proveedor Externo S.A.", at a bank off the platform) issues a cheque to the client
 * company `company_id`. `payment_date` may be left out for a COMUN cheque (it is today); `currency` is ARS unless
 * given.
 */
export const simulateReceivedBodySchema = z
  .strictObject({
    company_id: uuidSchema,
    amount: amountSchema,
    currency: currencySchema.optional(),
    tipo: chequeTipoSchema,
    caracter: chequeCaracterSchema,
    concepto: chequeConceptoSchema,
    payment_date: isoDateSchema.optional(),
    motivo: textSchema('Motivo de pago', 200).optional(),
    issuer_name: textSchema('Razón social del librador', 200).optional(),
    issuer_cuit: cuitSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.tipo === 'DIFERIDO' && !v.payment_date) {
      ctx.addIssue({
        code: 'custom',
        path: ['payment_date'],
        message: 'Un ECHEQ de pago diferido requiere la fecha de pago',
      });
    }
  });
export type SimulateReceivedBody = z.input<typeof simulateReceivedBodySchema>;
export type SimulateReceivedInput = z.output<typeof simulateReceivedBodySchema>;
