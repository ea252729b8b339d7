import { ERROR_CODES, healthLiveResponseSchema, healthNotReadySchema, healthReadySchema } from '@echeq/contract';
import type { Deps } from '../../platform/deps';
import type { App } from '../../platform/http/app-type';
import { readinessProbe } from './health.service';

/**
 * Probes for a load balancer or an orchestrator, without a session: `live` (the process answers) and `ready` (it
 * should receive traffic). `GET /api/health` stays as it was (scripts and tests wait on it).
 */
export function healthRoutes(app: App, deps: Deps) {
  app.get('/health', { config: { access: 'public' }, schema: { hide: true } }, async () => ({
    success: true,
    status: 'ok',
  }));

  app.get(
    '/health/live',
    { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: healthLiveResponseSchema } } },
    async () => ({
      success: true as const,
      status: 'live' as const,
    }),
  );

  const readiness = readinessProbe(deps);
  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: { tags: ['system'], response: { 200: healthReadySchema, 503: healthNotReadySchema } },
    },
    async (_req, reply) => {
      const { ready, checks } = await readiness();
      if (ready) return { success: true as const, status: 'ready' as const, checks };
      return reply.code(503).send({
        success: false as const,
        code: 'NOT_READY' as const,
        message: ERROR_CODES.NOT_READY.message,
        checks,
      });
    },
  );
}
