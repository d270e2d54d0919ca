#!/usr/bin/env node
// Extracts the Math.random values an engine's own test suite asserts, as golden vectors recorded by
// the engine's developers on their real engine (captures nobody here made). Input: the test file as
// published (a local copy), its repository, path and commit; output: one entry of
// fixtures/engine-test-captures.json, each asserted value kept as written and as its 16 hex digits.
//
// Understood today: SpiderMonkey's js/src/jit-test/tests/basic/math-random.js, in both of its forms:
//   setRNGState(x)        the 48-bit LCG state (Firefox ≤ 44), then assertEq(x[i], <double>) lines;
//   setRNGState(s0, s1)   the two xorshift128+ words (Firefox ≥ 45), likewise.
// Usage: node extract-engine-tests.mjs --file math-random.js --repo OWNER/NAME --path P --commit C
//          --engine firefox-lcg|spidermonkey [--out fixtures/engine-test-captures.json]
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const { values: args } = parseArgs({
  options: {
    file: { type: 'string' },
    repo: { type: 'string' },
    path: { type: 'string' },
    commit: { type: 'string' },
    engine: { type: 'string' },
    out: { type: 'string', default: join(here, '..', 'fixtures', 'engine-test-captures.json') },
  },
});
for (const k of ['file', 'repo', 'path', 'commit', 'engine']) {
  if (!args[k]) throw new Error(`--${k} is required`);
}
const hex = (x) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(x);
  return b.toString('hex');
};

const runs = [];
let current = null;
for (const line of readFileSync(args.file, 'utf8').split('\n')) {
  const seed = /setRNGState\(([^)]*)\)/.exec(line);
  if (seed) {
    current = { state: seed[1].split(',').map((s) => s.trim()), values: {} };
    runs.push(current);
    continue;
  }
  const value = /assertEq\(x\[(\d+)\],\s*([-+0-9.e]+)\)/.exec(line);
  if (value && current) {
    const x = Number(value[2]);
    // The shortest round-trip decimal names exactly one double; check it before keeping it.
    if (!Number.isFinite(x) || String(x) !== value[2]) throw new Error(`not a round-trip decimal: ${value[2]}`);
    current.values[value[1]] = { asWritten: value[2], bits: hex(x) };
  }
}
const kept = runs.filter((r) => Object.keys(r.values).length > 0);
if (kept.length === 0) throw new Error(`no setRNGState / assertEq(x[i], …) pairs found in ${args.file}`);

const fixture = existsSync(args.out) ? JSON.parse(readFileSync(args.out, 'utf8')) : { note: '', captures: [] };
fixture.note =
  "Math.random values asserted by engines' own test suites (recorded by the engines' developers); " +
  'made by tooling/conformance/scripts/extract-engine-tests.mjs from the files named in source.';
fixture.captures = fixture.captures.filter((c) => !(c.source.repo === args.repo && c.source.commit === args.commit));
fixture.captures.push({
  engine: args.engine,
  source: { repo: args.repo, path: args.path, commit: args.commit },
  runs: kept,
});
writeFileSync(args.out, JSON.stringify(fixture, null, 1) + '\n');
process.stderr.write(`${args.out}: ${kept.length} runs from ${args.repo}@${args.commit.slice(0, 12)}\n`);
