/**
 * The browser calls the API with the contract's plain tables: no zod on its way there. This bundles
 * the client's request layer (client/src/lib/http), the session's and the system module's calls,
 * every feature's API module and the contract's aggregate table as the browser's build would
 * (production, dynamic imports in chunks of their own) and follows the static imports from them:
 * zod, and the modules that build schemas, must not be among them.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const shared = join(root, 'shared/src');

/** `@shared/x` as the app's builds resolve it; other packages stay outside the bundle. */
const sharedAlias: Plugin = {
  name: 'shared-alias',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^@shared\// }, (args) =>
      pluginBuild.resolve(`./${args.path.slice('@shared/'.length)}`, {
        resolveDir: shared,
        kind: args.kind,
      }),
    );
  },
};

/** Every module and package the entries reach through static imports. */
async function staticallyReached(entries: string[]): Promise<{ inputs: Set<string>; packages: Set<string> }> {
  const result = await build({
    entryPoints: entries,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    packages: 'external',
    write: false,
    outdir: join(root, 'dist/browser-contract-test'),
    metafile: true,
    logLevel: 'silent',
    define: { 'import.meta.env.DEV': 'false' },
    plugins: [sharedAlias],
  });
  const outputs: Metafile['outputs'] = result.metafile.outputs;
  const byPath = new Map(Object.entries(outputs).map(([path, output]) => [relative(root, path), output]));
  const inputs = new Set<string>();
  const packages = new Set<string>();
  // Dynamic imports get chunks named as entry points too: start from the entries asked for only.
  const asked = new Set(entries.map((entry) => relative(root, entry)));
  const pending = [...byPath.entries()].filter(([, output]) => asked.has(output.entryPoint ?? '')).map(([path]) => path);
  const seen = new Set<string>();
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (seen.has(path)) continue;
    seen.add(path);
    const output = byPath.get(path);
    if (!output) continue;
    for (const input of Object.keys(output.inputs)) inputs.add(input);
    for (const imported of output.imports) {
      if (imported.kind !== 'import-statement') continue;
      if (imported.external) packages.add(imported.path);
      else pending.push(relative(root, join(root, imported.path)));
    }
  }
  return { inputs, packages };
}

const client = join(root, 'client/src');
const isSource = (name: string) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name);
const apiModules = [
  ...readdirSync(join(client, 'lib/http'))
    .filter(isSource)
    .map((name) => join(client, 'lib/http', name)),
  join(client, 'lib/session-api.ts'),
  join(client, 'lib/system.ts'),
  ...readdirSync(join(client, 'features'))
    .map((feature) => join(client, 'features', feature, 'api.ts'))
    .filter((file) => existsSync(file)),
];

describe("the browser's way to the API", () => {
  it('loads no zod and no schema module', async () => {
    const { inputs, packages } = await staticallyReached([...apiModules, join(shared, 'contract/endpoints.ts')]);
    // The request layer and the tables were bundled, so the check looked at something.
    expect([...inputs]).toEqual(
      expect.arrayContaining([
        'client/src/lib/http/http.ts',
        'client/src/features/listings/api.ts',
        'shared/src/contract/endpoints.ts',
        'shared/src/content/endpoints.ts',
      ]),
    );
    expect([...packages].filter((name) => name === 'zod' || name.startsWith('zod/'))).toEqual([]);
    expect([...inputs].filter((input) => /(schemas|envelopes|fields|form-rules)\.ts$/.test(input))).toEqual([]);
  });

  it('would see one if a table brought it', async () => {
    // The same walk over a module that builds schemas finds them: the check above can fail.
    const { inputs, packages } = await staticallyReached([join(shared, 'contract/schemas.ts')]);
    expect(packages).toContain('zod');
    expect([...inputs]).toContain('shared/src/content/schemas.ts');
  });
});
