import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** Mode bits for the group and for others: never set on anything the embedded database writes. */
const GROUP_AND_OTHERS = 0o077;

type NodeOps = {
  mknod(parent: unknown, name: string, mode: number, dev: number): unknown;
  setattr(node: unknown, attr: { mode?: number | null }): void;
};
type StreamOps = { setattr(stream: unknown, attr: { mode?: number | null }): void };
type Nodefs = { node_ops: NodeOps; stream_ops: StreamOps };
type PostgresMod = Parameters<NodeFS['init']>[1] extends Partial<infer M> ? M : never;

const privateMode = <A extends { mode?: number | null }>(attr: A): A =>
  attr.mode == null ? attr : { ...attr, mode: attr.mode & ~GROUP_AND_OTHERS };

/**
 * Emscripten's bridge to the disk (NODEFS), with every file and folder it creates or changes the mode of kept to its
 * owner (0600 / 0700), whatever the process's umask and whatever mode PostgreSQL or PGlite ask for: PGlite writes
 * the database it initialises with mode 0666 (by chmod, which no umask narrows), PostgreSQL its own files 0600.
 */
function makePrivate(nodefs: Nodefs): void {
  const { mknod, setattr } = nodefs.node_ops;
  const setattrOpen = nodefs.stream_ops.setattr;
  nodefs.node_ops.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~GROUP_AND_OTHERS, dev);
  nodefs.node_ops.setattr = (node, attr) => setattr(node, privateMode(attr));
  nodefs.stream_ops.setattr = (stream, attr) => setattrOpen(stream, privateMode(attr));
}

/** PGlite's NodeFS whose files are private to the server's user (decision 017). */
export class PrivateNodeFS extends NodeFS {
  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    super(dataDir);
  }

  override async init(pg: PGlite, opts: Partial<PostgresMod>): ReturnType<NodeFS['init']> {
    const out = await super.init(pg, opts);
    const preRun = out.emscriptenOpts.preRun ?? [];
    out.emscriptenOpts.preRun = [(mod) => makePrivate((mod as unknown as { NODEFS: Nodefs }).NODEFS), ...preRun];
    return out;
  }
}
