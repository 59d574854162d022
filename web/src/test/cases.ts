// Test-only. The tables of cases the server or the engine is tested against
// too (api/tests/cases, design-engine/tests/cases), read from the repository so
// both sides check the very same file. The path is joined by hand: Vite
// rewrites `new URL(path, import.meta.url)` into a URL it serves.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** A case file by its path from the repository's root, e.g. 'api/tests/cases/contact.json'. */
export function sharedCases<T>(path: string): T {
  return JSON.parse(readFileSync(resolve(root, path), 'utf8')) as T;
}
