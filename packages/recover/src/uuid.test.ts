import { describe, expect, it } from 'vitest';
import { doubleToHex } from '@emu/core';
import { createEngine } from '@emu/engines';
import { type Observed, UUID_CALLS, matches, parseObservations, parseUuids, predict, uuidObservations, uuidsFromBuckets } from './index.js';

/** What the common template makes from an engine's next 31 values. */
function uuidOf(next: () => number): string {
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = (next() * 16) | 0;
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });
}

/** The engine's next `count` UUIDs by the template, and the values they consumed. */
function uuidStream(e: { random(): number }, count: number): { xs: number[]; uuids: string[] } {
  const xs = Array.from({ length: count * UUID_CALLS }, () => e.random());
  let k = 0;
  return { xs, uuids: Array.from({ length: count }, () => uuidOf(() => xs[k++]!)) };
}

describe('residues ⌊x·n⌋ % m and UUID v4 strings', () => {
  it('parses j/n%m and, with a bucket count, j%m; bad residues are named', () => {
    expect(parseObservations('3/16%4\n2/16\n?\n')).toEqual([{ n: 16, mod: 4, value: 3 }, { n: 16, value: 2 }, null]);
    expect(parseObservations('1%4\n15', { bucket: 16 })).toEqual([{ n: 16, mod: 4, value: 1 }, { n: 16, value: 15 }]);
    expect(() => parseObservations('1%4')).toThrow(/line 1: a residue j%m needs the bucket count/);
    expect(() => parseObservations('4/16%4')).toThrow(/line 1: 4 is not a residue modulo 4/);
    expect(() => parseObservations('1/16%17')).toThrow(/line 1: a residue's modulus must be an integer in \[2, 16\].*17/);
    expect(() => parseObservations('1/16%1')).toThrow(/modulus .* got 1/);
    // A residue is checked as one: 0.3 · 16 = 4.8 → bucket 4, residue 0 mod 4.
    expect(matches(0.3, { n: 16, mod: 4, value: 0 })).toBe(true);
    expect(matches(0.3, { n: 16, mod: 4, value: 1 })).toBe(false);
  });

  it('reads a UUID as its 31 calls, the y digit a residue; refuses strings the template cannot make', () => {
    const o = uuidObservations('0123abcd-ef01-4567-9abc-def012345678');
    expect(o).toHaveLength(UUID_CALLS);
    expect(o[0]).toEqual({ n: 16, value: 0 });
    expect(o[7]).toEqual({ n: 16, value: 0xd });
    expect(o[12]).toEqual({ n: 16, value: 5 }); // after the version digit, which is no call
    expect(o[15]).toEqual({ n: 16, mod: 4, value: 1 }); // y = 9 = 8 | 1
    expect(o[16]).toEqual({ n: 16, value: 0xa });
    expect(() => uuidObservations('0123abcd-ef01-1567-9abc-def012345678', 'line 2: ')).toThrow(/line 2: not a version-4 UUID.*"0123abcd-ef01-1567/);
    expect(() => uuidObservations('0123abcd-ef01-4567-cabc-def012345678')).toThrow(/not a version-4 UUID/);
    expect(() => parseUuids('0123abcd-ef01-4567-9abc-def012345678\nnope\n')).toThrow(/line 2: .*"nope"/);
    expect(() => parseUuids('0123abcd-ef01-4567-9abc-def012345678\n'.repeat(3), 2)).toThrow(/line 3: more than 2 UUIDs/);
    // And back: buckets to UUIDs, '?' where a bucket is not known, an incomplete group left out.
    const buckets = o.map((x) => (x !== null && typeof x === 'object' ? x.value : null));
    buckets[15] = 9;
    expect(uuidsFromBuckets(buckets)).toEqual(['0123abcd-ef01-4567-9abc-def012345678']);
    expect(uuidsFromBuckets([null, ...buckets.slice(1), 1, 2])).toEqual(['?123abcd-ef01-4567-9abc-def012345678']);
  });

  it('a residue no state meets makes the values inconsistent on every family: the final check holds it', () => {
    for (const [id, count] of [
      ['firefox@3', 3],
      ['node@4.2.2', 3],
      ['node@0.10.48', 4],
      ['node@20.20.2', 5],
      ['node@26.12.1', 5],
      ['jsc@10', 5],
      ['bun@1.2.0', 6],
      ['ie@8', 3],
    ] as const) {
      const e = createEngine(id, id.startsWith('jsc') || id.startsWith('bun') ? { state: ['0x0123456789abcdef', '0x0fedcba987654321'] } : { seed: 99 });
      const xs = Array.from({ length: count + 1 }, () => e.random());
      const right: Observed[] = [...xs.slice(0, count), { n: 16, mod: 4, value: Math.floor(xs[count]! * 16) % 4 }];
      const wrong: Observed[] = [...xs.slice(0, count), { n: 16, mod: 4, value: (Math.floor(xs[count]! * 16) + 1) % 4 }];
      const ok = predict(id, right, 2, 0, { fromStart: true });
      expect(ok.kind, `${id}: ${ok.note}`).toBe('ok');
      expect(predict(id, wrong, 2, 0, { fromStart: true }).kind, id).toBe('inconsistent');
    }
  }, 60_000);

  it('UUIDs from the first call: 2 give the next ones bit-exact on node 26, node 10, SpiderMonkey and Bun ≤ 1.3.5 (JSC from 3 here); 1 is refused with the reason', () => {
    for (const [id, count] of [
      ['node@26.12.1', 2],
      ['spidermonkey@45', 2],
      ['jsc@10', 3],
      ['node@10.24.1', 2],
      ['bun@1.2.0', 2],
    ] as const) {
      const e = createEngine(id, id.startsWith('node') ? { seed: 20261205 } : { state: ['0x243f6a8885a308d3', '0x13198a2e03707344'] });
      const { xs, uuids } = uuidStream(e, count + 2);
      const r = predict(id, parseUuids(uuids.slice(0, count).join('\n')), 2 * UUID_CALLS, 0, { bucket: 16, fromStart: true });
      expect(r.kind, `${id}: ${r.note}`).toBe('ok');
      if (r.kind !== 'ok') continue;
      expect(r.next.map(doubleToHex)).toEqual(xs.slice(count * UUID_CALLS).map(doubleToHex));
      expect(uuidsFromBuckets(r.next.map((x) => Math.floor(x * 16)))).toEqual(uuids.slice(count));
    }
    // One UUID: 30 hex digits and a residue, 122 bits of the state's 128.
    const e = createEngine('jsc@10', { state: ['0x0123456789abcdef', '0x0fedcba987654321'] });
    const r = predict('jsc@10', parseUuids(uuidOf(() => e.random())), UUID_CALLS, 0, { bucket: 16, fromStart: true });
    expect(r.kind, r.note).toBe('insufficient');
  }, 120_000);

  it('UUIDs mid-stream (no position given): node 26 and node 10 from 4, the next bit-exact; from 2 unsettled, never a wrong digit', () => {
    for (const [id, count, settles] of [
      ['node@26.12.1', 4, true],
      ['node@10.24.1', 4, true],
      ['node@10.24.1', 2, false],
    ] as const) {
      const e = createEngine(id, { seed: 4242 });
      for (let i = 0; i < 101; i++) e.random();
      const { xs, uuids } = uuidStream(e, count + 1);
      const r = predict(id, parseUuids(uuids.slice(0, count).join('\n')), UUID_CALLS, 0, { bucket: 16 });
      if (settles) {
        expect(r.kind, `${id}: ${r.note}`).toBe('ok');
        if (r.kind === 'ok') expect(r.next.map(doubleToHex)).toEqual(xs.slice(count * UUID_CALLS).map(doubleToHex));
        continue;
      }
      // Two UUIDs leave cache positions whose window no affordable plan covers.
      expect(['ambiguous', 'insufficient', 'partial'], `${id}: ${r.note}`).toContain(r.kind);
      if (r.kind === 'partial') {
        const given = r.buckets!.next;
        given.forEach((b, i) => b === null || expect(b).toBe(Math.floor(xs[count * UUID_CALLS + i]! * 16)));
      }
    }
  }, 120_000);
});
