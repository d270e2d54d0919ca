#!/usr/bin/env node
// Random audit of @emu/recover: for --minutes, random `predict` trials, each on a fresh
// crypto-random state of a random engine (every family: the xorshift128+ mappings, the MWC1616
// eras, the 48-bit LCGs, GameRand, v8-patched, QuickJS, Hermes' minstd and MT19937-64, Chrome 1's
// msvcrt), 0–300 calls in or from the start, full values (decimal or 16 hex digits), buckets
// ⌊x·n⌋ of many sizes, residues, `?` gaps, counts around and below each documented minimum, next
// and previous values asked; a few trials put the window near a refill whose stored state V8
// 5.6–7.0 canonicalised (a NaN word). Every value and bucket an answer gives is compared, 16 hex
// digits or the integer, with the emulator's stream (@emu/engines). Each trial runs in a forked
// child with a timeout (one process computes at a time). Exit 1 on any wrong value, a timeout, an
// exception or crash, or a malformed answer (a list of another length than asked, an exit code
// that does not match what was printed); 0 otherwise. Ends with a summary; remarks (odd but not
// wrong answers, e.g. a `partial` without `buckets` although options.bucket was given) are listed
// there and do not fail the run.
// Three other recovery paths are mixed in (--mode all, the default: after the sweep of every
// engine above, one trial of each, then 4 % UUID, 4 % seed-date and 3 % identify trials):
//   uuid      v4 UUIDs of the common template ('xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx', 31 calls
//             each, (x·16)|0, y = (r & 3) | 8: written out here), 1–8 from the start or 0–300
//             calls in, pasted as text (upper case, padding, blank lines, CRLF), sometimes with
//             calls unseen (null); parseUuids checked against each call's true bucket (or y
//             residue), predict with options.bucket 16 (as --uuid), and every value, bucket and
//             UUID digit (uuidsFromBuckets) of the next and previous UUIDs compared with the stream.
//   near      IE 6–8 and V8 ≤ 1.2.7's glibc (v8-libc) seeded from a random epoch millisecond as
//             their emulators seed from the clock (createEngine's seed: the millisecond for IE,
//             also checked against @emu/recover's ieStateFromMs; ms mod 2^32 for srandom), the
//             first 1–60 values seen (full, hex, buckets about as many as the window needs, mixed,
//             gaps), predict(…, { near, window }) with near inside the window (the default or
//             0 ms – 1 day; 5 %: just outside it): every value and bucket checked, and the
//             millisecond named — "none in the window" or a complete list without the true one
//             is wrong, as is a searched range other than the one asked.
//   identify  1–12 full values (or hex, 4–24 buckets of n ≥ 64, mixed, gaps) of a random state of
//             any engine above (and glibc): the groups identify() lists for the engine's variant
//             must not all say `cannot` (explains, or cannot tell, is right); a variant no group
//             holds is a remark (bun@1 is Bun 1.0.0: jsc-jit-sar, its own row).
// --mode predict|uuid|near|identify runs one kind only (each of its engines once first).
//   node recover-audit.mjs [--minutes 1] [--mode all] [--seed-log trials.jsonl] [--cli N] [--timeout 60]
//   node recover-audit.mjs --one '<trial json, or a line of the seed log>'
// --seed-log appends every trial (its state or seed included) as a JSON line; --one re-runs one
// in this process and prints the call, the observations and the answer. --cli N: afterwards N
// more trials through the built CLI (`node apps/compare/dist/cli.js predict …`; build it first),
// its printed values checked the same way and its exit code (0 when the first requested value is
// printed, 3 when not); --mode all adds ⌈N/5⌉ `predict --uuid` runs (the UUIDs printed, digit by
// digit) and ⌈N/10⌉ `predict --near` runs (epoch ms or ISO dates, windows in units; the
// millisecond printed on stderr checked too); --mode uuid / near: N of those. `pnpm --filter
// @emu/bench audit:recover -- --minutes 5` runs it from anywhere. It audits the built packages
// (their dist/): after changing src, `pnpm build` first.
import { randomBytes } from 'node:crypto';
import { fork, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { doubleToHex, murmurHash3Fmix64, u64ToHex } from '@emu/core';
import { createEngine, resolveEngine } from '@emu/engines';
import { UUID_CALLS, identify, ieStateFromMs, parseObservations, parseUuids, predict, uuidsFromBuckets } from '@emu/recover';
import { VARIANTS, xorshift128StepBack } from '@emu/xorshift128plus';

// (`pnpm … audit:recover -- --minutes 5` hands the script a lone `--`: dropped.)
const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--')),
  options: {
    minutes: { type: 'string', default: '1' },
    'seed-log': { type: 'string' },
    cli: { type: 'string', default: '0' },
    one: { type: 'string' },
    timeout: { type: 'string', default: '60' },
    mode: { type: 'string', default: 'all' },
    child: { type: 'boolean' },
  },
});
const SELF = fileURLToPath(import.meta.url);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = 'apps/compare/dist/cli.js';
const TIMEOUT_MS = Number(args.timeout) * 1000;
const MODE = args.mode;
const MODES = ['all', 'predict', 'uuid', 'near', 'identify'];
if (!MODES.includes(MODE)) throw new Error(`--mode must be one of ${MODES.join(', ')}, got ${JSON.stringify(MODE)}`);

// ---------- randomness: crypto only, so no trial repeats a seed ----------
const u32 = () => randomBytes(4).readUInt32LE(0);
const rnd = () => { const b = randomBytes(8); return (b.readUInt32LE(0) * 2 ** 21 + (b.readUInt32LE(4) >>> 11)) / 2 ** 53; };
const randint = (a, b) => a + Math.floor(rnd() * (b - a + 1)); // inclusive
const pick = (list) => list[Math.floor(rnd() * list.length)];
const hex64 = () => `0x${randomBytes(8).toString('hex')}`;
const u48 = () => randomBytes(6).readUIntLE(0, 6);
function weighted(list) {
  let r = rnd() * list.reduce((s, [, w]) => s + w, 0);
  for (const [x, w] of list) if ((r -= w) < 0) return x;
  return list[list.length - 1][0];
}

// ---------- engines ----------
// [id, weight, class]; the class picks the minimum counts below. Weighted towards the
// xorshift128+ (s0 + s1) engines and node 20 / 24; every family has at least one id.
const ENGINES = [
  ['node@10', 6, 'sum'], ['node@26', 6, 'sum'], ['chrome@156', 6, 'sum'], ['firefox@153', 6, 'sum'], ['jsc@10', 3, 'sum'],
  ['safari@18', 3, 'sum'], ['edge@18', 2, 'sum'], ['chrome@49', 1.5, 'sum'], ['node@6.9.0', 1.5, 'sum'],
  ['node@7.0.0', 1.5, 'sum'], ['node@8.0.0', 1.5, 'sum'], ['bun@1', 1.5, 'sum'],
  ['node@20', 5, 's0'], ['node@24', 5, 's0'], ['v8@7.1', 1, 's0'], ['deno@2', 0.5, 's0'],
  ['node@0.10', 1.2, 'mwc'], ['chrome@31', 1.2, 'mwc'], ['node@0.12.18', 1.2, 'mwc'], ['node@4.2.2', 1.2, 'mwc'],
  ['v8@4.8', 1.2, 'mwc'], ['v8@2.2.2', 1, 'mwc'],
  ['ie@8', 1.2, 'lcg'], ['ie@11', 1.2, 'lcg'], ['netscape@4', 1.2, 'lcg'], ['firefox@3', 1, 'lcg'],
  ['firefox@44', 1.2, 'lcg'], ['rhino@1.7', 1, 'lcg'],
  ['v8@4.9', 1, 'full'], ['v8@1.2.8', 1, 'full'], ['safari@9', 1, 'full'], ['quickjs@0.10.1', 1, 'full'],
  ['hermes@0.12', 1, 'full'], ['chrome@1', 1, 'full'], ['hermes@0.13', 0.3, 'mt64'], ['v8-libc', 0.6, 'glibc'],
];
const CLASS = new Map(ENGINES.map(([id, , cls]) => [id, cls]));
const NAN_IDS = ['node@10', 'node@8.0.0']; // V8 5.9–7.0 and 5.6–5.8: the caches that canonicalise NaN words
const BUCKET_NS = [2, 3, 6, 10, 16, 32, 64, 100, 128, 1000, 65536, 1e6];

