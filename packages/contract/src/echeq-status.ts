import { z } from 'zod';

/**
 * The specification's status of a cheque. Its own file because the lifecycle derives it from a registry state
 * (`specStatusOf`) and the cheque's schema uses the lifecycle's fields: neither imports the other through it.
 */
export const echeqStatusSchema = z.enum(['ACTIVE', 'CANCELLED', 'PAID', 'EXPIRED'], { message: 'Estado inválido' });
export type EcheqStatus = z.infer<typeof echeqStatusSchema>;
