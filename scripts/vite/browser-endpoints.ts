/**
 * The browser's copy of the API contract without its zod schemas. The contract's endpoint table
 * (shared/src/contract/endpoints.ts) spreads each call's schemas into its entry; a production
 * browser reads only the method, path and feature (answers are checked in development and tests,
 * see client/src/api/http.ts), yet the schemas pull all of zod (~23 KB gzip) into every page. In
 * the client build the table's import of `./schemas` gets an empty SCHEMAS; modules that validate
 * in the browser (forms, the search query) import the schemas themselves, in their own chunks.
 *
 * Until the endpoint table is plain data and its schemas a module of their own: then this goes.
 */
import type { Plugin } from 'vite';

const EMPTY_SCHEMAS = '\0portal:endpoint-schemas-browser';

/** `endpointsFile`: the absolute path of the module whose `./schemas` import the browser does without. */
export function browserEndpointsWithoutSchemas(endpointsFile: string): Plugin {
  return {
    name: 'portal:browser-endpoints-without-schemas',
    enforce: 'pre',
    apply: 'build',
    resolveId(id, importer) {
      if (this.environment.config.build.ssr || importer !== endpointsFile || id !== './schemas') return undefined;
      return EMPTY_SCHEMAS;
    },
    load: (id) => (id === EMPTY_SCHEMAS ? 'export const SCHEMAS = {};' : undefined),
  };
}
