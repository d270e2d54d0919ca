/**
 * `predict` on xorshift128+ engines from the fewest values, as a fast-check property: random
 * states, the realm's first call (`fromStart`) or a random position mid-stream, windows that
 * straddle one of V8's refills, and gaps (`?`). Zero wrong predictions: every value `predict`
 * gives (ok, or partial where all fitting states agree) must be the engine's, bit for bit
 * (16 hex digits), forwards and backwards. The emulator generates the streams (it is checked
 * against real engines in tooling/conformance); what is tested is the recovery's claims.
 * CI runs EMU_RECOVER_RUNS (default 30) cases per engine; the note in the README reports a
 * run with thousands.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { doubleToHex, hexToDouble, u64FromBigInt, u64ToBigInt, xorshift128Step, xorshift128StepBack } from '@emu/core';
import { VARIANTS, type VariantId, create, isNaNPattern } from '@emu/xorshift128plus';
import { type Observed, predict, recoverXorshift } from './index.js';

/** One engine id per output function and cache shape (the registry's first era of each variant). */
const ENGINES: [string, VariantId][] = [
  ['v8@4.9.41', 'v8-4.9-asc62'],
  ['v8@5.1', 'v8-5.1-desc62'],
  ['v8@5.9', 'v8-5.9-seeded62'],
  ['v8@7.2', 'v8-7.1-s0'],
  ['v8@13.5', 'v8-13.5-s0-53'],
  ['v8@14.4', 'v8-14.4-sum-53'],
  ['v8@15.0', 'v8-15.6-sum-53-asc'],
  ['spidermonkey@45', 'spidermonkey'],
  ['jsc@10', 'jsc'],
  ['chakra@1.2', 'chakra'],
  // JavaScriptCore's JIT thunk before WebKit PR #51077 (arithmetic shifts; its step forgets a
  // direction, so the value before the first seen one has two candidates): Bun 0.6 … 1.3.5.
  ['bun@1.2.0', 'jsc-jit-sar'],
];

const RUNS = Number(process.env.EMU_RECOVER_RUNS ?? 30);
const NEXT = 3;
const PREV = 2;
const isNaNBits = (v: bigint) => ((v >> 52n) & 0x7ffn) === 0x7ffn && (v & ((1n << 52n) - 1n)) !== 0n;
const hex64 = (v: bigint) => `0x${v.toString(16)}`;

type Mode = 'start' | 'mid' | 'straddle' | 'gaps';

interface Tally {
  cases: number;
  skipped: number;
  given: number;
  wrong: number;
  okAtStart4: number;
  start4: number;
}

function runCase(id: string, variantId: VariantId, a: bigint, b: bigint, mode: Mode, m: number, at: number, gapMask: number, tally: Tally): void {
  const variant = VARIANTS.find((v) => v.id === variantId)!;
  // V8 5.6–7.0 canonicalise a NaN state word at a refill (about 1 in 1,000): not modelled, skipped.
  if (variant.cache?.canonicalizesNaN && (isNaNBits(a) || isNaNBits(b))) return void tally.skipped++;
  const e = create({ state: variant.cache ? [hex64(a), hex64(b), 0] : [hex64(a), hex64(b)], variant: variantId });
  const P = variant.cache?.perRefill ?? 64;
  // mid: any position after the first refill; straddle: the window crosses a refill boundary.
  const skip = mode === 'start' ? 0 : mode === 'straddle' ? P * (1 + (at % 3)) - 1 - (at % (m - 1)) : P + (at % (3 * P));
  const before: string[] = [];
  let canonicalised = false;
  const draw = () => {
    const x = e.random();
    canonicalised ||= e.getState().length === 5 || e.getState().slice(0, 2).includes('0x7ff8000000000000');
    return x;
  };
  for (let i = 0; i < skip; i++) before.push(doubleToHex(draw()));
  const observed: Observed[] = [];
  for (let i = 0; i < m; i++) {
    const x = draw();
    observed.push(mode === 'gaps' && i > 0 && i < m - 1 && (gapMask >>> i) & 1 ? null : x);
  }
  const after = Array.from({ length: NEXT }, () => doubleToHex(draw()));
  if (canonicalised) return void tally.skipped++;
  tally.cases++;
  const fromStart = mode === 'start';
  const r = predict(id, observed, NEXT, fromStart ? 0 : PREV, { fromStart });
  if (fromStart && m === 4) {
    tally.start4++;
    if (r.kind === 'ok') tally.okAtStart4++;
  }
  if (r.kind !== 'ok' && r.kind !== 'partial') return;
  const prevTruth = before.slice(before.length - PREV);
  const check = (said: readonly (number | null)[], truth: readonly string[], what: string) => {
    said.forEach((x, i) => {
      if (x === null) return;
      tally.given++;
      if (doubleToHex(x) !== truth[i]) {
        tally.wrong++;
        throw new Error(`${id} ${mode} m=${m} state ${hex64(a)} ${hex64(b)}: ${what}[${i}] said ${doubleToHex(x)}, the engine gave ${truth[i]} (${r.kind}: ${r.note})`);
      }
    });
  };
  check(r.next, after, 'next');
  if (!fromStart) check(r.previous, prevTruth, 'previous');
}

