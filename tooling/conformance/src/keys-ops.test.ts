/**
 * The registry's `keys` per Node release and @emu/engines' keyHashing() against what the real
 * binaries did (scripts/record-keys.mjs → fixtures/keys-ops.json; CI re-records a sample).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findNodeRelease, keyHashing } from '@emu/engines';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/keys-ops.json', import.meta.url), 'utf8')) as {
  releases: Record<string, { v8: string; ops: Record<string, number | string> }>;
};

describe('which collection calls take a Math.random value, per release', () => {
  for (const [version, rec] of Object.entries(fixture.releases)) {
    it(`node ${version} (V8 ${rec.v8})`, () => {
      const release = findNodeRelease(version)!;
      expect(release.v8).toBe(rec.v8);
      const draws = rec.ops['Set#add'] === 1;
      expect(release.keys).toBe(draws ? 'values' : 'none');
      const h = keyHashing(release);
      expect(h === undefined).toBe(!draws);
      if (h) expect(h.mapHas).toBe(rec.ops['Map#has'] === 1);
      // the operations that never take one, in any release
      for (const name of ['Map#get', 'Set#has', 'Set#delete', 'WeakMap#get', 'WeakMap#has', 'WeakMap#delete', 'WeakSet#has', 'WeakSet#delete', 'Set#add of the global object', 'Set#add of strings and numbers', 'Set#add of a symbol', 'new Set() and new Map()']) {
        expect(rec.ops[name], name).toBe(0);
      }
    });
  }
  it('the releases between the recorded ones agree with their neighbours (8.9.3 and 8.9.4 draw: V8 6.1)', () => {
    for (const v of ['8.9.0', '8.9.1', '8.9.2', '8.9.3', '8.9.4']) expect(findNodeRelease(v)!.keys, v).toBe('values');
    for (const v of ['8.10.0', '8.11.4', '9.0.0']) expect(findNodeRelease(v)!.keys, v).toBe('none');
  });
});
