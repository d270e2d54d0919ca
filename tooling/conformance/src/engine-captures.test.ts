/**
 * Captures nobody here made: the Math.random values SpiderMonkey's own test suite asserts
 * (js/src/jit-test/tests/basic/math-random.js, written by Mozilla's developers against their
 * engine), extracted by scripts/extract-engine-tests.mjs into fixtures/engine-test-captures.json.
 * Each asserted value is compared by its bits with the registry's engine started from the same
 * state (the shell's setRNGState sets the raw state words).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { doubleToHex } from '@emu/core';
import { createEngine } from '@emu/engines';

interface Capture {
  engine: 'firefox-lcg' | 'spidermonkey';
  source: { repo: string; path: string; commit: string };
  runs: { state: string[]; values: Record<string, { asWritten: string; bits: string }> }[];
}
const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/engine-test-captures.json', import.meta.url), 'utf8'),
) as { captures: Capture[] };

/** Registry ids whose Math.random the capture's era covers (first and last of each era). */
const IDS: Record<Capture['engine'], string[]> = {
  'firefox-lcg': ['firefox@4', 'firefox@44'],
  spidermonkey: ['firefox@45', 'firefox@153'],
};

describe('SpiderMonkey test-suite captures', () => {
  it('the fixture holds both eras', () => {
    expect(new Set(fixture.captures.map((c) => c.engine))).toEqual(new Set(['firefox-lcg', 'spidermonkey']));
  });
  for (const capture of fixture.captures) {
    for (const id of IDS[capture.engine]) {
      for (const run of capture.runs) {
        const indices = Object.keys(run.values).map(Number);
        it(`${id} from setRNGState(${run.state.join(', ')}): ${indices.length} asserted values (${capture.source.repo}@${capture.source.commit.slice(0, 10)})`, () => {
          const e = createEngine(id, { state: run.state });
          const last = Math.max(...indices);
          const seen = new Map<number, string>();
          for (let i = 0; i <= last; i++) {
            const bits = doubleToHex(e.random());
            if (i in run.values) seen.set(i, bits);
          }
          expect(Object.fromEntries(seen)).toEqual(Object.fromEntries(indices.map((i) => [i, run.values[i]!.bits])));
        });
      }
    }
  }
});