const infoCache = new Map();
/** The emulator package, variant and (xorshift128+) variant record of an id; `family` labels the summary's rows. */
function engineInfo(id) {
  if (!infoCache.has(id)) {
    const r = resolveEngine(id);
    // a bare package id (v8-libc: its glibc variant, which no era names) is that package's default
    const pkg = r.node?.package ?? r.era?.package ?? r.embedder?.release.package ?? (id === 'v8-libc' ? id : undefined);
    const variant = r.node?.variant ?? r.era?.variant ?? r.embedder?.release.variant ?? (id === 'v8-libc' ? 'v8-0.1-glibc' : undefined);
    const xs = VARIANTS.find((v) => v.id === variant);
    const family = xs ? `xorshift128plus ${xs.mapping}` : pkg === 'hermes' ? `hermes ${variant}` : pkg;
    infoCache.set(id, { pkg, variant, xs, family });
  }
  return infoCache.get(id);
}

/** A uniformly random state of the engine's own shape (createEngine refuses the few that cannot occur: then another). */
function randomState(id, fromStart) {
  const { pkg, variant, xs } = engineInfo(id);
  switch (pkg) {
    case 'xorshift128plus': return xs.cache ? [hex64(), hex64(), fromStart ? 0 : randint(0, xs.cache.perRefill)] : [hex64(), hex64()];
    case 'v8-2015': return variant === 'v8-4.8-constructdouble' ? [u32() & 0xffff, u32() & 0xffff, u32() & 0xffff, u32() & 0xffff] : [u32(), u32()];
    case 'v8-patched': return [u32() & 0xffff, u32() & 0xffff, u32() & 0xffff, u32() & 0xffff];
    case 'firefox-lcg': case 'jscript-lcg': case 'netscape-lcg': return [u48()];
    case 'webkit-gamerand': case 'v8-mwc-cpp': return [u32(), u32()];
    case 'v8-libc': return variant === 'v8-0.1-glibc' ? Array.from({ length: 31 }, u32) : [u32()];
    case 'quickjs': return [hex64()];
    case 'hermes': return variant === 'hermes-minstd' ? [randint(1, 2147483646)] : [...Array.from({ length: 312 }, hex64), randint(0, 312)];
    default: throw new Error(`no state shape for ${id} (${pkg})`);
  }
}

/** A state a V8 7.1+ context starts from: (fmix64(seed), fmix64(~seed)) of a random 64-bit seed, the cache empty. */
function v8SeededState() {
  const [h, l] = [randomBytes(4).readInt32LE(0), randomBytes(4).readInt32LE(0)];
  return [`0x${u64ToHex(...murmurHash3Fmix64(h, l))}`, `0x${u64ToHex(...murmurHash3Fmix64(~h, ~l))}`, 0];
}

/** About the fewest values the README documents (or measured) for this class, mode and bucket count: trials draw counts around and below it. */
function minimumCount(id, full, n, fromStart) {
  const cls = CLASS.get(id);
  if (full) return { sum: fromStart ? 3 : 4, s0: 4, lcg: 1, mwc: 3, mt64: 622, glibc: 60 }[cls] ?? (id === 'v8@1.2.8' ? 4 : 2);
  const lg = Math.log2(n);
  switch (cls) {
    case 'lcg': return Math.min(60, Math.ceil(48 / lg) + 2);
    case 'mwc': return Math.min(40, Math.ceil(32 / Math.min(lg, 16)) + 3);
    case 's0': return Math.min(140, Math.ceil(128 / lg) + (n < 12 ? 12 : 2));
    case 'sum': {
      // V8's backwards caches mid-stream need about 1.45 times as many (the window must cross a refill).
      const m = n === 100 ? 28 : Math.ceil(128 / lg) + 3;
      return Math.min(80, engineInfo(id).xs?.cache?.order === 'desc' && !fromStart ? Math.ceil(m * 1.45) : m);
    }
    default: return 4; // buckets unsupported: refused at any count
  }
}

function drawCount(m) {
  const r = rnd();
  if (r < 0.45) return randint(Math.max(1, m - 4), m);
  if (r < 0.8) return randint(m, m + 3);
  return randint(m, 2 * m + 5);
}

/** A state createEngine accepts (it refuses e.g. all-zero xorshift states and NaN words V8 5.6–7.0 could not hold). */
function acceptedState(id, make) {
  for (let tries = 0; ; tries++) {
    const state = make();
    try {
      createEngine(id, { state });
      return state;
    } catch (e) {
      if (tries > 50) throw e;
    }
  }
}

/**
 * One random trial: engine, state, where the window sits (skip calls in, or fromStart), what is
 * seen of each call (mode full / hex / bucket / mixed: a few full values then buckets; gaps and
 * residues as index lists), how many next and previous values are asked.
 */
function makeTrial(id = weighted(ENGINES.map(([e, w]) => [e, w]))) {
  const cls = CLASS.get(id);
  const fromStart = rnd() < 0.18;
  const skip = fromStart || rnd() < 0.1 ? 0 : randint(0, 300);
  let mode = weighted([['full', 4], ['hex', 1.5], ['bucket', 5], ['mixed', 0.7]]);
  if ((cls === 'mt64' || cls === 'glibc') && rnd() < 0.8) mode = 'full';
  const full = mode === 'full' || mode === 'hex';
  const n = full ? undefined : rnd() < 0.8 ? pick(BUCKET_NS) : randint(2, 2 ** 20);
  let count = drawCount(minimumCount(id, full, n, fromStart));
  if (cls === 'mt64' && full) count = randint(300, 700);
  // V8's caches mid-stream, full values: sometimes around the inside-a-refill minimum (about 30).
  if (full && (cls === 's0' || cls === 'sum') && !fromStart && rnd() < 0.12) count = randint(20, 70);
  const mixedFull = mode === 'mixed' ? randint(1, Math.min(5, count)) : 0;
  if (mode === 'mixed') count = Math.max(count, mixedFull + 1);
  // bare `j` lines need the bucket count from the parser's option (the CLI's --bucket); mixed lines are j/n
  const textForm = mode === 'bucket' && rnd() < 0.5 ? 'bare' : 'frac';
  const bucketOpt = n !== undefined && (textForm === 'bare' || rnd() < 0.7);
  const gapRate = rnd() < 0.2 ? pick([0.05, 0.1, 0.2]) : 0;
  const gaps = [];
  for (let i = 1; i < count; i++) if (rnd() < gapRate) gaps.push(i);
  let residues;
  if (!full && rnd() < 0.08) {
    const mod = pick([2, 4]);
    const at = [];
    for (let i = 0; i < count; i++) if (rnd() < 0.15 && n >= mod) at.push(i);
    residues = { mod, at };
  }
  const previous = !fromStart && skip > 0 && rnd() < 0.4 ? randint(1, Math.min(rnd() < 0.7 ? 10 : 80, skip)) : 0;
  const next = weighted([[20, 6], [70, 2], [150, 1]]);
  // JavaScriptCore seeds each realm from one 32-bit number (recover's jsc-seed.ts answers from it
  // from the first value, and mid-stream from two at any call below 1,024): from the start most
  // of its trials are seeded as the engine seeds, mid-stream 30 % (the skip calls made in the realm).
  if (engineInfo(id).xs?.flavor === 'jsc' && rnd() < (fromStart ? 0.6 : 0.3)) {
    return { id, state: undefined, seed: u32() || 1, skip, fromStart, mode, n, count, mixedFull, textForm, bucketOpt, gaps, residues, previous, next };
  }
  // V8 7.1+ seeds a context's state from one 64-bit number (fmix64(seed), fmix64(~seed); recover's
  // v8-seed.ts answers from it): from the start, most of its trials are seeded that way.
  // Mid-stream too (skip calls into the context), 30 % of them: recover searches the seed at every call below 1,024.
  if (engineInfo(id).xs?.seeding === 'murmur' && rnd() < (fromStart ? 0.6 : 0.3)) {
    return { id, state: v8SeededState(), skip, fromStart, mode, n, count, mixedFull, textForm, bucketOpt, gaps, residues, previous, next };
  }
  const state = acceptedState(id, () => randomState(id, fromStart));
  return { id, state, skip, fromStart, mode, n, count, mixedFull, textForm, bucketOpt, gaps, residues, previous, next };
}

