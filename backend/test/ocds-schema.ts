/**
 * The official OCDS 1.1 schemas (backend/vendor/ocds, draft-04) with the extensions the feed
 * declares applied as JSON merge patches (RFC 7386), compiled with Ajv: validators of a release
 * package and a record package.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';

const VENDOR = path.resolve(import.meta.dirname, '../vendor/ocds');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(VENDOR, file), 'utf8')) as Record<string, unknown>;

/** RFC 7386: null removes a member, an object patches the object there, anything else replaces it. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch;
  const result: Record<string, unknown> =
    typeof target === 'object' && target !== null && !Array.isArray(target) ? { ...(target as Record<string, unknown>) } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

/** The extensions in dependency order: location before bidOpening, which uses its Location. */
const EXTENSIONS = ['location', 'bidOpening', 'bid'];

export function ocdsValidators() {
  let release: unknown = read('1.1.5/release-schema.json');
  for (const name of EXTENSIONS) release = mergePatch(release, read(`extensions/${name}/release-schema.json`));
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  // The package schemas $ref the release schema (and the versioned one) by their URLs, the ids they declare.
  ajv.addSchema(release as object);
  ajv.addSchema(read('1.1.5/versioned-release-validation-schema.json'));
  return {
    ajv,
    releasePackage: ajv.compile(read('1.1.5/release-package-schema.json')),
    recordPackage: ajv.compile(read('1.1.5/record-package-schema.json')),
  };
}
