import { AppError } from '../http/app-error';

/**
 * Who is waiting for a password hash: a sign-in or a signed-in user's change (`signin`), or a stranger's
 * registration (`register`). Sign-ins go first; each lane refuses newcomers when its line is long.
 */
export type HashLane = 'signin' | 'register';

export type HashQueueStats = {
  running: number;
  waiting: Record<HashLane, number>;
  /** The most hashes that ever ran at once in this process. */
  maxRunning: number;
  /** Requests refused because their lane's line was full. */
  refused: Record<HashLane, number>;
  completed: number;
};

type Waiter = { start: () => void };

/**
 * Bounds how many scrypt hashes run at once in this process (each takes ~32 MiB and a thread of libuv's pool, the
 * pool that file reads and compression share) and how many may wait: past `maxWaiting` of its lane a request is
 * refused at once with 429 and a `Retry-After` worked out from the line ahead of it, instead of waiting for
 * seconds while holding memory. Sign-ins are served before registrations.
 */
export function createHashQueue(opts: { concurrency: number; maxWaiting: Record<HashLane, number> }) {
  const lines: Record<HashLane, Waiter[]> = { signin: [], register: [] };
  let running = 0;
  let maxRunning = 0;
  let completed = 0;
  let averageMs = 100;
  const refused: Record<HashLane, number> = { signin: 0, register: 0 };

  const next = () => {
    while (running < opts.concurrency) {
      const w = lines.signin.shift() ?? lines.register.shift();
      if (!w) return;
      running += 1;
      w.start();
    }
  };

  async function run<T>(lane: HashLane, work: () => Promise<T>): Promise<T> {
    if (running >= opts.concurrency) {
      if (lines[lane].length >= opts.maxWaiting[lane]) {
        refused[lane] += 1;
        const ahead = running + lines.signin.length + (lane === 'register' ? lines.register.length : 0);
        const seconds = Math.max(1, Math.ceil((ahead * averageMs) / opts.concurrency / 1000));
        throw new AppError('RATE_LIMITED', 'El servidor está ocupado. Intente nuevamente en unos segundos.', {
          headers: { 'retry-after': String(seconds) },
        });
      }
      // next() takes the slot for this request before it wakes it.
      await new Promise<void>((resolve) => lines[lane].push({ start: resolve }));
    } else {
      running += 1;
    }
    maxRunning = Math.max(maxRunning, running);
    const started = performance.now();
    try {
      return await work();
    } finally {
      averageMs = averageMs * 0.9 + (performance.now() - started) * 0.1;
      running -= 1;
      completed += 1;
      next();
    }
  }

  function stats(): HashQueueStats {
    return {
      running,
      waiting: { signin: lines.signin.length, register: lines.register.length },
      maxRunning,
      refused: { ...refused },
      completed,
    };
  }

  return { run, stats };
}

export type HashQueue = ReturnType<typeof createHashQueue>;