/**
 * V8 5.6–7.0: a window near the refill whose stored state held a NaN word (stored as the
 * canonical NaN): the state after refill R + 1 is drawn with a NaN pattern in s0, s1 or both and
 * rewound; the window sits after it (previous values asked across it), across it, or before it
 * (next values asked across it).
 */
function makeNanTrial() {
  const id = pick(NAN_IDS);
  const P = engineInfo(id).xs.cache.perRefill;
  const which = pick(['s0', 's1', 'both']);
  const R = randint(0, 2);
  const B = (R + 1) * P; // the first value made from the canonicalised state
  const word = (hi, lo) => `0x${u64ToHex(hi, lo)}`;
  const state = acceptedState(id, () => {
    const s = new Int32Array([u32(), u32(), u32(), u32()]);
    const nanHi = () => (u32() & 0x800fffff) | 0x7ff00000;
    if (which !== 's1') s[0] = nanHi();
    if (which !== 's0') s[2] = nanHi();
    for (let i = 0; i < B; i++) xorshift128StepBack(s);
    return [word(s[0], s[1]), word(s[2], s[3]), 0];
  });
  const scenario = pick(['after', 'after', 'across', 'before']);
  const mode = rnd() < 0.75 ? 'full' : 'bucket';
  const n = mode === 'bucket' ? pick([2 ** 20, 1e6, 65536]) : undefined;
  const count = mode === 'full' ? randint(3, 8) : randint(8, 16);
  let skip;
  if (scenario === 'after') skip = rnd() < 0.7 ? B + P - randint(1, count - 1) : B + randint(0, P + 10);
  else if (scenario === 'across') skip = Math.max(0, B - randint(1, count - 1));
  else skip = Math.max(0, B - count - randint(0, 30));
  const previous = Math.min(skip, scenario === 'after' ? randint(P - 10, P + 40) : randint(0, 20));
  return {
    id, state, skip, fromStart: false, mode, n, count, mixedFull: 0, textForm: 'frac', bucketOpt: mode === 'bucket',
    gaps: [], previous, next: scenario === 'before' ? 80 : 20, nan: { which, R, B, scenario },
  };
}

// ---------- UUID v4, seed dates, identify: trials of the other recovery paths ----------
/** UUID trials: the engines people make v4 UUIDs on (the xorshift128+ ones most), and a few whose recovery refuses n = 16. */
const UUID_ENGINES = [
  ['node@26', 5], ['node@10', 4], ['chrome@156', 4], ['firefox@153', 4], ['jsc@10', 3], ['safari@18', 2], ['edge@18', 2],
  ['chrome@49', 1], ['node@6.9.0', 1], ['node@7.0.0', 1], ['node@8.0.0', 1], ['node@20', 4], ['node@24', 4], ['v8@7.1', 1],
  ['deno@2', 1], ['ie@8', 1], ['ie@11', 1], ['netscape@4', 1], ['firefox@3', 0.5], ['firefox@44', 1], ['rhino@1.7', 0.5],
  ['node@0.10', 0.5], ['node@4.2.2', 0.5], ['v8@4.9', 0.3], ['quickjs@0.10.1', 0.3], ['bun@1', 1],
];
const UUID_TEMPLATE = 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx';

/** The UUID the common template makes from 31 consecutive values (written out here, not @emu/recover's uuidsFromBuckets). */
function uuidOf(xs, from) {
  let k = from;
  return UUID_TEMPLATE.replace(/[xy]/g, (c) => {
    const r = (xs[k++] * 16) | 0;
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });
}

/**
 * A UUID trial: `uuids` v4 UUIDs made one after another `skip` calls in (or from the start), as
 * text lines (lower or upper case, padded, blank lines, CRLF), sometimes with some calls unseen
 * (null in place of their digit: library only); `next` / `previous` UUIDs asked (31 calls each).
 */
function makeUuidTrial(id = weighted(UUID_ENGINES)) {
  const fromStart = rnd() < 0.3;
  const uuids = fromStart ? weighted([[1, 1], [2, 4], [3, 2], [4, 1]]) : weighted([[1, 1], [2, 3], [3, 3], [4, 2], [6, 1], [8, 0.5]]);
  const skip = fromStart ? 0 : randint(0, 300);
  const prevU = !fromStart && skip >= UUID_CALLS && rnd() < 0.3 ? randint(1, Math.min(2, Math.floor(skip / UUID_CALLS))) : 0;
  const nextU = weighted([[1, 4], [2, 2], [3, 1]]);
  const count = uuids * UUID_CALLS;
  const unseen = [];
  if (rnd() < 0.12) {
    if (rnd() < 0.5) for (let u = 0; u < uuids; u++) unseen.push(u * UUID_CALLS + 15); // the y digit as '?'
    else for (let i = 0; i < count; i++) if (rnd() < 0.05) unseen.push(i);
  }
  // V8 7.1+: half of the trials from a seeded context (the skip calls made in it), as V8 seeds.
  const state = engineInfo(id).xs?.seeding === 'murmur' && rnd() < 0.5 ? v8SeededState() : acceptedState(id, () => randomState(id, fromStart));
  return {
    kind: 'uuid', id, state, skip, fromStart, mode: 'uuid', n: 16, count, uuids, next: nextU * UUID_CALLS, previous: prevU * UUID_CALLS,
    bucketOpt: rnd() < 0.85, textStyle: pick(['plain', 'plain', 'upper', 'padded', 'crlf']), unseen,
  };
}

/** --near trials: IE 6–8 (JScript's clock seed) and V8 ≤ 1.2.7 with glibc (srandom of the epoch milliseconds mod 2^32). */
const NEAR_ENGINES = [['ie@8', 2], ['ie@6', 1], ['ie@7', 1], ['v8-libc', 3]];

/**
 * A seed-date trial: a random seeding millisecond (mostly in the engine's years, sometimes any up
 * to 2^42, rarely just after 1970), the engine seeded from it as its emulator seeds from a clock
 * (createEngine's seed: the millisecond for IE, ms mod 2^32 for glibc's srandom), its first K
 * values seen (full, hex, buckets sized around what the window needs, mixed; a few gaps); `near`
 * the millisecond ± a random offset inside the window (5 %: just outside it, full values only),
 * the window given or the default.
 */
