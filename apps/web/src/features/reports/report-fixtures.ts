import type { CustodyReport, DiscountReport, PerformanceDetail, PerformanceSummary } from '@echeq/contract';

/** Report payloads as the server answers them, for the screens' tests. */
export function custodyReport(overrides: Partial<CustodyReport> = {}): CustodyReport {
  return {
    total: 7,
    totalAmount: 1234567.89,
    statusCounts: [
      { status: 'IN_CUSTODY', count: 7, amount: 1234567.89 },
      { status: 'RELEASED', count: 3, amount: 3000 },
      { status: 'EXPIRED', count: 1, amount: 10.5 },
      { status: 'CANCELLED', count: 0, amount: 0 },
    ],
    otherCurrencies: [],
    series: [
      { month: '2026-10', count: 4, amount: 1000 },
      { month: '2026-11', count: 7, amount: 1237578.39 },
    ],
    from: null,
    to: null,
    generatedAt: '2026-11-21T12:00:00.000Z',
    ...overrides,
  };
}

export function discountReport(overrides: Partial<DiscountReport> = {}): DiscountReport {
  return {
    total: 3,
    totalAmount: 3000.3,
    approvedAmount: 950,
    statusCounts: [
      { status: 'PENDING', count: 1, amount: 1000.1 },
      { status: 'APPROVED', count: 1, amount: 1000.1 },
      { status: 'REJECTED', count: 1, amount: 1000.1 },
      { status: 'CANCELLED', count: 0, amount: 0 },
      { status: 'COMPLETED', count: 0, amount: 0 },
    ],
    otherCurrencies: [],
    series: [
      { month: '2026-10', count: 1, amount: 1000.1 },
      { month: '2026-11', count: 2, amount: 2000.2 },
    ],
    from: null,
    to: null,
    generatedAt: '2026-11-21T12:00:00.000Z',
    ...overrides,
  };
}

export function performanceReport(overrides: Partial<PerformanceDetail> = {}): PerformanceDetail {
  return {
    scope: 'bank',
    responseTime: 12.3,
    availability: 99.5,
    errorRate: 0.25,
    p50: 8.1,
    p95: 40.2,
    requests: 400,
    serverErrors: 1,
    probes: 20,
    probeFailures: 1,
    windowHours: 24,
    since: '2026-11-20T12:00:00.000Z',
    generatedAt: '2026-11-21T12:00:00.000Z',
    routes: [{ group: 'echeqs', requests: 300, serverErrors: 1, responseTime: 10.2 }],
    hourly: [],
    ...overrides,
  };
}

/** What a company's roles get: the dashboard's three figures of their bank's requests. */
export function performanceSummary(overrides: Partial<PerformanceSummary> = {}): PerformanceSummary {
  return {
    scope: 'company',
    responseTime: 12.3,
    availability: 99.5,
    errorRate: 0.25,
    windowHours: 24,
    since: '2026-11-20T12:00:00.000Z',
    generatedAt: '2026-11-21T12:00:00.000Z',
    ...overrides,
  };
}
