import { z } from 'zod';
import { envelope, isoDateSchema, pageQuerySchema, pageSchema, timestampSchema } from '../common';
import { echeqSchema } from '../echeqs';
import { cursorQuerySchema, searchQuerySchema } from '../list-query';
import { TRAYS, type Tray, traySchema } from './trays';

/**
 * The lifecycle's lists (LIFECYCLE §8): a company's trays and the paying bank's queue of presented cheques. Both page
 * like the book's lists (`page`/`limit`, or the previous page's `nextCursor` as `cursor` for deep paging, newest
 * first for the trays, oldest clearing date first for the queue) and take an optional `q`: a number, registry id,
 * CUIT (with or without dashes) or part of a name of the issuer or beneficiary.
 */
const listQueryShape = { cursor: cursorQuerySchema, q: searchQuerySchema };

/** `GET /api/echeqs/trays/{tray}`: the tray's path parameter. */
export const trayParamsSchema = z.strictObject({ tray: traySchema });
export type TrayParams = z.infer<typeof trayParamsSchema>;

export const trayQuerySchema = pageQuerySchema.extend(listQueryShape);
export type TrayQuery = z.output<typeof trayQuerySchema>;

/** A tray's count: its cheques and those of them that await the company today (`isPending`). */
export const trayCountSchema = z.object({ total: z.number().int(), pending: z.number().int() });
export type TrayCount = z.infer<typeof trayCountSchema>;

/** The counts of every tray (all six, zeros included), for the tabs' badges. */
export const trayCountsSchema = z.object(
  Object.fromEntries(TRAYS.map((t) => [t, trayCountSchema])) as Record<Tray, typeof trayCountSchema>,
);
export type TrayCounts = z.infer<typeof trayCountsSchema>;

/** The company's cheques in a tray: the book's rows with the lifecycle's fields and the caller's `actions`. */
export const trayPageSchema = pageSchema(echeqSchema).extend({
  nextCursor: z.string().nullable(),
  counts: trayCountsSchema,
});
export type TrayPage = z.infer<typeof trayPageSchema>;
export const trayResponseSchema = envelope(trayPageSchema);

/** `GET /api/echeqs/presented`: the paying bank's queue. */
export const presentedQuerySchema = pageQuerySchema.extend(listQueryShape);
export type PresentedQuery = z.output<typeof presentedQuerySchema>;

/** A presented cheque: the row with its clearing date (the day the bank must pay or reject by the cut-off). */
export const presentedChequeSchema = echeqSchema.extend({
  clearing_date: isoDateSchema.nullable(),
  presented_at: timestampSchema.nullable(),
  /** The issuer's account (CBU) the cheque is drawn on. */
  issuer_cbu: z.string().nullable(),
});
export type PresentedCheque = z.infer<typeof presentedChequeSchema>;

/** The queue's amount per currency (every page of it, not only this one). */
export const presentedTotalSchema = z.object({ currency: z.string(), count: z.number().int(), amount: z.number() });
export type PresentedTotal = z.infer<typeof presentedTotalSchema>;

/** The queue, oldest clearing date first: `total` counts it, `totals` adds its amounts by currency. */
export const presentedPageSchema = pageSchema(presentedChequeSchema).extend({
  nextCursor: z.string().nullable(),
  totals: z.array(presentedTotalSchema),
});
export type PresentedPage = z.infer<typeof presentedPageSchema>;
export const presentedResponseSchema = envelope(presentedPageSchema);