function makeNearTrial(id = weighted(NEAR_ENGINES)) {
  const ie = id.startsWith('ie@');
  const years = ie ? [Date.UTC(2001, 0, 1), Date.UTC(2011, 0, 1)] : [Date.UTC(2008, 6, 1), Date.UTC(2009, 5, 15)];
  const r = rnd();
  const ms = r < 0.7 ? randint(years[0], years[1]) : r < 0.97 ? randint(0, 2 ** 42) : randint(0, 100_000);
  const window = weighted(ie
    ? [[undefined, 1], [0, 0.3], [1000, 2], [60_000, 3], [600_000, 3], [3_600_000, 2], [86_400_000, 0.4]]
    : [[undefined, 0.6], [0, 0.3], [1000, 2], [60_000, 3], [600_000, 3], [3_600_000, 0.4]]);
  const W = window ?? (ie ? 86_400_000 : 3_600_000);
  let mode = weighted([['full', 3], ['hex', 1], ['bucket', 4], ['mixed', 1]]);
  const outside = rnd() < 0.05;
  if (outside) mode = 'full';
  let near;
  if (outside) {
    const d = W + randint(1, 1000);
    near = ms - d >= 0 && rnd() < 0.5 ? ms - d : ms + d;
  } else {
    near = Math.max(0, rnd() < 0.05 ? ms + pick([-W, W]) : ms + randint(-W, W));
  }
  const full = mode === 'full' || mode === 'hex';
  const n = full ? undefined : rnd() < 0.8 ? pick(BUCKET_NS) : randint(2, 2 ** 20);
  // Enough bits to single out one millisecond of the window, give or take a few values.
  const need = full ? 1 : Math.ceil(Math.log2(2 * W + 2) / Math.log2(n));
  const count = full ? randint(1, 3) : Math.min(60, Math.max(1, need + randint(-2, 4)));
  const mixedFull = mode === 'mixed' ? randint(1, Math.min(3, count)) : 0;
  const gaps = [];
  // glibc's search filters on the first value: unseen, every millisecond is generated (slow), so only in small windows.
  if (rnd() < 0.15) for (let i = ie || W <= 600_000 ? 0 : 1; i < count; i++) if (rnd() < 0.1 && gaps.length < count - 1) gaps.push(i);
  const textForm = mode === 'bucket' && rnd() < 0.5 ? 'bare' : 'frac';
  return {
    kind: 'near', id, seed: ie ? ms : ms % 2 ** 32, ms, near, window, W, outside, skip: 0, fromStart: true, mode, n, count, mixedFull,
    textForm, bucketOpt: n !== undefined && (textForm === 'bare' || rnd() < 0.7), gaps, previous: 0, next: randint(1, 60),
  };
}

/** identify trials: every engine of the predict trials (glibc's among them: no registry era names it) and IE 6. */
const IDENTIFY_ENGINES = [...ENGINES.map(([id, w]) => [id, Math.sqrt(w)]), ['ie@6', 0.5]];

/**
 * An identify trial: a random state of a random engine, 1–12 full values (or hex, or 4–24
 * buckets of n ≥ 64, or mixed), a few gaps, fromStart sometimes; options.bucket sometimes.
 */
function makeIdentifyTrial(id = weighted(IDENTIFY_ENGINES)) {
  const fromStart = rnd() < 0.2;
  const skip = fromStart ? 0 : randint(0, 300);
  const mode = weighted([['full', 6], ['hex', 1], ['bucket', 2], ['mixed', 1]]);
  const full = mode === 'full' || mode === 'hex';
  const n = full ? undefined : pick([64, 100, 128, 1000, 65536, 1e6, 2 ** 20]);
  const count = full ? weighted([[1, 1], [2, 2], [3, 3], [4, 3], [5, 3], [6, 2], [8, 1], [12, 1]]) : randint(4, 24);
  const mixedFull = mode === 'mixed' ? randint(1, Math.min(4, count - 1)) : 0;
  const gaps = [];
  if (rnd() < 0.1) for (let i = 1; i < count; i++) if (rnd() < 0.1) gaps.push(i);
  const seeded = id === 'v8-libc';
  const state = seeded ? undefined : acceptedState(id, () => randomState(id, fromStart));
  return {
    kind: 'identify', id, state, ...(seeded ? { seed: u32() } : {}), skip: seeded ? randint(0, 50) : skip, fromStart: seeded ? false : fromStart,
    mode, n, count, mixedFull, textForm: 'frac', bucketOpt: n !== undefined && rnd() < 0.5, gaps, previous: 0, next: 0,
  };
}

// ---------- one trial: observations, truth, checks ----------
/** The engine's stream from its first call, far enough for the window and every value asked. */
function truth(t) {
  const e = createEngine(t.id, t.seed !== undefined ? { seed: t.seed } : { state: t.state });
  return Array.from({ length: t.skip + t.count + t.next }, () => e.random());
}

/** The observations as CLI input, one per line. */
function observationText(t, xs) {
  const gaps = new Set(t.gaps);
  const residue = new Set(t.residues?.at ?? []);
  const lines = [];
  for (let i = 0; i < t.count; i++) {
    const x = xs[t.skip + i];
    if (gaps.has(i)) lines.push('?');
    else if (t.mode === 'full' || t.mode === 'hex' || i < t.mixedFull) lines.push(t.mode === 'hex' || (t.mode === 'mixed' && i % 2) ? doubleToHex(x) : String(x));
    else {
      const j = Math.floor(x * t.n);
      const tail = t.textForm === 'bare' ? '' : `/${t.n}`;
      lines.push(residue.has(i) ? `${j % t.residues.mod}${tail}%${t.residues.mod}` : `${j}${tail}`);
    }
  }
  return lines.join('\n') + '\n';
}

/**
 * Compares what an answer claims (null / '?' where it claims nothing) with the truth, as strings:
 * 16 hex digits for full values, the integer for buckets. Adds to res.claimed[unit] and res.wrong.
 */
function check(res, t, xs, where, claimed, unit) {
  const back = t.previous;
  const first = where === 'next' ? t.skip + t.count : t.skip - back;
  const want = where === 'next' ? t.next : back;
  if (claimed.length !== want) res.malformed.push(`${where}${unit === 'bucket' ? ' buckets' : ''}: ${claimed.length} given, ${want} asked`);
  claimed.forEach((got, i) => {
    if (got === null || got === '?') return;
    res.claimed[unit]++;
    const x = xs[first + i];
    const expected = unit === 'full' ? doubleToHex(x) : String(Math.floor(x * t.n));
    const said = typeof got === 'number' ? (unit === 'full' ? doubleToHex(got) : String(got)) : got;
    if (said !== expected) res.wrong.push({ where, i, index: first + i, unit, expected, got: said });
  });
}

const emptyResult = (kind, note) => ({ kind, note, cpuMs: 0, claimed: { full: 0, bucket: 0, digit: 0, ms: 0, family: 0 }, wrong: [], malformed: [], remarks: [] });

/** Every value and bucket an ok / partial answer gives checked against the stream xs. */
function checkAnswer(res, t, xs, r) {
  check(res, t, xs, 'next', r.next, 'full');
  check(res, t, xs, 'previous', r.previous, 'full');
  if (r.kind === 'partial' && t.bucketOpt && !r.buckets) res.remarks.push('partial without buckets although options.bucket was given');
  if (r.buckets) {
    check(res, t, xs, 'next', r.buckets.next, 'bucket');
    check(res, t, xs, 'previous', r.buckets.previous, 'bucket');
  }
}

/** The predict trials: parseObservations + predict, every given value and bucket checked. */
function runPredict(t) {
  const xs = truth(t);
  const text = observationText(t, xs);
  const cpu0 = process.cpuUsage();
  const observed = parseObservations(text, t.textForm === 'bare' ? { bucket: t.n } : {});
  const r = predict(t.id, observed, t.next, t.previous, { fromStart: t.fromStart, ...(t.bucketOpt ? { bucket: t.n } : {}) });
  const cpu = process.cpuUsage(cpu0);
  const res = { ...emptyResult(r.kind, r.note), cpuMs: (cpu.user + cpu.system) / 1000 };
  if (r.kind === 'ok' || r.kind === 'partial') {
    checkAnswer(res, t, xs, r);
  }
  if (r.kind === 'insufficient' && !(r.need > 0)) res.remarks.push(`insufficient with need ${r.need}`);
  return { ...res, text, call: `predict(${JSON.stringify(t.id)}, …, ${t.next}, ${t.previous}, ${JSON.stringify({ fromStart: t.fromStart, ...(t.bucketOpt ? { bucket: t.n } : {}) })})` };
}

