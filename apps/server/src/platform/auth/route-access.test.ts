import type { Permission } from '@echeq/contract';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type onRequestHookHandler } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { GuardOptions } from './authenticate';
import { declareAccess } from './route-access';

/** A guard that answers 403 naming what it was asked for, so a test can see which guard a route got. */
function fakeGuard(calls: Array<{ permission?: Permission; opts?: GuardOptions }>) {
  return (permission?: Permission, opts?: GuardOptions): onRequestHookHandler[] => {
    calls.push({ permission, opts });
    return [
      async (_req, reply) => {
        await reply.code(403).send({ guard: permission ?? 'signed-in', restricted: opts?.restricted ?? null });
      },
    ];
  };
}

async function appWith(register: (api: FastifyInstance) => void, calls: Parameters<typeof fakeGuard>[0] = []) {
  const app = Fastify();
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 't', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(
    async (api) => {
      api.addHook('onRoute', declareAccess(fakeGuard(calls)));
      register(api);
    },
    { prefix: '/api' },
  );
  await app.ready();
  return app;
}

describe('declareAccess: one declaration guards a route and documents it', () => {
  it('guards a permission route and writes the permission into its OpenAPI operation', async () => {
    const calls: Parameters<typeof fakeGuard>[0] = [];
    const app = await appWith((api) => {
      api.get('/users', { config: { access: 'users:read' }, schema: { summary: 'Usuarios' } }, async () => 'ok');
      api.put('/me', { config: { access: 'signed-in', restricted: 'session' } }, async () => 'ok');
    }, calls);
    const users = await app.inject({ method: 'GET', url: '/api/users' });
    expect(users.json()).toEqual({ guard: 'users:read', restricted: null });
    const me = await app.inject({ method: 'PUT', url: '/api/me' });
    expect(me.json()).toEqual({ guard: 'signed-in', restricted: 'session' });
    expect(calls).toContainEqual({ permission: 'users:read', opts: {} });

    const doc = app.swagger() as any;
    const op = doc.paths['/api/users'].get;
    expect(op['x-permission']).toBe('users:read');
    expect(op.security).toEqual([{ bearer: [] }]);
    expect(op.summary).toBe('Usuarios');
    expect(op.description).toContain('`users:read`');
    const put = doc.paths['/api/me'].put;
    expect(put['x-permission']).toBe('signed-in');
    expect(put['x-restricted']).toBe('session');
    await app.close();
  });

  it('leaves a public route unguarded and documents it without security', async () => {
    const calls: Parameters<typeof fakeGuard>[0] = [];
    const app = await appWith((api) => {
      api.post('/login', { config: { access: 'public' } }, async () => ({ ok: true }));
    }, calls);
    expect((await app.inject({ method: 'POST', url: '/api/login' })).json()).toEqual({ ok: true });
    expect(calls).toEqual([]);
    const op = (app.swagger() as any).paths['/api/login'].post;
    expect(op['x-permission']).toBe('public');
    expect(op.security).toEqual([]);
    await app.close();
  });

  it('refuses to register a route that declares nothing, or what is not a permission of the map', async () => {
    await expect(appWith((api) => api.get('/nothing', async () => 'ok'))).rejects.toThrow(/declares no access/);
    await expect(
      appWith((api) => api.get('/typo', { config: { access: 'user:read' as Permission } }, async () => 'ok')),
    ).rejects.toThrow(/not a permission/);
    await expect(
      appWith((api) => api.get('/odd', { config: { access: 'public', restricted: 'session' } }, async () => 'ok')),
    ).rejects.toThrow(/public route/);
  });
});
