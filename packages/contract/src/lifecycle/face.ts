import { z } from 'zod';
import { endorsementStatusSchema } from './cheque';

const reasoned = z.object({ motivo: z.string(), at: z.string() }).nullable();

/**
 * What a cheque's detail shows of the registry's cheque (LIFECYCLE §4: its face as anyone holding the paper would see
 * it): CMC7, motivo de pago, the issuer with bank and CBU, the beneficiary, the endorsement chain and the instants and
 * reasons of its later operations. Plain strings on the wire (the registry validated them when it kept them).
 */
export const chequeFaceSchema = z.object({
  cmc7: z.string(),
  motivo: z.string().nullable(),
  issuer: z.object({ cuit: z.string(), name: z.string(), bank_code: z.string(), cbu: z.string() }),
  beneficiary: z.object({ cuit: z.string(), name: z.string().nullable() }),
  endorsements: z.array(
    z.object({
      from_cuit: z.string(),
      to_cuit: z.string(),
      to_name: z.string().nullable(),
      at: z.string(),
      status: endorsementStatusSchema,
      motivo: z.string().nullable(),
    }),
  ),
  issued_at: z.string(),
  deposit: z.object({ at: z.string(), automatic: z.boolean(), clearing_date: z.string() }).nullable(),
  presented_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  annulment: reasoned,
  repudiation: reasoned,
  rejection: reasoned,
});
export type ChequeFace = z.infer<typeof chequeFaceSchema>;
