// Development and tests run the backend from its TypeScript source, and tsx's ESM loader does not
// reach worker threads on Node 20: the pool loads this file, which compiles password-worker.ts
// through tsx's require hook. The production build loads dist/node/password-worker.js instead.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
require('tsx/cjs/api').register();

export default require('./password-worker.ts');
