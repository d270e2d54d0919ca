/** Loading the golden vectors that scripts/record-goldens.mjs recorded from real engines. */
import { readFileSync, readdirSync } from 'node:fs';

const FIXTURES = new URL('../fixtures/', import.meta.url);

export interface NodeGolden {
  engine: 'node';
  version: string;
  v8: string;
  count: number;
  seeds: Record<string, { file: string[]; eval: string[] | '=file'; stdin: string[] | '=file' }>;
}

export interface JavaGolden {
  version: string;
  seeds: Record<string, { nextDouble: string[]; nextInt: number[] }>;
}

export function nodeGoldens(): NodeGolden[] {
  return readdirSync(FIXTURES)
    .filter((f) => /^node-.*\.json$/.test(f))
    .map((f) => JSON.parse(readFileSync(new URL(f, FIXTURES), 'utf8')) as NodeGolden)
    .sort((a, b) => a.version.localeCompare(b.version, 'en', { numeric: true }));
}

export function javaGolden(): JavaGolden {
  return JSON.parse(readFileSync(new URL('java-util-random.json', FIXTURES), 'utf8')) as JavaGolden;
}

/** The values of one entry mode ("=file" means the same as the file mode). */
export function modeValues(seed: NodeGolden['seeds'][string], mode: 'file' | 'eval' | 'stdin'): string[] {
  const v = seed[mode];
  return v === '=file' ? seed.file : v;
}
