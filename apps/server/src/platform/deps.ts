import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Clock } from './clock';
import type { Db } from './db/db';
import type { Lifecycle } from './lifecycle';
import type { MetricsRecorder } from './metrics';
import type { RateLimiter } from './rate-limit';

/** What every module is given when it is registered (app.ts builds it once). */
export type Deps = {
  db: Db;
  config: Config;
  clock: Clock;
  limiter: RateLimiter;
  tokenKey: Uint8Array;
  log: FastifyBaseLogger;
  /** Request timings and clearing-house probes (performance report, /metrics). */
  metrics: MetricsRecorder;
  /** Running or stopping (the readiness probe). */
  lifecycle: Lifecycle;
};