/** The library: parseObservations + predict, every given value and bucket checked. */
function runLibrary(t) {
  switch (t.kind) {
    case 'uuid': return runUuid(t);
    case 'near': return runNear(t);
    case 'identify': return runIdentify(t);
    default: return runPredict(t);
  }
}

const iso = (ms) => new Date(ms).toISOString();

/** The UUIDs' text as a user might paste it. */
function uuidText(t, list) {
  switch (t.textStyle) {
    case 'upper': return list.map((u) => u.toUpperCase()).join('\n') + '\n';
    case 'padded': return list.map((u) => `  ${u} `).join('\n\n') + '\n';
    case 'crlf': return list.join('\r\n') + '\r\n';
    default: return list.join('\n') + '\n';
  }
}

/** The true UUIDs of a trial: the ones seen, the `previous` before them and the `next` after. */
function uuidTruth(t, xs) {
  const at = (from, k) => Array.from({ length: k }, (_, u) => uuidOf(xs, from + u * UUID_CALLS));
  return { seen: at(t.skip, t.uuids), previous: at(t.skip - t.previous, t.previous / UUID_CALLS), next: at(t.skip + t.count, t.next / UUID_CALLS) };
}

/** UUID strings an answer gives, digit by digit against the true ones ('?' for an x or y digit claims nothing; the rest must be in place). */
function checkUuids(res, where, got, want) {
  if (got.length !== want.length) res.malformed.push(`${where} UUIDs: ${got.length} given, ${want.length} asked`);
  got.forEach((u, k) => {
    const w = want[k];
    if (w === undefined) return;
    if (typeof u !== 'string' || u.length !== w.length) {
      res.malformed.push(`${where} UUID ${k}: ${JSON.stringify(u)} is not a UUID`);
      return;
    }
    let bad = false;
    for (let i = 0; i < w.length; i++) {
      const digit = UUID_TEMPLATE[i] === 'x' || UUID_TEMPLATE[i] === 'y';
      if (digit && u[i] === '?') continue;
      if (digit) res.claimed.digit++;
      if (u[i] !== w[i]) bad = true;
    }
    if (bad) res.wrong.push({ where, i: k, index: k, unit: 'uuid', expected: w, got: u });
  });
}

/** UUIDs: parseUuids (checked against the template's own reading of each call) + predict with options.bucket 16 as the CLI; values, buckets and the UUIDs they make checked. */
function runUuid(t) {
  const xs = truth(t);
  const u = uuidTruth(t, xs);
  const text = uuidText(t, u.seen);
  const opts = { fromStart: t.fromStart, ...(t.bucketOpt ? { bucket: 16 } : {}) };
  const cpu0 = process.cpuUsage();
  const observed = parseUuids(text);
  for (const i of t.unseen) observed[i] = null;
  const r = predict(t.id, observed, t.next, t.previous, opts);
  const cpu = process.cpuUsage(cpu0);
  const res = { ...emptyResult(r.kind, r.note), cpuMs: (cpu.user + cpu.system) / 1000 };
  // What each call shows: ⌊x·16⌋, the y digit (the 16th call of a UUID) only that bucket % 4.
  if (observed.length !== t.count) res.malformed.push(`parseUuids: ${observed.length} observations of ${t.uuids} UUIDs`);
  const unseen = new Set(t.unseen);
  for (let i = 0; i < t.count; i++) {
    const b = Math.floor(xs[t.skip + i] * 16);
    const want = unseen.has(i) ? null : i % UUID_CALLS === 15 ? { n: 16, mod: 4, value: b % 4 } : { n: 16, value: b };
    if (JSON.stringify(observed[i]) !== JSON.stringify(want)) {
      res.malformed.push(`parseUuids: call ${i} read as ${JSON.stringify(observed[i])}, the template shows ${JSON.stringify(want)}`);
      break;
    }
  }
  if (r.kind === 'ok' || r.kind === 'partial') {
    checkAnswer(res, t, xs, r);
    // The UUIDs as the CLI makes them: from the buckets when a partial answer has them, else the values'.
    const bucketOf = (x) => (x === null ? null : Math.floor(x * 16));
    checkUuids(res, 'next', uuidsFromBuckets(r.kind === 'partial' && r.buckets ? r.buckets.next : r.next.map(bucketOf)), u.next);
    checkUuids(res, 'previous', uuidsFromBuckets(r.kind === 'partial' && r.buckets ? r.buckets.previous : r.previous.map(bucketOf)), u.previous);
  }
  if (r.kind === 'insufficient' && !(r.need > 0)) res.remarks.push(`insufficient with need ${r.need}`);
  const call = `predict(${JSON.stringify(t.id)}, parseUuids(text)${t.unseen.length ? ` with calls ${t.unseen.join(', ')} unseen (null)` : ''}, ${t.next}, ${t.previous}, ${JSON.stringify(opts)})`;
  return { ...res, text, call };
}

