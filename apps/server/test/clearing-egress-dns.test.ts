/**
 * Names that change what they resolve to (DNS rebinding) or mix public and internal addresses: the clearing-house
 * link resolves a name once, as it connects, and connects only if every address is public. The resolver is replaced
 * here by one that answers as an attacker's DNS server would; the sockets and the local server are real.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const answers = new Map<string, { address: string; family: number }[][]>();
const asked: string[] = [];

vi.mock('node:dns', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:dns')>();
  const lookup = (host: string, options: unknown, callback: (...args: unknown[]) => void) => {
    const queue = answers.get(host);
    if (!queue) return real.lookup(host, options as never, callback as never);
    asked.push(host);
    const list = queue.length > 1 ? queue.shift()! : queue[0]!;
    const all = (options as { all?: boolean }).all;
    setImmediate(() => (all ? callback(null, list) : callback(null, list[0]!.address, list[0]!.family)));
  };
  return { ...real, default: { ...real, lookup }, lookup };
});

const { egressRequest, EgressRefusedError } = await import('../src/modules/clearing/adapters/egress');

describe('names resolved by an attacker', () => {
  let target: Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    target = createServer((_req, res) => {
      hits++;
      res.end('{}');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    port = (target.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((r) => target.close(r)));
  beforeEach(() => {
    hits = 0;
    asked.length = 0;
    answers.clear();
  });

  const policy = { allowedHosts: ['127.0.0.1'], requireHttps: false };
  const get = (host: string) =>
    egressRequest(policy, new URL(`http://${host}:${port}/v1/health`), {
      method: 'GET',
      headers: {},
      signal: AbortSignal.timeout(2_000),
    });

  it('a name that first resolved to a public address and now to loopback is refused as it connects', async () => {
    answers.set('rebind.example', [[{ address: '93.184.216.34', family: 4 }], [{ address: '127.0.0.1', family: 4 }]]);
    // What a check made beforehand would have seen:
    const { lookup } = await import('node:dns');
    const seen = await new Promise<string>((resolve) => lookup('rebind.example', {}, (_e, a) => resolve(a as string)));
    expect(seen).toBe('93.184.216.34');
    // The request resolves again, itself, and refuses what it got.
    await expect(get('rebind.example')).rejects.toBeInstanceOf(EgressRefusedError);
    expect(asked).toEqual(['rebind.example', 'rebind.example']);
    expect(hits).toBe(0);
  });

  it('a name answering a public and an internal address is refused', async () => {
    answers.set('mixed.example', [
      [
        { address: '8.8.8.8', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    ]);
    await expect(get('mixed.example')).rejects.toBeInstanceOf(EgressRefusedError);
    answers.set('mapped.example', [[{ address: '::ffff:127.0.0.1', family: 6 }]]);
    await expect(get('mapped.example')).rejects.toBeInstanceOf(EgressRefusedError);
    expect(hits).toBe(0);
  });

  it('the allowed host is reached', async () => {
    await expect(get('127.0.0.1')).resolves.toMatchObject({ status: 200 });
    expect(hits).toBe(1);
  });
});