describe('predict from the fewest values: zero wrong predictions (fast-check)', () => {
  for (const [id, variantId] of ENGINES) {
    it(`${id} (${variantId}): from the start, mid-stream, across refills, with gaps`, () => {
      const tally: Tally = { cases: 0, skipped: 0, given: 0, wrong: 0, okAtStart4: 0, start4: 0 };
      const word = fc.bigInt({ min: 1n, max: 2n ** 64n - 1n });
      const mode = fc.constantFrom<Mode>('start', 'start', 'mid', 'straddle', 'gaps');
      fc.assert(
        fc.property(word, word, mode, fc.integer({ min: 3, max: 7 }), fc.nat(10_000), fc.nat(255), (a, b, md, m, at, gaps) => {
          runCase(id, variantId, a, b, md, md === 'gaps' ? m + 5 : m, at, gaps, tally);
        }),
        { numRuns: RUNS },
      );
      console.log(`${id}: ${tally.cases} cases (${tally.skipped} skipped: NaN canonicalisation), ${tally.given} values predicted, ${tally.wrong} wrong; from the start with 4 values: ${tally.okAtStart4}/${tally.start4} ok`);
      expect(tally.wrong).toBe(0);
      // Not vacuous: 4 full values from the realm's first call settle the state.
      expect(tally.okAtStart4).toBe(tally.start4);
      expect(tally.given).toBeGreaterThan(0);
    }, 600_000);
  }

  // V8's backwards-cache sums across a refill, no position given (issue 13): 4 values give the
  // next value at every split — 1 + 3 and 3 + 1 through a run of 3, 2 + 2 through the search over
  // two pairs (sum-pairs.ts), and every other cache position either way. Everything given is the
  // engine's, bit for bit.
  for (const [id, variantId] of [['v8@5.9', 'v8-5.9-seeded62'], ['v8@14.4', 'v8-14.4-sum-53']] as const) {
    it(`${id} (${variantId}) across a refill: 4 values give the next value at every split, nothing wrong`, () => {
      const variant = VARIANTS.find((v) => v.id === variantId)!;
      const P = variant.cache!.perRefill;
      const m = 4;
      const seen = { given: 0, cases: 0, sparse: 0, skipped: 0, splits: new Set<number>() };
      // Uniform words (fc.noBias): fast-check otherwise favours edge words (1, 2^32 − 1, 2^64 − 1),
      // and in the first refill the values before its boundary come from the first states
      // generated; from such a sparse state the sums carry so little that a search can stop at
      // its cap (CI: (3, 2^32 − 1) at split 3 + 1, refused "not enough data", never wrong). V8
      // seeds through MurmurHash3, so real states are dense: the "always given" claim is for
      // states of typical weight; the edge states are checked below for nothing wrong.
      const word = fc.noBias(fc.bigInt({ min: 1n, max: 2n ** 64n - 1n }));
      const popcount = (v: bigint) => v.toString(2).replace(/0/g, '').length;
      const typical = (v: bigint) => popcount(v) >= 16 && popcount(v) <= 48;
      // The split from the case number (every split is met), state and refill random.
      let caseNo = 0;
      fc.assert(
        fc.property(word, word, fc.integer({ min: 1, max: 2 }), (a, b, refill) => {
          const before = 1 + (caseNo % (m - 1)); // values before the refill boundary: 1 … m − 1
          // A NaN pattern V8 would have canonicalised is no state: moved out of the NaN range (fast-check favours 2^64 − 1).
          const word0 = (v: bigint) => (variant.cache!.canonicalizesNaN && isNaNBits(v) ? v ^ (1n << 62n) : v);
          const e = create({ state: [hex64(word0(a)), hex64(word0(b)), 0], variant: variantId });
          let canonicalised = false;
          const draw = () => {
            const x = e.random();
            canonicalised ||= e.getState().length === 5 || e.getState().slice(0, 2).includes('0x7ff8000000000000');
            return x;
          };
          const past: string[] = [];
          for (let i = 0; i < P * refill - before; i++) past.push(doubleToHex(draw()));
          const observed = Array.from({ length: m }, draw);
          const after = Array.from({ length: NEXT }, () => doubleToHex(draw()));
          if (canonicalised) return void seen.skipped++;
          const dense = typical(a) && typical(b);
          if (dense) caseNo++; // a skipped or sparse case leaves its split to the next
          if (dense) seen.cases++;
          else seen.sparse++;
          const r = predict(id, observed, NEXT, PREV);
          if (r.kind !== 'ok' && r.kind !== 'partial') return;
          r.next.forEach((x, i) => x !== null && expect(doubleToHex(x)).toBe(after[i]));
          r.previous.forEach((x, i) => x !== null && expect(doubleToHex(x)).toBe(past[past.length - PREV + i]));
          if (r.next[0] === null || !dense) return;
          seen.given++;
          seen.splits.add(before);
        }),
        { numRuns: Math.max(6, Math.ceil(RUNS / 5)) },
      );
      console.log(`${id} across a refill: 4 values: next given in ${seen.given}/${seen.cases} of typical weight (splits ${[...seen.splits].sort().join(', ')}); ${seen.sparse} sparse (checked for nothing wrong only), ${seen.skipped} skipped (NaN canonicalisation)`);
      // Sparse edge states, every split in the first refill: any answer but a wrong one.
      const word0 = (v: bigint) => (variant.cache!.canonicalizesNaN && isNaNBits(v) ? v ^ (1n << 62n) : v);
      for (const a of [3n, 2n ** 32n - 1n]) {
        for (const b of [1n, 2n ** 32n - 1n, 2n ** 64n - 1n]) {
          for (let before = 1; before < m; before++) {
            const e = create({ state: [hex64(word0(a)), hex64(word0(b)), 0], variant: variantId });
            for (let i = 0; i < P - before; i++) e.random();
            const observed = Array.from({ length: m }, () => e.random());
            const after = Array.from({ length: NEXT }, () => doubleToHex(e.random()));
            const r = predict(id, observed, NEXT, 0);
            if (r.kind === 'ok' || r.kind === 'partial') r.next.forEach((x, i) => x !== null && expect(doubleToHex(x), `(${a}, ${b}), ${before} + ${m - before}`).toBe(after[i]));
          }
        }
      }
      // The claim: 4 values across a refill give the next value whatever the split.
      expect(seen.given).toBe(seen.cases);
      expect(seen.splits.size).toBe(m - 1);
    }, 600_000);
  }

  it('regression: 4 values of node 26 across a refill split 2 + 2 — settled by the pair search, and right', () => {
    const e = create({ state: ['0x1234567', '0x89abcdef', 0], variant: 'v8-14.4-sum-53' });
    const all = Array.from({ length: 140 }, () => e.random());
    const rec = recoverXorshift(all.slice(62, 66), 'v8-14.4-sum-53');
    expect(rec.complete).toBe(true);
    const r = predict('v8@14.4', all.slice(62, 66), 2, 0);
    expect(r.kind === 'ok' || r.kind === 'partial').toBe(true);
    if (r.kind === 'ok' || r.kind === 'partial') expect(r.next.map((x) => (x === null ? null : doubleToHex(x)))).toEqual(all.slice(66, 68).map(doubleToHex));
  });

  it('regression: rewinding V8 5.9 through a NaN pattern it would have canonicalised gives no previous values, not an error', () => {
    // Found by this property (fast-check seed 187691075): predict threw InvalidStateError.
    const tally: Tally = { cases: 0, skipped: 0, given: 0, wrong: 0, okAtStart4: 0, start4: 0 };
    expect(() => runCase('v8@5.9', 'v8-5.9-seeded62', 16n, 10659879285890228329n, 'gaps', 9, 0, 0, tally)).not.toThrow();
    expect(tally.wrong).toBe(0);
  });

  it('regression: previous values across a refill that stored a NaN-pattern state word (V8 5.6–7.0) are not invented', () => {
    // Found by a fresh audit (2026-12-05): the first refill ends with state0 = 0x7ff0123456789abc,
    // which V8 stores as the canonical NaN; 4 values from the second and third refills gave ok
    // with 62 previous values, the 3 from the first refill wrong (rewound linearly from the
    // canonical NaN, an invented history). Now those are unknown (null) and the 59 after it exact.
    for (const [id, variantId] of [['v8@5.9', 'v8-5.9-seeded62'], ['v8@5.6', 'v8-5.6-lazy62']] as const) {
      const s = new Int32Array([0x7ff01234, 0x56789abc, 0x01234567, 0x89abcdef | 0]);
      for (let i = 0; i < 62; i++) xorshift128StepBack(s);
      const word = (hi: number, lo: number) => hex64(u64ToBigInt(hi, lo));
      const e = create({ state: [word(s[0]!, s[1]!), word(s[2]!, s[3]!), 0], variant: variantId });
      const all = Array.from({ length: 200 }, () => e.random());
      const r = predict(id, all.slice(121, 125), 5, 62);
      expect(r.kind).toBe('partial');
      if (r.kind !== 'partial') continue;
      r.next.forEach((x, i) => expect(x === null ? null : doubleToHex(x)).toBe(doubleToHex(all[125 + i]!)));
      r.previous.forEach((x, i) => x !== null && expect(doubleToHex(x), `${id} previous ${59 + i}`).toBe(doubleToHex(all[59 + i]!)));
      // The first refill's 3 values are not known; the 59 of the second are.
      expect(r.previous.slice(0, 3)).toEqual([null, null, null]);
      expect(r.previous.slice(3).every((x) => x !== null)).toBe(true);
      // Judged on buckets too (--bucket): the partial answer carries them (it did not: the audit tool's remark).
      const rb = predict(id, all.slice(121, 125), 5, 62, { bucket: 64 });
      expect(rb.kind === 'partial' ? rb.buckets?.n : undefined).toBe(64);
      if (rb.kind === 'partial') rb.buckets!.previous.forEach((b, i) => b !== null && expect(b).toBe(Math.floor(all[59 + i]! * 64)));
    }
  });

  it('V8 5.6–7.0: windows after a refill that stored a NaN-pattern state word — every previous and next value given is the engine\'s (fast-check)', () => {
    // The stored state at the end of refill r holds a NaN pattern in state0 or state1 (any
    // pattern, the canonical one too); the window sits 1–3 refills later, the previous values
    // asked reach back across it.
    const nanWord = fc.tuple(fc.integer({ min: 0, max: 0xfffff }), fc.nat(0xffffffff)).filter(([h, l]) => h !== 0 || l !== 0).map(([h, l]) => [(0x7ff00000 | h) | 0, l | 0] as const);
    let given = 0;
    let open = 0;
    fc.assert(
      fc.property(nanWord, fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), fc.boolean(), fc.integer({ min: 1, max: 3 }), fc.nat(61), fc.constantFrom(4, 5, 7), (w, other, inS1, later, at, m) => {
        const [oh, ol] = u64FromBigInt(other);
        const s = new Int32Array(inS1 ? [oh, ol, w[0], w[1]] : [w[0], w[1], oh, ol]);
        // 62 values a refill: the NaN word is stored after the first refill.
        for (let i = 0; i < 62; i++) xorshift128StepBack(s);
        const word = (hi: number, lo: number) => hex64(u64ToBigInt(hi, lo));
        // The state before the first refill must be one V8 can hold (no NaN pattern itself).
        if (isNaNPattern(s[0]!, s[1]!) || isNaNPattern(s[2]!, s[3]!)) return;
        const e = create({ state: [word(s[0]!, s[1]!), word(s[2]!, s[3]!), 0], variant: 'v8-5.9-seeded62' });
        const all = Array.from({ length: 62 * (later + 2) }, () => e.random());
        const from = 62 * later + at - 2;
        const r = predict('v8@5.9', all.slice(from, from + m), 3, 70);
        if (r.kind !== 'ok' && r.kind !== 'partial') return;
        r.next.forEach((x, i) => x !== null && expect(doubleToHex(x)).toBe(doubleToHex(all[from + m + i]!)));
        r.previous.forEach((x, i) => {
          const truth = from - 70 + i;
          if (x === null || truth < 0) return void open++;
          given++;
          expect(doubleToHex(x), `previous value ${truth} (window at ${from})`).toBe(doubleToHex(all[truth]!));
        });
      }),
      { numRuns: Math.max(20, RUNS) },
    );
    console.log(`windows after a stored NaN word: ${given} previous values given, all right; ${open} left open`);
    expect(given).toBeGreaterThan(0);
  });

  it('regression: a window at the start of a refill — positions that share the next values but not the previous ones are not merged', () => {
    // Found by this property: 4 values of node 24 right after a refill; 9 cache positions fit and
    // share the next values, but only position 0 crosses back into the previous refill. Merging
    // them by their future printed the in-refill past (3fc3b9c3e7ea9df0) where the engine had
    // given 3ee2344e7b3a0000.
    const e = create({ state: ['0x1234567', '0x89abcdef', 0], variant: 'v8-13.5-s0-53' });
    const all = Array.from({ length: 70 }, () => doubleToHex(e.random()));
    const r = predict('v8@13.5', all.slice(64, 68).map(hexToDouble), 3, 2);
    expect(r.kind === 'partial' || r.kind === 'ambiguous').toBe(true);
    if (r.kind === 'partial') r.previous.forEach((x, i) => x !== null && expect(doubleToHex(x)).toBe(all[62 + i]));
  });

  it('inside one refill of a backwards cache the state is known but the next refill is not: complete, and no next value is claimed', () => {
    const e = create({ state: ['0x1234567', '0x89abcdef', 0], variant: 'v8-14.4-sum-53' });
    for (let i = 0; i < 70; i++) e.random();
    const seen = Array.from({ length: 7 }, () => e.random());
    const rec = recoverXorshift(seen, 'v8-14.4-sum-53');
    expect(rec.complete).toBe(true);
    expect(new Set(rec.candidates.map((c) => c.consumed)).size).toBeGreaterThan(1);
    const r = predict('v8@14.4', seen, 1, 0);
    expect(r.kind === 'ambiguous' || (r.kind === 'partial' && r.next[0] === null)).toBe(true);
  });
});

