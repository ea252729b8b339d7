import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { Config } from './config';
import { accountsRoutes } from './modules/accounts';
import { auditRoutes } from './modules/audit';
import { authRoutes, mfaRoutes } from './modules/auth';
import {
  type ClearingBook,
  clearingRoutes,
  onSandbox,
  outboxJob,
  probesSettled,
  registryJob,
} from './modules/clearing';
import { custodyExpiryJob, custodyRoutes, lockOpenCustody, sandboxBook } from './modules/custody';
import { discountRoutes, hasOpenDiscount } from './modules/discounts';
import { type EcheqHolds, echeqForClearing, echeqRoutes } from './modules/echeqs';
import {
  adhereClients,
  awaitingJob,
  inboxJob,
  lifecycleByType,
  lifecycleRoutes,
  portLink,
  registryRefused,
} from './modules/lifecycle';
import { metricsRoute, reportsRoutes } from './modules/reports';
import { settingsRoutes } from './modules/settings';
import { healthRoutes, systemRoutes } from './modules/system';
import { tenantsRoutes } from './modules/tenants';
import { usersRoutes } from './modules/users';
import { makeGuard } from './platform/auth/authenticate';
import { tokenKey } from './platform/auth/jwt';
import { declareAccess } from './platform/auth/route-access';
import { createSessionCache } from './platform/auth/session-cache';
import { benchReferenceEnabled, withBenchCapture } from './platform/bench-capture';
import { type Clock, systemClock } from './platform/clock';
import type { Db } from './platform/db/db';
import { startDirectoryCache } from './platform/db/directory-cache';
import type { Deps } from './platform/deps';
import type { App } from './platform/http/app-type';
import { registerErrorHandler, registerNotFound } from './platform/http/error-handler';
import { idempotencyPurgeJob, registerIdempotency } from './platform/http/idempotency';
import { jsonParser } from './platform/http/json-parser';
import { requestForLog } from './platform/http/log-redaction';
import { newRequestId } from './platform/http/request-id';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { type Job, startJobs } from './platform/jobs';
import { createLifecycle, type Lifecycle } from './platform/lifecycle';
import { createMetricsRecorder, installRequestTiming } from './platform/metrics';
import { dbRateLimiter, type RateLimiter, rateLimitPurgeJob, redisRateLimiter } from './platform/rate-limit';

export type BuildOptions = {
  config: Config;
  db: Db;
  clock?: Clock;
  limiter?: RateLimiter;
  /** Running or stopping, as main.ts sets it on SIGTERM (the readiness probe reports it). */
  lifecycle?: Lifecycle;
};

/**
 * What a module asks of the modules after it in the order (docs/architecture.md), passed to it here and nowhere
 * else: an edit of a cheque or a release of its custody asks custody and discounts what holds the cheque; the
 * clearing house's routes ask the book for a cheque and for what the sandbox should already know.
 */
const holds: EcheqHolds = { lockOpenCustody, hasOpenDiscount };
const book: ClearingBook = { echeqForClearing, sandboxBook };

/**
 * Every module of the API is registered here, by hand, in dependency order: this list is the whole API.
 * Each entry is `(app, deps) => void` declaring its routes under /api.
 */
const MODULES: ReadonlyArray<(app: App, deps: Deps) => void> = [
  healthRoutes,
  authRoutes,
  mfaRoutes,
  (app, deps) => usersRoutes(app, deps, { clientsJoined: (tenantId) => adhereClients(deps, portLink(deps), tenantId) }),
  tenantsRoutes,
  settingsRoutes,
  auditRoutes,
  (app, deps) => accountsRoutes(app, deps, { onSandbox }),
  (app, deps) =>
    clearingRoutes(app, deps, {
      ...book,
      lifecycle: lifecycleByType({ db: deps.db, clock: deps.clock, link: portLink(deps) }),
    }),
  systemRoutes,
  (app, deps) => echeqRoutes(app, deps, holds),
  (app, deps) => custodyRoutes(app, deps, holds),
  (app, deps) => lifecycleRoutes(app, deps, portLink(deps)),
  discountRoutes,
  reportsRoutes,
];

/** Background jobs (platform/jobs.ts): started when config.jobs is true, stopped when the app closes. */
const JOBS: ReadonlyArray<(deps: Deps) => Job> = [
  (deps) => outboxJob({ ...deps, onRegistryRefusal: registryRefused }),
  registryJob,
  (deps) => inboxJob(deps, portLink(deps), deps.log),
  awaitingJob,
  custodyExpiryJob,
  idempotencyPurgeJob,
  rateLimitPurgeJob,
];

