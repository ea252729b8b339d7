import { z } from 'zod';
import { envelope, isoDateSchema, timestampSchema } from './common';
import { custodyStatusSchema } from './custody';
import { discountStatusSchema } from './discounts';

// Labels and pure helpers live apart in report-labels.ts (no zod), so the web can use them without the schemas.

/**
 * Reports (specification: custody report, discount report, performance analytics) and their exports.
 * Amounts are ARS: `totalAmount`, per-status `amount` and the series' `amount` add up the cheques in pesos; the
 * counts include every currency, and what is in another currency is reported apart in `otherCurrencies`
 * (docs/decisions: reports' currency and access).
 */

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both optional, inclusive, Buenos Aires calendar days. */
export const reportRangeQuerySchema = z
  .strictObject({ from: isoDateSchema.optional(), to: isoDateSchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'La fecha "desde" no puede ser posterior a la fecha "hasta"',
    path: ['from'],
  });
export type ReportRange = { from?: string; to?: string };

/** One calendar month (Buenos Aires) of volume: records created that month (custody_date / requested_at). */
export const monthPointSchema = z.object({
  /** 'YYYY-MM' */
  month: z.string(),
  count: z.number().int(),
  /** ARS */
  amount: z.number(),
});
export type MonthPoint = z.infer<typeof monthPointSchema>;

export const currencyTotalSchema = z.object({ currency: z.string(), count: z.number().int(), amount: z.number() });
export type CurrencyTotal = z.infer<typeof currencyTotalSchema>;

const rangeEcho = {
  from: isoDateSchema.nullable(),
  to: isoDateSchema.nullable(),
  generatedAt: timestampSchema,
};

export const custodyReportSchema = z.object({
  /** Custody records IN_CUSTODY in scope (CONTRACT §6). */
  total: z.number().int(),
  /** Sum of the ARS amounts of the records IN_CUSTODY in scope. */
  totalAmount: z.number(),
  /** Every custody status, zeros included, in the order of the status enum. */
  statusCounts: z.array(z.object({ status: custodyStatusSchema, count: z.number().int(), amount: z.number() })),
  /** Records IN_CUSTODY in currencies other than ARS (counted in `total`, not in `totalAmount`). */
  otherCurrencies: z.array(currencyTotalSchema),
  /** Custody deposits per month, every month of the window (zeros included). */
  series: z.array(monthPointSchema),
  ...rangeEcho,
});
export type CustodyReport = z.infer<typeof custodyReportSchema>;

export const discountReportSchema = z.object({
  /** Every discount in scope (CONTRACT §6). */
  total: z.number().int(),
  /** Sum of their requested ARS amounts. */
  totalAmount: z.number(),
  /** Sum of the approved ARS amounts (APPROVED and COMPLETED). */
  approvedAmount: z.number(),
  /** Every discount status, zeros included; `amount` is the requested ARS amount. */
  statusCounts: z.array(z.object({ status: discountStatusSchema, count: z.number().int(), amount: z.number() })),
  otherCurrencies: z.array(currencyTotalSchema),
  /** Discount requests per month (requested ARS amount). */
  series: z.array(monthPointSchema),
  ...rangeEcho,
});
export type DiscountReport = z.infer<typeof discountReportSchema>;

/**
 * Whose traffic the performance figures measure: the whole platform (its administrator), the caller's bank (the
 * bank's roles with `reports:read`), or, for everyone else, the dashboard's three figures of the caller's bank.
 */
export const PERFORMANCE_SCOPES = ['platform', 'bank', 'company'] as const;
export type PerformanceScope = (typeof PERFORMANCE_SCOPES)[number];

const performanceSummaryFields = {
  scope: z.enum(PERFORMANCE_SCOPES),
  /** Mean duration of the API requests in the window, ms. */
  responseTime: z.number(),
  /** % (0–100) of API requests not answered with a 5xx and of clearing-house probes that succeeded. */
  availability: z.number(),
  /** % (0–100) of API requests answered with a 5xx. */
  errorRate: z.number(),
  windowHours: z.number().int(),
  /** Start of the window (ISO). */
  since: timestampSchema,
  generatedAt: timestampSchema,
};

/** What a company's roles see (the dashboard's figures, as the specification shows them). */
export const performanceSummarySchema = z.object(performanceSummaryFields);
export type PerformanceSummary = z.infer<typeof performanceSummarySchema>;

/** What the platform's administrator (every bank's traffic) and a bank's roles (their bank's) see. */
export const performanceDetailSchema = z.object({
  ...performanceSummaryFields,
  /** Estimated median and 95th percentile of the request durations, ms. */
  p50: z.number(),
  p95: z.number(),
  requests: z.number().int(),
  serverErrors: z.number().int(),
  probes: z.number().int(),
  probeFailures: z.number().int(),
  /** Per area of the API (first path segment), busiest first. */
  routes: z.array(
    z.object({
      group: z.string(),
      requests: z.number().int(),
      serverErrors: z.number().int(),
      responseTime: z.number(),
    }),
  ),
  /** Per hour of the window that had traffic (ISO hour start). */
  hourly: z.array(
    z.object({
      hour: timestampSchema,
      requests: z.number().int(),
      serverErrors: z.number().int(),
      responseTime: z.number(),
    }),
  ),
});
export type PerformanceDetail = z.infer<typeof performanceDetailSchema>;

export const performanceReportSchema = z.union([performanceDetailSchema, performanceSummarySchema]);
export type PerformanceReport = z.infer<typeof performanceReportSchema>;

export const custodyReportResponseSchema = envelope(custodyReportSchema);
export const discountReportResponseSchema = envelope(discountReportSchema);
export const performanceReportResponseSchema = envelope(performanceReportSchema);

export const REPORT_KINDS = ['custody', 'discounts', 'performance'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * What awaits the user (GET /api/dashboard/pending), each count within the user's scope and bounded: a count above
 * `cap` is shown as "99+" (the server stops counting at cap + 1). `discounts_to_approve` is null for those who do not
 * decide discounts. The windows run from `today` for `days` days (Buenos Aires dates).
 */
export const dashboardPendingSchema = z.object({
  today: isoDateSchema,
  days: z.number().int(),
  cap: z.number().int(),
  /** PENDING discounts (for who approves them). */
  discounts_to_approve: z.number().int().nullable(),
  /** Cheques held in custody that fall due within the window (today included). */
  cheques_due: z.number().int(),
  /** Cheques in custody already due whose presentation period closes within the window: then custody expires. */
  presentation_closing: z.number().int(),
});
export type DashboardPending = z.infer<typeof dashboardPendingSchema>;
export const dashboardPendingResponseSchema = envelope(dashboardPendingSchema);