/**
 * Why node 10 (V8 5.9 – 7.0: 62 values a refill, handed out from the end, the state 16 bytes of the
 * isolate's RNG with no relation a seed would add) needs every value up to its refill's end
 * mid-stream: for a window of k values inside a refill there is a second real stream — a context
 * whose first state is the window's last step's predecessor, which hands the same k values out
 * as the last of its first refill (where the window already ends its refill, one value before
 * that refill's end) — printing the same k values and a different next one. So no
 * method can give the next value from fewer than the values up to the refill's end and one after
 * (26 from call 37: the crossing predict-real requires of real node 10.24.1).
 */
describe('node 10 mid-stream: the next value needs the window to cross its refill (the information bound)', () => {
  const variant = 'v8-5.9-seeded62';
  const at = 37;
  it('for every k up to the refill\'s end, a second stream prints the same k values and another next value; predict claims no next value; one more value (the crossing) settles it', () => {
    fc.assert(
      fc.property(fc.noBias(fc.bigInt({ min: 1n, max: (1n << 64n) - 1n })), fc.noBias(fc.bigInt({ min: 1n, max: (1n << 64n) - 1n })), fc.integer({ min: 3, max: 62 - at }), (w0, w1, k) => {
        const hex = (x: bigint): string => `0x${x.toString(16)}`;
        // words a V8 5.9 – 7.0 state can hold (it stored them as doubles: no NaN pattern but the canonical one)
        fc.pre(!isNaNPattern(...u64FromBigInt(w0)) && !isNaNPattern(...u64FromBigInt(w1)));
        const a = create({ state: [hex(w0), hex(w1), 0], variant });
        // calls at … 63: the window, the rest of the refill, the first of the next and one more
        const seenA = Array.from({ length: 64 }, () => a.random()).slice(at);
        // Call i < 62 of the first refill shows output 62 − i: the window is outputs 62 − at … 62 − at − k + 1.
        // The second stream hands the window out last in its first refill — or, where the window
        // already ends the first refill (k = 62 − at), one value before its end.
        const shift = k === 62 - at ? 1 : 0;
        const x = new Int32Array([...u64FromBigInt(w0), ...u64FromBigInt(w1)]);
        for (let t = 0; t < 62 - at - k - shift; t++) xorshift128Step(x);
        for (let t = 0; t > 62 - at - k - shift; t--) xorshift128StepBack(x);
        fc.pre(!isNaNPattern(x[0]!, x[1]!) && !isNaNPattern(x[2]!, x[3]!));
        const b = create({ state: [hex(u64ToBigInt(x[0]!, x[1]!)), hex(u64ToBigInt(x[2]!, x[3]!)), 0], variant });
        const seenB = Array.from({ length: 62 + 1 }, () => b.random()).slice(62 - k - shift);
        expect(seenB.slice(0, k).map(doubleToHex)).toEqual(seenA.slice(0, k).map(doubleToHex));
        expect(doubleToHex(seenB[k]!)).not.toBe(doubleToHex(seenA[k]!));
        const r = predict('node@10', seenA.slice(0, k), 1, 0);
        expect(r.kind === 'ok' ? r.next[0] : r.kind === 'partial' ? r.next[0] : null).toBeNull();
        // The crossing (calls at … 62: the first value after the refill's end) settles the next.
        const crossing = 62 - at + 1;
        const s = predict('node@10', seenA.slice(0, crossing), 1, 0);
        expect(s.kind).toBe('ok');
        if (s.kind === 'ok') expect(doubleToHex(s.next[0]!)).toBe(doubleToHex(seenA[crossing]!));
      }),
      // the window that ends the refill (k = 25) always among the runs
      { numRuns: 12, examples: [[0x0123456789abcdefn, 0x0fedcba987654321n, 62 - at], [1n, 1n, 62 - at], [1n, 1n, 3]] },
    );
  }, 600_000);
});

