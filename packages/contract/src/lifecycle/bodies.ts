import { z } from 'zod';
import { amountSchema, cuitSchema, isoDateSchema, textSchema, uuidSchema } from '../common';
import { chequeCaracterSchema, chequeConceptoSchema, chequeTipoSchema } from './cheque';

/**
 * The bodies of the operation routes (LIFECYCLE §8). Each is strict: an unknown field is a 400. What depends on
 * today or on the caller (COMUN pays today, DIFERIDO 1–360 days, not to one's own CUIT) is checked by the state
 * machine's guards (`checkIssue`, `issueDateProblem`, `apply`), which the server may also run before sending.
 */
const optionalName = (label: string) => textSchema(label, 200).optional();

/** `POST /api/echeqs/issue`. `payment_date` may be left out for a COMUN cheque (it is today). */
export const issueBodySchema = z
  .strictObject({
    account_id: uuidSchema,
    beneficiary_cuit: cuitSchema,
    beneficiary_name: optionalName('Nombre del beneficiario'),
    amount: amountSchema,
    tipo: chequeTipoSchema,
    caracter: chequeCaracterSchema,
    concepto: chequeConceptoSchema,
    payment_date: isoDateSchema.optional(),
    motivo: textSchema('Motivo de pago', 200).optional(),
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
export type IssueBody = z.input<typeof issueBodySchema>;
export type IssueInput = z.output<typeof issueBodySchema>;

/** `…/repudiate`, `…/annul`, `…/endorsement/repudiate` (and part 2's return request). */
export const motivoBodySchema = z.strictObject({ motivo: textSchema('Motivo', 200) });
export type MotivoBody = z.infer<typeof motivoBodySchema>;

/** `…/endorse`. */
export const endorseBodySchema = z.strictObject({
  endorsee_cuit: cuitSchema,
  endorsee_name: optionalName('Nombre del endosatario'),
});
export type EndorseBody = z.input<typeof endorseBodySchema>;

/** The reasons a paying bank rejects a presented cheque with (the sandbox's test amounts give the first three). */
export const REJECTION_MOTIVES = ['Sin fondos suficientes', 'Cuenta cerrada', 'Orden de no pagar'] as const;
export const rejectionMotiveSchema = z.enum(REJECTION_MOTIVES, {
  message: `Motivo de rechazo inválido: ${REJECTION_MOTIVES.join(', ')}`,
});

/** `…/reject`. */
export const rejectBodySchema = z.strictObject({ motivo: rejectionMotiveSchema });
export type RejectBody = z.infer<typeof rejectBodySchema>;

/** Operations without input (`…/accept`, `…/custody`, …): an empty object, or no body. */
export const emptyOperationBodySchema = z.strictObject({});

const onCheque = { echeq_id: uuidSchema };
const bare = <T extends string>(type: T) => z.strictObject({ type: z.literal(type), ...onCheque });

/**
 * `POST /api/integration/coelsa/operation` for the lifecycle: `type` and the body of the route of that name, with
 * `echeq_id` (the platform's id of the cheque) for every operation but ISSUE. Part 2's types parse, and the state
 * machine refuses them as not available yet.
 */
export const lifecycleOperationBodySchema = z.discriminatedUnion(
  'type',
  [
    issueBodySchema.safeExtend({ type: z.literal('ISSUE') }),
    bare('ACCEPT'),
    bare('REPUDIATE').extend(motivoBodySchema.shape),
    bare('ANNUL').extend(motivoBodySchema.shape),
    bare('ENDORSE').extend(endorseBodySchema.shape),
    bare('ACCEPT_ENDORSEMENT'),
    bare('REPUDIATE_ENDORSEMENT').extend(motivoBodySchema.shape),
    bare('ANNUL_ENDORSEMENT'),
    bare('CUSTODY'),
    bare('RESCUE'),
    bare('DEPOSIT'),
    bare('PAY'),
    bare('REJECT').extend(rejectBodySchema.shape),
    bare('REQUEST_RETURN').extend(motivoBodySchema.shape),
    bare('ACCEPT_RETURN'),
    bare('REPUDIATE_RETURN'),
    bare('ANNUL_RETURN'),
  ],
  { error: 'Tipo de operación inválido' },
);
export type LifecycleOperationBody = z.infer<typeof lifecycleOperationBodySchema>;

/** One line of `GET /api/echeqs/{id}/history`: a registry event as the caller's bank heard it (LIFECYCLE §8). */
export const chequeHistoryEntrySchema = z.object({
  at: z.string(),
  event: z.string(),
  state: z.string(),
  party_cuit: z.string().nullable(),
  party_name: z.string().nullable(),
  bank: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type ChequeHistoryEntry = z.infer<typeof chequeHistoryEntrySchema>;
