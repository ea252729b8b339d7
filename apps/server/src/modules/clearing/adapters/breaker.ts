/**
 * Circuit breaker per bank (in this process): after `threshold` consecutive failed attempts it opens and calls fail
 * at once for `openMs`; then one trial call is let through (half-open): success closes it, failure opens it again.
 * Answers of the clearing house (2xx, 4xx) count as success: it is alive.
 */
export type BreakerState = 'CLOSED' | 'OPEN' | 'HALF_OPEN';

export type Breaker = {
  /** May a call go out now? In half-open only one trial at a time. */
  allow(): boolean;
  success(): void;
  failure(): void;
  state(): BreakerState;
  snapshot(): BreakerSnapshot;
  reset(): void;
};

export type BreakerSnapshot = {
  state: BreakerState;
  consecutiveFailures: number;
  openedAt: string | null;
  retryAt: string | null;
};

export type BreakerOptions = { threshold?: number; openMs?: number; now?: () => number };

const BREAKER_DEFAULTS = { threshold: 5, openMs: 15_000 } as const;

export function createBreaker(opts: BreakerOptions = {}): Breaker {
  const threshold = opts.threshold ?? BREAKER_DEFAULTS.threshold;
  const openMs = opts.openMs ?? BREAKER_DEFAULTS.openMs;
  const now = opts.now ?? Date.now;
  let state: BreakerState = 'CLOSED';
  let failures = 0;
  let openedAt = 0;
  let trialAt = 0;

  const current = (): BreakerState => {
    if (state === 'OPEN' && now() - openedAt >= openMs) {
      state = 'HALF_OPEN';
      trialAt = 0;
    }
    return state;
  };

  return {
    allow() {
      const s = current();
      if (s === 'CLOSED') return true;
      if (s === 'OPEN') return false;
      // Half-open: one trial; a trial that never reported back frees the slot after openMs.
      if (trialAt === 0 || now() - trialAt >= openMs) {
        trialAt = now();
        return true;
      }
      return false;
    },
    success() {
      state = 'CLOSED';
      failures = 0;
      trialAt = 0;
    },
    failure() {
      failures++;
      const s = current();
      if (s === 'HALF_OPEN' || (s === 'CLOSED' && failures >= threshold)) {
        state = 'OPEN';
        openedAt = now();
        trialAt = 0;
      }
    },
    state: current,
    snapshot() {
      const s = current();
      return {
        state: s,
        consecutiveFailures: failures,
        openedAt: s === 'CLOSED' ? null : new Date(openedAt).toISOString(),
        retryAt: s === 'OPEN' ? new Date(openedAt + openMs).toISOString() : null,
      };
    },
    reset() {
      state = 'CLOSED';
      failures = 0;
      openedAt = 0;
      trialAt = 0;
    },
  };
}

const BREAKERS = new Map<string, Breaker>();

/** The breaker of a bank's clearing-house link (one per tenant in this process). */
export function breakerFor(tenantId: string): Breaker {
  let b = BREAKERS.get(tenantId);
  if (!b) {
    b = createBreaker();
    BREAKERS.set(tenantId, b);
  }
  return b;
}

/** Forgets a bank's breaker (its configuration changed or a connection test succeeded). */
export function resetBreaker(tenantId: string): void {
  BREAKERS.delete(tenantId);
}

/** Every breaker this process holds, for the metrics. */
export function breakerStates(): Array<{ tenantId: string } & BreakerSnapshot> {
  return [...BREAKERS.entries()].map(([tenantId, b]) => ({ tenantId, ...b.snapshot() }));
}
