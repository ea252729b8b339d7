import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDeps, MODULE_LAYERS, orderLine, readTree } from './check-deps.mjs';

const real = readTree(path.resolve(import.meta.dirname, '..'));

/** The real tree with some files added or replaced. */
const tree = (changes: Record<string, string>) => new Map([...real, ...Object.entries(changes)]);
/** A file of the real tree with one more import at its top. */
const withImport = (file: string, line: string) => {
  const src = real.get(file);
  if (src === undefined) throw new Error(`${file} is not in the tree`);
  return { [file]: `${line}\n${src}` };
};

describe('the dependency check', () => {
  it('passes on the repository as it is', () => {
    expect(checkDeps(real)).toEqual([]);
  });

  it('knows every module of the server, and each once', () => {
    const modules = MODULE_LAYERS.flat();
    expect(new Set(modules).size).toBe(modules.length);
    expect(orderLine()).toMatch(/^platform ← audit ← /);
  });

  it('fails on an import of a later module', () => {
    const problems = checkDeps(
      tree(withImport('apps/server/src/modules/audit/audit.service.ts', "import { getSettings } from '../settings';")),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^apps\/server\/src\/modules\/audit\/audit\.service\.ts: imports '\.\.\/settings': 'audit' may import only modules earlier/,
      ),
    );
  });

  it('fails on an import of a module of the same layer', () => {
    const problems = checkDeps(
      tree(withImport('apps/server/src/modules/users/users.routes.ts', "import { getSettings } from '../settings';")),
    );
    expect(problems).toContainEqual(expect.stringMatching(/'settings' is of the same layer$/));
  });

  it("fails on an import of another module's internals, even an earlier one", () => {
    const problems = checkDeps(
      tree(
        withImport(
          'apps/server/src/modules/discounts/discounts.service.ts',
          "import { findTenantRow } from '../tenants/tenants.queries';",
        ),
      ),
    );
    expect(problems).toEqual([
      "apps/server/src/modules/discounts/discounts.service.ts: imports '../tenants/tenants.queries': use module 'tenants' only through its index.ts",
    ]);
  });

  it('fails on platform code that imports a module', () => {
    const problems = checkDeps(
      tree(withImport('apps/server/src/platform/clock.ts', "import { recordAudit } from '../modules/audit';")),
    );
    expect(problems).toContainEqual(
      "apps/server/src/platform/clock.ts: imports '../modules/audit': platform code imports only platform/ and config.ts (no module, no db/, no entry point)",
    );
  });

  it('fails on an import circle among the files of one module', () => {
    const problems = checkDeps(
      tree({
        ...withImport(
          'apps/server/src/modules/tenants/tenants.mapper.ts',
          "import { lockTenant } from './tenants.queries';",
        ),
        ...withImport(
          'apps/server/src/modules/tenants/tenants.queries.ts',
          "import { rateToNumber } from './tenants.mapper';",
        ),
      }),
    );
    expect(problems).toEqual([
      'import circle: apps/server/src/modules/tenants/tenants.mapper.ts → apps/server/src/modules/tenants/tenants.queries.ts → apps/server/src/modules/tenants/tenants.mapper.ts',
    ]);
  });

  it('fails on an import circle among web files, type imports included', () => {
    const problems = checkDeps(
      tree({
        'apps/web/src/features/demo/a.tsx': "import type { B } from './b';\nexport type A = B[];\n",
        'apps/web/src/features/demo/b.ts': "import type { A } from './a';\nexport type B = { a: A };\n",
      }),
    );
    expect(problems).toEqual([
      'import circle: apps/web/src/features/demo/a.tsx → apps/web/src/features/demo/b.ts → apps/web/src/features/demo/a.tsx',
    ]);
  });

  it('keeps the web rules: no feature imports another, lib imports no component', () => {
    const problems = checkDeps(
      tree({
        'apps/web/src/features/demo/a.tsx': "import { x } from '../echeqs/api';\nexport const a = x;\n",
        'apps/web/src/lib/demo.ts': "import { y } from '../components/money';\nexport const b = y;\n",
      }),
    );
    expect(problems).toEqual([
      "apps/web/src/features/demo/a.tsx: imports '../echeqs/api': features never import each other (compose them in a page)",
      "apps/web/src/lib/demo.ts: imports '../components/money': lib imports nothing else of the app",
    ]);
  });

  it('fails on a module missing from the order, and on documents that show another order', () => {
    const problems = checkDeps(
      tree({ 'apps/server/src/modules/ledger/index.ts': 'export const ledger = 1;\n' }),
      MODULE_LAYERS.map((layer) => layer.filter((m) => m !== 'system')).filter((layer) => layer.length > 0),
    );
    expect(problems).toEqual([
      "apps/server/src/modules/ledger: not in the modules' order (MODULE_LAYERS)",
      "apps/server/src/modules/system: not in the modules' order (MODULE_LAYERS)",
      expect.stringMatching(/^docs\/architecture\.md: must show the modules' order the check enforces/),
      expect.stringMatching(/^apps\/server\/src\/modules\/README\.md: must show the modules' order the check enforces/),
    ]);
  });

  it('fails on a source file outside tests longer than 300 lines, not on a test', () => {
    const long = `${'export const a = 1;\n'.repeat(301)}`;
    const problems = checkDeps(
      tree({
        'apps/web/src/lib/long.ts': long,
        'apps/web/src/lib/long.test.ts': long,
        'apps/web/src/lib/ok.ts': long.slice(20),
      }),
    );
    expect(problems).toEqual([
      'apps/web/src/lib/long.ts: 301 lines; a file outside tests stays within 300 (split it by concern)',
    ]);
  });

  it('ignores an import shown in a comment', () => {
    const problems = checkDeps(
      tree(
        withImport('apps/server/src/modules/audit/audit.service.ts', "// import { getSettings } from '../settings';"),
      ),
    );
    expect(problems).toEqual([]);
  });
});
