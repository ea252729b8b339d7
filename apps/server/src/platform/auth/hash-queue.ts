import { AppError } from '../http/app-error';

/**
 * Who is waiting for a password hash: a sign-in or a signed-in user's change (`signin`), or a stranger's
 * registration (`register`). Sign-ins go first; each lane has a bounded line.
 */
export type HashLane = 'signin' | 'register';

export type HashQueueStats = {
  running: number;
  waiting: Record<HashLane, number>;
  /** Requests holding a place in line (from `enter` to `leave`). */
  inLine: Record<HashLane, number>;
  /** The most hashes that ever ran at once in this process. */
  maxRunning: number;
  /** Requests refused because their lane's line was full. */
  refused: Record<HashLane, number>;
  completed: number;
};

/** A busy line never asks to wait more than a minute, however slow the hashes have been. */
const MAX_RETRY_AFTER_S = 60;

type Waiter = { start: () => void };
type Lanes<T> = Record<HashLane, T>;

/**
 * Bounds the password work of this process. At most `concurrency` scrypt hashes run at once (each takes ~32 MiB and
 * a thread of libuv's pool, the pool that file reads and compression share), sign-ins before registrations.
 *
 * A request that will need a hash takes a place in its lane's line as soon as it arrives (`enter`), before its
 * database checks: past `places` of its lane it is refused at once, 429 with a `Retry-After` worked out from the line
 * ahead, having cost nothing. A burst of registrations thus never reaches the database or the hash beyond the line's
 * length, and whoever is already signed in keeps its latency.
 */
export function createHashQueue(opts: { concurrency: number; places: Lanes<number> }) {
  const lines: Lanes<Waiter[]> = { signin: [], register: [] };
  const inLine: Lanes<number> = { signin: 0, register: 0 };
  const refused: Lanes<number> = { signin: 0, register: 0 };
  let running = 0;
  let maxRunning = 0;
  let completed = 0;
  let averageMs = 100;

  const next = () => {
    while (running < opts.concurrency) {
      const w = lines.signin.shift() ?? lines.register.shift();
      if (!w) return;
      running += 1;
      w.start();
    }
  };

  const busy = (lane: HashLane) => {
    refused[lane] += 1;
    const ahead = running + lines.signin.length + inLine[lane];
    const seconds = Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.ceil((ahead * averageMs) / opts.concurrency / 1000)));
    return new AppError('RATE_LIMITED', 'El servidor está ocupado. Intente nuevamente en unos segundos.', {
      headers: { 'retry-after': String(seconds) },
    });
  };

  /** Takes a place in `lane`'s line, or refuses at once (429) when the line is full. Leave it when done. */
  function enter(lane: HashLane): { leave: () => void } {
    if (inLine[lane] >= opts.places[lane]) throw busy(lane);
    inLine[lane] += 1;
    let left = false;
    return {
      leave: () => {
        if (left) return;
        left = true;
        inLine[lane] -= 1;
      },
    };
  }

  /** Runs `work` in one of the hash slots, after the sign-ins and registrations that were waiting before it. */
  async function run<T>(lane: HashLane, work: () => Promise<T>): Promise<T> {
    if (running >= opts.concurrency) {
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
      inLine: { ...inLine },
      maxRunning,
      refused: { ...refused },
      completed,
    };
  }

  return { enter, run, stats };
}
