/**
 * Where this server process is in its life, as the readiness probe reports it: running, or stopping (a SIGTERM or
 * SIGINT arrived: the load balancer must stop sending traffic while requests in flight and the jobs' current run
 * finish). Shared by main.ts, which stops the process, and the health routes, which say so.
 */
export type Lifecycle = {
  readonly stopping: boolean;
  /** From now on the process answers "not ready"; it keeps serving what reaches it until it closes. */
  stop(): void;
};

export function createLifecycle(): Lifecycle {
  let stopping = false;
  return {
    get stopping() {
      return stopping;
    },
    stop() {
      stopping = true;
    },
  };
}