/** The milliseconds a seed-date answer names: "seeded at <ISO> (…), … [and N more]; every millisecond in <ISO> … <ISO> tried". */
function seededAt(note) {
  const m = /seeded at (.*?); every millisecond in (\S+) … (\S+) tried/.exec(note);
  if (!m) return undefined;
  const ms = [...m[1].matchAll(/(\d{4,}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z) \(/g)].map((x) => Date.parse(x[1]));
  return { ms, more: / and \d+ more$/.test(m[1]), from: Date.parse(m[2]), to: Date.parse(m[3]) };
}

/**
 * A seed-date answer's milliseconds: with the true one inside the window, "none in the window" is
 * wrong, and so is a complete list (no "and N more") without it; the window searched must be the
 * one asked, and every millisecond named inside it.
 */
function checkSeed(res, t, kind, note) {
  const from = Math.max(0, t.near - t.W);
  const to = t.near + t.W;
  const inside = t.ms >= from && t.ms <= to;
  if (inside === t.outside) res.malformed.push(`audit: the seeding millisecond is ${inside ? 'inside' : 'outside'} the window, the trial meant the opposite`);
  if (kind === 'inconsistent') {
    const m = /no millisecond in (\S+) … (\S+) \(/.exec(note);
    if (!m) res.remarks.push('no millisecond found, but the note names no range');
    else if (Date.parse(m[1]) !== from || Date.parse(m[2]) !== to) res.malformed.push(`searched ${m[1]} … ${m[2]}, asked ${iso(from)} … ${iso(to)}`);
    if (inside) res.wrong.push({ where: 'seed', i: 0, index: 0, unit: 'ms', expected: `${iso(t.ms)} (${t.ms}), inside the window`, got: 'no millisecond in the window' });
    return;
  }
  if (!['ok', 'partial', 'ambiguous'].includes(kind)) return;
  const s = seededAt(note);
  if (!s) {
    res.remarks.push('an answer that names no seeding millisecond');
    return;
  }
  if (s.from !== from || s.to !== to) res.malformed.push(`searched ${iso(s.from)} … ${iso(s.to)}, asked ${iso(from)} … ${iso(to)}`);
  for (const m of s.ms) if (m < from || m > to) res.malformed.push(`names ${iso(m)}, outside the window`);
  if (!inside) return;
  res.claimed.ms++;
  if (!s.ms.includes(t.ms) && !s.more) res.wrong.push({ where: 'seed', i: 0, index: 0, unit: 'ms', expected: `${iso(t.ms)} (${t.ms})`, got: s.ms.map(iso).join(', ') });
}

/** Seed dates: predict(…, { near, window }) on the first values after seeding; values, buckets and the millisecond named checked. */
function runNear(t) {
  const xs = truth(t);
  const text = observationText(t, xs);
  const opts = { near: t.near, ...(t.window !== undefined ? { window: t.window } : {}), ...(t.bucketOpt ? { bucket: t.n } : {}) };
  const cpu0 = process.cpuUsage();
  const observed = parseObservations(text, t.textForm === 'bare' ? { bucket: t.n } : {});
  const r = predict(t.id, observed, t.next, 0, opts);
  const cpu = process.cpuUsage(cpu0);
  const res = { ...emptyResult(r.kind, r.note), cpuMs: (cpu.user + cpu.system) / 1000 };
  // The emulator's clock seeding and @emu/recover's (the search's) must be one function.
  if (t.id.startsWith('ie@') && createEngine(t.id, { seed: t.seed }).getState()[0] !== ieStateFromMs(t.ms)) {
    res.malformed.push(`seeding: createEngine(${t.id}, { seed: ${t.seed} }) and ieStateFromMs(${t.ms}) differ`);
  }
  if (r.kind === 'ok' || r.kind === 'partial') {
    check(res, t, xs, 'next', r.next, 'full');
    if (r.previous.length) res.malformed.push(`previous: ${r.previous.length} given, none asked`);
    if (r.kind === 'partial' && t.bucketOpt && !r.buckets) res.remarks.push('partial without buckets although options.bucket was given');
    if (r.buckets) check(res, t, xs, 'next', r.buckets.next, 'bucket');
  }
  if (r.kind === 'unsupported') res.remarks.push('unsupported, though near and window are in range');
  checkSeed(res, t, r.kind, r.note);
  return { ...res, text, call: `predict(${JSON.stringify(t.id)}, …, ${t.next}, 0, ${JSON.stringify(opts)}) — seeded at ${iso(t.ms)} (${t.ms})` };
}

/** identify: the groups holding the engine's variant must not all say `cannot`. */
function runIdentify(t) {
  const xs = truth(t);
  const text = observationText(t, xs);
  const variant = createEngine(t.id, t.seed !== undefined ? { seed: t.seed } : { state: t.state }).variant;
  const opts = { ...(t.fromStart ? { fromStart: true } : {}), ...(t.bucketOpt ? { bucket: t.n } : {}) };
  const cpu0 = process.cpuUsage();
  const rows = identify(parseObservations(text), opts);
  const cpu = process.cpuUsage(cpu0);
  const mine = rows.filter((r) => r.variants.includes(variant));
  const named = rows.filter((r) => r.verdict === 'explains').map((r) => r.id);
  const kind = mine.length === 0 ? 'not tried' : mine.some((r) => r.verdict === 'explains') ? 'explains' : mine.map((r) => r.verdict).join('+');
  const res = { ...emptyResult(kind, mine.map((r) => `${r.id}: ${r.verdict}: ${r.note}`).join('; ')), cpuMs: (cpu.user + cpu.system) / 1000 };
  for (const r of rows) if (!['explains', 'cannot', 'ambiguous', 'insufficient', 'unsupported'].includes(r.verdict)) res.malformed.push(`${r.id}: verdict ${r.verdict}`);
  if (mine.length === 0) {
    res.remarks.push(`identify tries no group holding ${variant}${named.length ? `; it names ${named.join(', ')}` : ''}`);
  } else if (mine.every((r) => r.verdict === 'cannot')) {
    res.wrong.push({ where: 'identify', i: 0, index: 0, unit: 'family', expected: `${variant} (${t.id}) explains or undecided`, got: `${mine.map((r) => `${r.id}: cannot (${r.note})`).join('; ')}; explains: ${named.join(', ') || 'none'}` });
  }
  if (mine.some((r) => r.verdict === 'explains' || r.verdict === 'cannot')) res.claimed.family = 1;
  return { ...res, text, named, call: `identify(…, ${JSON.stringify(opts)}) — ${t.id} (${variant})` };
}

const windowText = (w) => pick([String(w), ...[['d', 86_400_000], ['h', 3_600_000], ['m', 60_000], ['s', 1000]].filter(([, u]) => w % u === 0 && w > 0).map(([unit, u]) => `${w / u}${unit}`)]);

/** The CLI's arguments for a trial (mixed lines hold full values, so they go without --bucket: the values print as hex). */
function cliArgs(t) {
  const bucket = t.bucketOpt && t.mode !== 'mixed';
  if (t.kind === 'uuid') {
    return ['predict', '--engine', t.id, '--uuid', ...(t.fromStart ? ['--from-start'] : []), '--next', String(t.next / UUID_CALLS), ...(t.previous ? ['--previous', String(t.previous / UUID_CALLS)] : [])];
  }
  if (t.kind === 'near') {
    return ['predict', '--engine', t.id, '--near', t.nearText, ...(t.window !== undefined ? ['--window', t.windowText] : []), ...(bucket ? ['--bucket', String(t.n)] : []), '--next', String(t.next)];
  }
  return ['predict', '--engine', t.id, ...(bucket ? ['--bucket', String(t.n)] : []), ...(t.fromStart ? ['--from-start'] : []), '--next', String(t.next), ...(t.previous ? ['--previous', String(t.previous)] : [])];
}

/** A CLI trial of a kind: UUIDs without unseen digits (the CLI reads whole UUIDs), seed dates as epoch ms or ISO 8601 and windows in units. */
function makeCliTrial(kind, id) {
  if (kind === 'uuid') return { ...makeUuidTrial(id), unseen: [], cli: true };
  if (kind === 'near') {
    const t = makeNearTrial(id);
    return { ...t, nearText: rnd() < 0.5 ? String(t.near) : iso(t.near), ...(t.window !== undefined ? { windowText: windowText(t.window) } : {}), cli: true };
  }
  return { ...makeTrial(id), cli: true };
}

/**
 * The built CLI on the trial's observations: printed values checked, and exit 0 exactly when the
 * first next value is printed (else 3); --uuid: the UUIDs printed, digit by digit; --near: the
 * millisecond named on stderr as well.
 */
function runCli(t) {
  const xs = truth(t);
  const uuids = t.kind === 'uuid' ? uuidTruth(t, xs) : undefined;
  const text = uuids ? uuidText(t, uuids.seen) : observationText(t, xs);
  const argv = cliArgs(t);
  const unit = argv.includes('--bucket') ? 'bucket' : 'full';
  const t0 = performance.now();
  const p = spawnSync(process.execPath, [CLI, ...argv], { cwd: ROOT, input: text, encoding: 'utf8', timeout: TIMEOUT_MS, killSignal: 'SIGKILL' });
  const stderr = (p.stderr ?? '').trim();
  const res = { ...emptyResult(`exit ${p.status}`, stderr), wallMs: performance.now() - t0, text, command: `node ${CLI} ${argv.join(' ')} < ${uuids ? 'uuids' : 'observations'}.txt` };
  if (p.error?.code === 'ETIMEDOUT' || p.signal) return { ...res, kind: p.error?.code === 'ETIMEDOUT' ? 'timeout' : 'crash', note: `${p.error?.message ?? ''} ${p.signal ?? ''}`.trim() };
  if (p.status !== 0 && p.status !== 3) return { ...res, kind: 'exception', note: `exit ${p.status}: ${p.error?.message ?? stderr}` };
  if (t.kind === 'near') checkSeed(res, t, p.stdout !== '' ? 'ok' : /no millisecond in/.test(stderr) ? 'inconsistent' : 'refused', stderr);
  if (p.stdout === '') {
    if (p.status === 0) res.malformed.push('exit 0 with nothing printed');
    else if (!stderr) res.malformed.push('exit 3 without a reason on stderr');
    return res;
  }
  const lines = p.stdout.split('\n');
  const back = uuids ? uuids.previous.length : t.previous;
  const ahead = uuids ? uuids.next.length : t.next;
  if (lines.length !== back + ahead + 2 || lines[back] !== '' || lines.at(-1) !== '') res.malformed.push(`printed ${lines.length - 1} lines, not ${back} previous, a blank line, ${ahead} next`);
  const next = lines.slice(back + 1, back + 1 + ahead);
  if (uuids) {
    checkUuids(res, 'previous', lines.slice(0, back), uuids.previous);
    checkUuids(res, 'next', next, uuids.next);
  } else {
    check(res, t, xs, 'previous', lines.slice(0, back), unit);
    check(res, t, xs, 'next', next, unit);
  }
  const known = next[0] !== undefined && (uuids ? next[0][0] !== '?' : next[0] !== '?');
  if ((p.status === 0) !== known) res.malformed.push(`exit ${p.status} but the first next value printed is ${next[0]}`);
  return res;
}

const failed = (r) => r.wrong.length > 0 || r.malformed.length > 0 || ['timeout', 'exception', 'crash'].includes(r.kind);

// ---------- child: runs the trials it is sent ----------
if (args.child) {
  process.on('disconnect', () => process.exit(0));
  process.on('message', (t) => {
    let out;
    try {
      out = runLibrary(t);
    } catch (e) {
      out = emptyResult('exception', String(e?.stack ?? e));
    }
    if (!failed(out) && !out.remarks.length) delete out.text;
    process.send(out);
  });
}

// ---------- --one: one logged trial again, in this process ----------
if (args.one !== undefined) {
  const parsed = JSON.parse(args.one);
  const t = parsed.trial ?? parsed;
  const r = t.cli ? runCli(t) : runLibrary(t);
  console.log(`${t.cli ? r.command : r.call}\n${t.kind === 'uuid' ? 'UUIDs' : 'observations'}:\n${r.text}`);
  console.log(`answer: ${r.kind}: ${r.note}`);
  console.log(`claimed ${r.claimed.full} full values, ${r.claimed.bucket} buckets, ${r.claimed.digit} UUID digits, ${r.claimed.ms} seed milliseconds, ${r.claimed.family} families; wrong ${r.wrong.length}`);
  for (const w of r.wrong) console.log(`  wrong ${w.where}[${w.i}] (value #${w.index}, ${w.unit}): expected ${w.expected}, got ${w.got}`);
  for (const m of r.malformed) console.log(`  malformed: ${m}`);
  for (const m of r.remarks) console.log(`  remark: ${m}`);
  if (r.cpuMs) console.log(`CPU ${r.cpuMs.toFixed(1)} ms`);
  process.exitCode = failed(r) ? 1 : 0;
}

// ---------- the run ----------
if (!args.child && args.one === undefined) {
  const minutes = Number(args.minutes);
  const cliTrials = Number(args.cli);
  if (!(minutes >= 0) || !(cliTrials >= 0) || !(TIMEOUT_MS > 0)) throw new Error('--minutes, --cli and --timeout take non-negative numbers');
  if (cliTrials > 0 && !existsSync(`${ROOT}${CLI}`)) throw new Error(`--cli needs the built CLI ${CLI}: pnpm --filter @emu/compare build`);
  const log = args['seed-log'];

  let child;
  const spawnChild = () => { child = fork(SELF, ['--child'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }); };
  /** The trial in the child; on the timeout the child is killed (and a new one started). */
  const inChild = (t) => new Promise((resolve) => {
    let done = false;
    const finish = (r, restart) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.removeAllListeners('message');
      child.removeAllListeners('exit');
      if (restart) {
        child.kill('SIGKILL');
        spawnChild();
      }
      resolve(r);
    };
    const timer = setTimeout(() => finish(emptyResult('timeout', `no answer in ${args.timeout} s`), true), TIMEOUT_MS);
    child.once('message', (r) => finish(r, false));
    child.once('exit', (code, signal) => finish(emptyResult('crash', `child exited (${code ?? signal})`), true));
    child.send(t);
  });

  const families = new Map();
  const stats = () => ({ trials: 0, full: 0, bucket: 0, digit: 0, ms: 0, family: 0, wrong: 0, kinds: {}, cpu: [], failures: [], remarks: [], wall: [] });
  const all = stats();
  const nan = { trials: 0, claimed: 0, wrong: 0 };
  const cli = stats();
  // The other recovery paths, each with its own tally (library trials, and CLI runs of --uuid / --near).
  const extra = { uuid: stats(), near: stats(), identify: stats() };
  const cliExtra = { uuid: stats(), near: stats() };
  const record = (t, r, into) => {
    into.trials++;
    for (const k of ['full', 'bucket', 'digit', 'ms', 'family']) into[k] += r.claimed[k] ?? 0;
    into.wrong += r.wrong.length;
    into.kinds[r.kind] = (into.kinds[r.kind] ?? 0) + 1;
    if (log) appendFileSync(log, JSON.stringify({ at: new Date().toISOString(), trial: t, ...r }) + '\n');
    if (r.remarks.length) into.remarks.push({ t, r });
    if (!failed(r)) return;
    into.failures.push({ t, r });
    const what = [...r.wrong.slice(0, 3).map((w) => `${w.where}[${w.i}] expected ${w.expected} got ${w.got}`), ...r.malformed].join('; ');
    console.error(`FAILED ${t.kind ? `${t.kind} ` : ''}${t.id} ${t.mode}${t.n ? ` n=${t.n}` : ''} count ${t.count}: ${r.kind}${what ? ` — ${what}` : ''}${r.kind === 'exception' ? `\n${r.note}` : ''}\n  re-run: node recover-audit.mjs --one '${JSON.stringify(t)}'`);
  };

  /**
   * The i-th trial: in --mode all (the default) each predict id once first (every family even in
   * a short run), one trial of each other kind, then weighted: 4 % UUIDs, 4 % seed dates, 3 %
   * identify, the rest predict trials (every 25th of those near a NaN refill). One --mode: its
   * engines once each first, then weighted.
   */
  const nextTrial = (i) => {
    const sweep = (list, make) => make(i < list.length ? list[i][0] : undefined);
    if (MODE === 'uuid') return sweep(UUID_ENGINES, makeUuidTrial);
    if (MODE === 'near') return sweep(NEAR_ENGINES, makeNearTrial);
    if (MODE === 'identify') return sweep(IDENTIFY_ENGINES, makeIdentifyTrial);
    if (i < ENGINES.length) return makeTrial(ENGINES[i][0]);
    if (MODE === 'all') {
      const j = i - ENGINES.length;
      if (j < 3) return [makeUuidTrial, makeNearTrial, makeIdentifyTrial][j]();
      const r = rnd();
      if (r < 0.04) return makeUuidTrial();
      if (r < 0.08) return makeNearTrial();
      if (r < 0.11) return makeIdentifyTrial();
    }
    return i % 25 === 0 ? makeNanTrial() : makeTrial();
  };

  const start = Date.now();
  const end = start + minutes * 60_000;
  const clock = () => { const s = Math.round((Date.now() - start) / 1000); return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`; };
  let lastProgress = start;
  if (minutes > 0) spawnChild();
  const allFailures = () => all.failures.length + Object.values(extra).reduce((a, x) => a + x.failures.length, 0);
  for (let i = 0; Date.now() < end; i++) {
    const t = nextTrial(i);
    const r = await inChild(t);
    const answered = r.kind !== 'timeout' && r.kind !== 'crash';
    if (t.kind) {
      record(t, r, extra[t.kind]);
      if (answered) extra[t.kind].cpu.push(r.cpuMs);
    } else {
      record(t, r, all);
      if (answered) all.cpu.push(r.cpuMs);
      const family = engineInfo(t.id).family;
      const f = families.get(family) ?? { trials: 0, kinds: {}, claimed: 0, wrong: 0, failed: 0, cpu: [] };
      families.set(family, f);
      f.trials++;
      f.kinds[r.kind] = (f.kinds[r.kind] ?? 0) + 1;
      f.claimed += r.claimed.full + r.claimed.bucket;
      f.wrong += r.wrong.length;
      f.failed += failed(r) ? 1 : 0;
      if (answered) f.cpu.push(r.cpuMs);
    }
    if (t.nan) {
      nan.trials++;
      nan.claimed += r.claimed.full + r.claimed.bucket;
      nan.wrong += r.wrong.length;
    }
    if (Date.now() - lastProgress > 30_000) {
      lastProgress = Date.now();
      const trials = all.trials + Object.values(extra).reduce((a, x) => a + x.trials, 0);
      const wrong = all.wrong + Object.values(extra).reduce((a, x) => a + x.wrong, 0);
      console.error(`[${clock()}] ${trials} trials, ${wrong} wrong, ${allFailures()} failed`);
    }
  }
  child?.kill();
  const loopTime = clock();
  // --cli N: N predict runs (--mode all also ⌈N/5⌉ --uuid and ⌈N/10⌉ --near runs); --mode uuid / near: N of those; identify: none.
  const plan = MODE === 'all'
    ? [...Array(cliTrials).fill('predict'), ...Array(Math.ceil(cliTrials / 5)).fill('uuid'), ...Array(Math.ceil(cliTrials / 10)).fill('near')]
    : MODE === 'identify' ? [] : Array(cliTrials).fill(MODE);
  for (let k = 0; k < plan.length; k++) {
    const kind = plan[k];
    const t = makeCliTrial(kind, kind === 'predict' && k < ENGINES.length && cliTrials >= ENGINES.length ? ENGINES[k][0] : undefined);
    const r = runCli(t);
    if (!failed(r)) delete r.text;
    const into = kind === 'predict' ? cli : cliExtra[kind];
    record(t, r, into);
    into.wall.push(r.wallMs);
  }

  // ---------- summary ----------
  const quantile = (list, q) => { const s = [...list].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : 0; };
  const ms = (x) => (x >= 100 ? Math.round(x).toLocaleString('en') : x.toFixed(1));
  const num = (x) => x.toLocaleString('en');
  const kinds = (k, sep = ' ') => Object.entries(k).sort((a, b) => b[1] - a[1]).map(([kind, c]) => `${kind}${sep}${num(c)}`).join(', ');
  const count = (kind) => all.kinds[kind] ?? 0;
  const cpuLine = (list) => `median ${ms(quantile(list, 0.5))} ms, p99 ${ms(quantile(list, 0.99))} ms, max ${ms(Math.max(0, ...list))} ms`;
  const failedLine = (x) => `failed trials: ${x.failures.length} (timeouts ${x.kinds.timeout ?? 0}, errors ${(x.kinds.exception ?? 0) + (x.kinds.crash ?? 0)}, malformed ${x.failures.filter(({ r }) => r.malformed.length).length})`;
  console.log(`\nrecover-audit (--mode ${MODE}): ${num(all.trials)} predict trials in ${loopTime} (m:ss), fresh random states, ${families.size} engine families`);
  if (all.trials > 0) {
    console.log(`claimed: ${num(all.full)} full values, ${num(all.bucket)} buckets — wrong: ${all.wrong}`);
    console.log(`outcomes: ${kinds(all.kinds)}`);
    console.log(`timeouts: ${count('timeout')}, errors: ${count('exception') + count('crash')}, malformed answers: ${all.failures.filter(({ r }) => r.malformed.length).length}`);
    console.log(`CPU per answered trial (parse + predict): median ${ms(quantile(all.cpu, 0.5))} ms, p99 ${ms(quantile(all.cpu, 0.99))} ms, max ${ms(Math.max(0, ...all.cpu))} ms`);
    console.log(`near a NaN-canonicalising refill (V8 5.6–7.0): ${nan.trials} trials, ${num(nan.claimed)} claimed, ${nan.wrong} wrong`);
  }
  for (const [kind, x, what] of [
    ['uuid', extra.uuid, `${num(extra.uuid.full)} full values, ${num(extra.uuid.bucket)} buckets, ${num(extra.uuid.digit)} UUID digits`],
    ['near', extra.near, `${num(extra.near.full)} full values, ${num(extra.near.bucket)} buckets, ${num(extra.near.ms)} seeding milliseconds`],
    ['identify', extra.identify, `${num(extra.identify.family)} definite verdicts on the true engine's group`],
  ]) {
    if (!x.trials) continue;
    const title = { uuid: 'UUID v4 (parseUuids + predict)', near: 'seed dates (predict near: ie@6–8, v8-libc glibc)', identify: "identify (the true engine's group: never only 'cannot')" }[kind];
    console.log(`${title}: ${num(x.trials)} trials (${kinds(x.kinds, ': ')}); claimed ${what} — wrong: ${x.wrong}; ${failedLine(x)}; CPU ${cpuLine(x.cpu)}`);
  }
  if (plan.length > 0) {
    for (const [kind, x] of Object.entries(cliExtra)) {
      if (!x.trials) continue;
      console.log(`CLI (${CLI} predict --${kind}): ${x.trials} runs (${kinds(x.kinds, ': ')}); printed ${kind === 'uuid' ? `${num(x.digit)} UUID digits` : `${num(x.full)} full values, ${num(x.bucket)} buckets, ${num(x.ms)} seeding milliseconds`} — wrong: ${x.wrong}; failed runs: ${x.failures.length}; wall median ${ms(quantile(x.wall, 0.5))} ms, max ${ms(Math.max(0, ...x.wall))} ms`);
    }
  }
  if (cli.trials > 0) {
    console.log(`CLI (${CLI} predict): ${cli.trials} runs (${kinds(cli.kinds, ': ')}); printed ${num(cli.full)} full values, ${num(cli.bucket)} buckets — wrong: ${cli.wrong}; failed runs: ${cli.failures.length}; wall median ${ms(quantile(cli.wall, 0.5))} ms, max ${ms(Math.max(0, ...cli.wall))} ms`);
  }
  if (families.size > 0) {
    const cols = ['ok', 'partial', 'ambiguous', 'insufficient', 'inconsistent', 'unsupported'];
    const heads = ['ok', 'partial', 'ambig', 'insuff', 'incons', 'unsupp'];
    console.log(`\n${'family'.padEnd(32)}${'trials'.padStart(7)}${heads.map((c) => c.padStart(9)).join('')}${'claimed'.padStart(9)}${'wrong'.padStart(6)}${'failed'.padStart(7)}${'med ms'.padStart(8)}${'max ms'.padStart(8)}`);
    for (const [family, f] of [...families].sort((a, b) => b[1].trials - a[1].trials)) {
      console.log(`${family.padEnd(32)}${String(f.trials).padStart(7)}${cols.map((c) => String(f.kinds[c] ?? 0).padStart(9)).join('')}${num(f.claimed).padStart(9)}${String(f.wrong).padStart(6)}${String(f.failed).padStart(7)}${ms(quantile(f.cpu, 0.5)).padStart(8)}${ms(Math.max(0, ...f.cpu)).padStart(8)}`);
    }
  }
  const remarks = [...all.remarks, ...cli.remarks, ...Object.values(extra).flatMap((x) => x.remarks), ...Object.values(cliExtra).flatMap((x) => x.remarks)];
  if (remarks.length) console.log(`\nremarks (not failures): ${remarks.length} trial(s)`);
  for (const { t, r } of remarks.slice(0, 3)) console.log(`  ${t.kind ? `${t.kind} ` : ''}${t.id} ${t.mode}${t.n ? ` n=${t.n}` : ''}: ${r.remarks.join('; ')} — ${r.kind}: ${r.note.slice(0, 160)}\n    --one '${JSON.stringify(t)}'`);
  const bad = allFailures() + cli.failures.length + Object.values(cliExtra).reduce((a, x) => a + x.failures.length, 0);
  console.log(bad ? `\nFAILED: ${bad} trial(s) above (wrong values, timeouts, errors or malformed answers)` : '\nOK: no wrong value, timeout, error or malformed answer');
  process.exitCode = bad ? 1 : 0;
}