// Spanish messages for every validation issue that has no message of its own.
z.config(z.locales.es());

export async function buildApp(opts: BuildOptions): Promise<App> {
  const { config } = opts;
  const lifecycle = opts.lifecycle ?? createLifecycle();
  // `npm run bench` only (BENCH_REFERENCE=1): statement capture and the bare reference routes; otherwise opts.db as is.
  const bench = benchReferenceEnabled() ? withBenchCapture(opts.db) : null;
  const db = bench?.db ?? opts.db;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-api-key"]',
          '*.password',
          '*.api_key',
          '*.api_secret',
        ],
        censor: '[oculto]',
      },
      serializers: { req: requestForLog },
    },
    genReqId: newRequestId,
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, jsonParser);
  app.decorateRequest('actor', null);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // Stopping: each connection closes after its answer, so the requests in flight are the last ones it carries
    // (an idle keep-alive connection would hold the closing server open until its timeout).
    if (lifecycle.stopping) reply.header('connection', 'close');
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
  registerErrorHandler(app);
  bench?.register(app);

  registerSecurityHeaders(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'ECHEQ Platform API', version: config.version, description: 'API de la plataforma ECHEQ' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const clock = opts.clock ?? systemClock;
  let limiter = opts.limiter;
  if (!limiter && config.redisUrl) {
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    limiter = redisRateLimiter(redis);
  }
  const key = tokenKey(config.jwtSecret);
  const sessions = await createSessionCache(db);
  app.addHook('onClose', () => sessions.close());
  const directory = await startDirectoryCache(db);
  app.addHook('onClose', () => directory.close());
  // A probe of a clearing house started in the background (the readiness probe's refresh) ends before the process.
  app.addHook('onClose', () => probesSettled());
  // A write to sessions, users or banks may have revoked sessions, and one to banks, their clearing-house
  // configuration or their client companies may have changed the registry's directory: this process forgets both
  // before it answers (the others as soon as the database's notification reaches them).
  const REVOKING = /^\/api\/(auth|users|admin)(\/|$|\?)/;
  app.addHook('onSend', async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && REVOKING.test(req.url)) {
      sessions.clear();
      directory.clear();
    }
  });
  const deps: Deps = {
    db,
    config,
    clock,
    limiter: limiter ?? dbRateLimiter(db),
    tokenKey: key,
    log: app.log,
    metrics: createMetricsRecorder({ db, clock, onError: (err) => app.log.warn({ err }, 'metrics flush') }),
    lifecycle,
  };

  installRequestTiming(app, deps.metrics, { flush: config.jobs });
  registerIdempotency(app, deps);
  metricsRoute(app, deps);

  if (config.jobs) {
    const jobs = startJobs({ db, clock, log: app.log, jobs: JOBS.map((make) => make(deps)) });
    app.addHook('onClose', () => jobs.stop());
  }

  await app.register(
    async (api) => {
      // Every route declares who may call it (`config.access`): this hook guards it and documents it accordingly.
      api.addHook('onRoute', declareAccess(makeGuard({ db, clock, tokenKey: key, sessions })));
      for (const mod of MODULES) mod(api as App, deps);
    },
    { prefix: '/api' },
  );

  const webDist = config.webDist ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  const spa = existsSync(path.join(webDist, 'index.html'));
  if (spa) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      // The build writes a brotli and a gzip copy next to each text file: the one the browser accepts is sent as it
      // is (with `vary: accept-encoding`), the plain file otherwise.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply, file) => {
        // Built assets carry a content hash in their names: they never change, so browsers keep them for a year.
        if (/[\\/]assets[\\/]/.test(file)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        // The pages name the current assets: asked again on every visit (a 304 when unchanged).
        else if (/\.html(\.br|\.gz)?$/.test(file)) reply.header('cache-control', 'no-cache');
      },
    });
  }
  // The build's copies of index.html for the most visited first screens, which also name that screen's code.
  const pages = Object.fromEntries(
    Object.entries({ '/login': 'pages/login.html', '/dashboard': 'pages/dashboard.html' }).filter(([, file]) =>
      existsSync(path.join(webDist, file)),
    ),
  );
  registerNotFound(app, spa, pages);

  return app as unknown as App;
}