/**
 * Why 4 and not 3 is the fewest full values of `(s0 + s1) >> 11` (V8 14.4+, Chromium) that
 * settle the state: 3 values (159 bits) leave a second state in about 1 start in 6. Measured over
 * 1,000 random states each (2026-12-05): 160 of Chromium 156's and 165 of node 26's, none at 4
 * values; the 53-bit low sums (SpiderMonkey, JSC, Chakra, V8 4.9–7.0) none at 3. The twin's
 * words are the true ones plus d, minus d, plus d, minus d (within the 11 bits the mapping drops),
 * so every sum keeps its top 53 bits — d is mostly 2^j · (2^23 − 1), j = 26 … 32, where adding
 * and XOR-ing the shift by 23 agree — and no method can tell the two states apart from those 3
 * values: the emulator prints the same 3 doubles for both and different fourth ones.
 */
describe('the fewest values of (s0 + s1) >> 11: 3 leave twins, 4 do not', () => {
  const variant: VariantId = 'v8-15.6-sum-53-asc';
  const MASK = (1n << 64n) - 1n;
  /** The 4 words of the first 3 outputs (state1 after 0 … 3 steps): output i = (W_i + W_{i+1}) >> 11. */
  const wordsOf = (state: readonly (string | number)[]): bigint[] => {
    const s = new Int32Array([...u64FromBigInt(BigInt(state[0]!)), ...u64FromBigInt(BigInt(state[1]!))]);
    const w: bigint[] = [];
    for (let i = 0; i < 4; i++) {
      w.push(u64ToBigInt(s[2]!, s[3]!));
      xorshift128Step(s);
    }
    return w;
  };
  const signed = (x: bigint) => (x >> 63n ? x - (1n << 64n) : x);

  it('3 values from the start: twin states listed, both print the 3 values and differ at the 4th; 4 values leave one; the 53-bit low sum leaves one at 3', () => {
    const words = fc.sample(fc.noBias(fc.bigInt({ min: 1n, max: 2n ** 64n - 1n })), { seed: 20261205, numRuns: 240 });
    let twins = 0;
    for (let k = 0; k + 1 < words.length; k += 2) {
      const state = [hex64(words[k]!), hex64(words[k + 1]!)];
      const e = create({ state: [...state, 0], variant });
      const seen = Array.from({ length: 4 }, () => e.random());
      const r3 = recoverXorshift(seen.slice(0, 3), variant, { fromStart: true });
      expect(r3.complete).toBe(true);
      const r4 = recoverXorshift(seen, variant, { fromStart: true });
      expect(r4.candidates.map((c) => c.state.slice(0, 2).map((x) => BigInt(x)))).toEqual([[words[k], words[k + 1]]]);
      const low = create({ state, variant: 'spidermonkey' });
      expect(recoverXorshift(Array.from({ length: 3 }, () => low.random()), 'spidermonkey', { fromStart: true }).candidates).toHaveLength(1);
      if (r3.candidates.length === 1) continue;
      twins++;
      // Each listed state, run through the emulator, prints the 3 values; their fourth values differ.
      const runs = r3.candidates.map((c) => {
        const p = create({ state: [...c.state], variant });
        return Array.from({ length: 4 }, () => doubleToHex(p.random()));
      });
      for (const run of runs) expect(run.slice(0, 3)).toEqual(seen.slice(0, 3).map(doubleToHex));
      expect(new Set(runs.map((run) => run[3])).size).toBe(runs.length);
      expect(runs.map((run) => run[3])).toContain(doubleToHex(seen[3]!));
      // So predict gives no fourth value.
      const p = predict('v8@15.0', seen.slice(0, 3), 1, 0, { fromStart: true });
      expect(p.kind === 'ok' || (p.kind === 'partial' && p.next[0] !== null)).toBe(false);
      // … and says that the fourth value tells them apart (they print different ones there).
      expect(p.kind === 'ambiguous' || p.kind === 'partial' ? p.note : '').toContain('give the next value');
      // The twins' words: W'_i = W_i + (−1)^i · d — each word far from the true one (|d| > 2^40),
      // each sum within the 2^11 the mapping drops.
      const [w0, ...others] = r3.candidates.map((c) => wordsOf(c.state));
      const abs = (x: bigint) => (x < 0n ? -x : x);
      for (const w of others) {
        const delta = w.map((x, i) => signed((x - w0![i]!) & MASK));
        for (const dw of delta) expect(abs(dw)).toBeGreaterThan(2n ** 40n);
        for (let i = 0; i < 3; i++) expect(abs(signed((delta[i]! + delta[i + 1]!) & MASK))).toBeLessThan(2n ** 11n);
      }
    }
    console.log(`(s0 + s1) >> 11, 3 values from the start: ${twins} of ${words.length / 2} states have a twin`);
    expect(twins).toBeGreaterThanOrEqual(5);
  }, 120_000);
});
