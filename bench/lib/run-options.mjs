// `npm run bench` options: parsed, checked (a wrong value ends the run with status 2, --help prints them and ends
// it) and turned into what the runner uses.
import { parseArgs } from 'node:util';

export function runOptions() {
  const { values: opt } = parseArgs({
    options: {
      embedded: { type: 'boolean', default: false },
      scale: { type: 'string' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '32' },
      'database-url': { type: 'string' },
      'db-name': { type: 'string' },
      'data-dir': { type: 'string' },
      reuse: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      'skip-build': { type: 'boolean', default: false },
      only: { type: 'string' },
      actors: { type: 'string' },
      'skip-writes': { type: 'boolean', default: false },
      'skip-lifecycle': { type: 'boolean', default: false },
      'skip-explain': { type: 'boolean', default: false },
      'cpu-prof': { type: 'boolean', default: false },
      workers: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });

  if (opt.help) {
    console.log(`npm run bench -- [options]
  --embedded            embedded database (PGlite) instead of PostgreSQL; default scale 0.1 (100,000 cheques)
  --scale N             book size, 1 = 1,000,000 cheques (default 1; --embedded 0.1)
  --duration S          seconds measured per scenario (default 10) after --warmup S (default 2)
  --connections N       concurrent connections (default 32)
  --database-url URL    PostgreSQL server to create the database on (or BENCH_DATABASE_URL;
                        default postgres://postgres@127.0.0.1:5432/postgres)
  --db-name NAME        database to create (must start with echeq_bench; default a new name)
  --data-dir DIR        --embedded: the server's DATA_DIR (default a new temporary folder)
  --reuse               use --db-name / --data-dir as they are (no generation)
  --keep                keep the database (or data folder) afterwards
  --skip-build          use apps/server/dist as it is (default: build the server first)
  --only REGEX          only the read scenarios whose name matches
  --actors LIST         admin-large,admin-small,company (default all three)
  --skip-writes         no write mix
  --skip-lifecycle      no lifecycle mix (issue, accept, endorse, accept, deposit, pay; PostgreSQL only)
  --skip-explain        no EXPLAIN ANALYZE of the captured statements
  --cpu-prof            write a CPU profile of the server to bench/results/tmp/
  --workers N           PostgreSQL: also run the read scenarios on a second server with WORKERS=N, side by side
                        with the single process (A B B A), and report the throughput ratio N:1
  --out FILE            results file (default bench/results/latest-postgres.json or latest-embedded.json)`);
    process.exit(0);
  }

  const engine = opt.embedded ? 'embedded' : 'postgres';
  const scale = Number(opt.scale ?? (opt.embedded ? 0.1 : 1));
  const duration = Number(opt.duration);
  const warmup = Number(opt.warmup);
  const connections = Number(opt.connections);
  if (!(scale > 0) || !(duration > 0) || !(warmup >= 0) || !(connections > 0)) {
    console.error('Opciones inválidas: --scale, --duration, --warmup y --connections deben ser números positivos');
    process.exit(2);
  }
  const only = opt.only ? new RegExp(opt.only) : null;
  const workers = opt.workers === undefined ? null : Number(opt.workers);
  if (workers !== null && (!Number.isInteger(workers) || workers < 2 || opt.embedded)) {
    console.error('--workers N: un entero ≥ 2, solo con PostgreSQL (la base embebida admite un solo proceso)');
    process.exit(2);
  }

  const actorNames = (opt.actors ?? 'admin-large,admin-small,company').split(',').map((s) => s.trim());
  const serverUrl =
    opt['database-url'] ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = opt['db-name'] ?? `echeq_bench_${Date.now().toString(36)}`;
  if (!opt.embedded && !/^echeq_bench\w*$/.test(dbName)) {
    console.error('--db-name debe empezar con echeq_bench (la base se borra y se vuelve a crear)');
    process.exit(2);
  }
  const dbUrl = (() => {
    const u = new URL(serverUrl);
    u.pathname = `/${dbName}`;
    return u.toString();
  })();
  return { opt, engine, scale, duration, warmup, connections, only, workers, actorNames, dbName, dbUrl };
}
