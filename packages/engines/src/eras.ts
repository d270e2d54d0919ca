/**
 * What each engine's Math.random was, version range by version range, with the source that
 * says so and what checked it. `v8@`, `chrome@`, `firefox@`/`spidermonkey@`, `safari@`/`jsc@`
 * and `chakra@` ids resolve through these tables.
 */
import type { Flavor, PackageId, VariantId } from './index.js';
import { HISTORY_ERAS } from './history.js';
import { compareVersions, parseVersion } from './versions.js';

/** Where an era's description comes from: a file of a repository, pinned by a commit, revision or bug. */
export interface Source {
  readonly repo: string;
  readonly path: string;
  /** A commit, a revision or a bug/PR that pins the text. */
  readonly ref: string;
}

/** One version range of one engine family: its Math.random's algorithm, precision, seeding and cache, the emulator (if any), and what checked it. */
export interface Era {
  readonly family: 'v8' | 'spidermonkey' | 'jsc' | 'chakra' | 'ie' | 'edge' | 'netscape' | 'opera' | 'hermes' | 'quickjs' | 'rhino';
  /** Version range [from, to) of the family's own numbering (V8, Firefox, Safari, ChakraCore). */
  readonly from: string;
  readonly to?: string;
  readonly dates: string;
  /** The emulator, or null when the registry records the era but emu does not emulate it. */
  readonly package: PackageId | null;
  readonly variant?: VariantId;
  readonly flavor?: Flavor;
  readonly algorithm: string;
  readonly precisionBits: number;
  readonly seeding: string;
  readonly cache: string;
  /** Set when the engine could not be seeded from outside (OS entropy): createEngine refuses { seed } with this reason. */
  readonly seedRefused?: string;
  /** What checked this row: real binaries, the patch, source only. */
  readonly verified: string;
  readonly source: Source;
}

const BASE_ERAS: readonly Era[] = [
  {
    family: 'v8', from: '3.11', to: '3.15', dates: '2012 … 2014', package: 'v8-2015', variant: 'v8-3.11-cpp',
    algorithm: 'MWC1616 in C++ random_base: (s0 << 14) + (s1 & 0x3FFFF), 18273/36969', precisionBits: 32,
    seeding: '--random_seed=N: both state words = N', cache: 'none (per-context state words)',
    verified: 'node 0.8.28 (V8 3.11.10), 0.10.48 (V8 3.14.5)',
    source: { repo: 'v8/v8', path: 'src/v8.cc (random_base, FillHeapNumberWithRandom)', ref: 'branch 3.14' },
  },
  {
    family: 'v8', from: '3.26', to: '3.30', dates: '2014 … 2014-10', package: 'v8-2015', variant: 'v8-3.26-js',
    algorithm: 'MWC1616 in math.js on a Uint32Array(2), 18273/36969, (r0 << 16) + (r1 & 0xFFFF), ·2^-32', precisionBits: 32,
    seeding: '8 bytes of base::RandomNumberGenerator (java.util.Random LCG seeded with N) after the isolate\'s start-up draws', cache: 'none',
    verified: 'node 0.11.14 (V8 3.26.33), 0.12.18 (V8 3.28.71)',
    source: { repo: 'v8/v8', path: 'src/math.js (MathRandom)', ref: 'natives text in the node 0.12.18 binary' },
  },
  {
    family: 'v8', from: '3.30', to: '4.8', dates: '2014-10 … 2015-11', package: 'v8-2015', variant: 'v8-3.30-js',
    algorithm: 'as 3.26 with multiplier 18030 (8325bfbf, 2014-10-20); MathRandomRaw', precisionBits: 32,
    seeding: 'as 3.26 (the bootstrapper redraws while a word is 0)', cache: 'none',
    verified: 'node 4.0.0, 4.2.2, 4.4.7, 4.9.1 (V8 4.5.103), 5.0.0, 5.5.0, 5.10.0, 5.12.0 (V8 4.6.85); 3.30–4.4 from source',
    source: { repo: 'v8/v8', path: 'src/math.js (MathRandom, MathRandomRaw)', ref: '8325bfbf (18273 → 18030); natives text in the node 4.2.2 binary' },
  },
  {
    family: 'v8', from: '4.8', to: '4.9', dates: '2015-11-02 … 2015-11-19', package: 'v8-2015', variant: 'v8-4.8-constructdouble',
    algorithm: 'MWC1616 on four 16-bit words, %_ConstructDouble(0x3FF00000 | (r0 & 0xFFFFF), r1 & 0xFFF00000) − 1', precisionBits: 32,
    seeding: '%InitializeRNG: four uint16 from NextBytes, redrawn while any is 0', cache: 'none',
    verified: 'the "-" side of commit 623cbdc5, executed (no Node release shipped V8 4.8–4.9); Chrome 48 shipping it is inferred',
    source: { repo: 'v8/v8', path: 'src/js/math.js, src/runtime/runtime-maths.cc (Runtime_InitializeRNG)', ref: '5f4611bc (2015-11-02) … 623cbdc5432713badc9fe1d605c585aabb25876c^' },
  },
  {
    family: 'v8', from: '4.9', to: '4.9.41', dates: '2015-11-19 … 2015-11-24', package: 'v8-patched', variant: 'v8-4.9-patched',
    algorithm: 'MWC1616, halves XORed; MathRandomRaw reads d and c swapped', precisionBits: 32,
    seeding: 'as 4.7', cache: 'none',
    verified: 'the "+" side of commit 623cbdc5, executed; lived five days on V8 trunk (4.9 development builds; the 4.9.x build-number boundaries are approximate)',
    source: { repo: 'v8/v8', path: 'src/js/math.js', ref: '623cbdc5432713badc9fe1d605c585aabb25876c' },
  },
  {
    family: 'v8', from: '4.9.41', to: '5.1', dates: '2015-11-24 … 2016-03', package: 'xorshift128plus', variant: 'v8-4.9-asc62', flavor: 'v8',
    algorithm: 'xorshift128+, mantissa = (s0 + s1) & (2^52 − 1)', precisionBits: 52,
    seeding: 'lazily at the first Math.random call: 16 bytes of the isolate RNG (xorshift128+, state0 = Murmur(N), state1 = Murmur(state0)) after start-up draws that depend slightly on the script',
    cache: 'Float64Array(64): slots 0–1 state, 62 values in generation order',
    verified: 'node 6.0.0, 6.1.0, 6.2.0, 6.2.2, 6.3.0 (V8 5.0.71)',
    source: { repo: 'v8/v8', path: 'src/js/math.js, src/runtime/runtime-maths.cc, src/base/utils/random-number-generator.cc', ref: '085fed0fb5c3b0136827b5d7c190b4bd1c23a23e (2015-11-24)' },
  },
  {
    family: 'v8', from: '5.1', to: '5.3', dates: '2016-03 … 2016-06', package: 'xorshift128plus', variant: 'v8-5.1-desc62', flavor: 'v8',
    algorithm: 'xorshift128+, mantissa = (s0 + s1) & (2^52 − 1)', precisionBits: 52,
    seeding: 'lazily, as 4.9.41', cache: '62 values per refill handed out from the end',
    verified: 'node 6.9.0, 6.17.1 (V8 5.1.281)',
    source: { repo: 'v8/v8', path: 'src/js/math.js (MathRandom: i[--h])', ref: '4513e077 (2016-03-16)' },
  },
  {
    family: 'v8', from: '5.3', to: '5.6', dates: '2016-06 … 2016-10', package: 'xorshift128plus', variant: 'v8-5.3-desc62', flavor: 'v8',
    algorithm: 'xorshift128+, mantissa = (s0 + s1) & (2^52 − 1)', precisionBits: 52,
    seeding: 'lazily; the isolate RNG now seeds state1 = Murmur(~state0)', cache: '62 values from the end',
    verified: 'node 7.0.0 (V8 5.4.500), 7.10.1 (V8 5.5.372)',
    source: { repo: 'v8/v8', path: 'src/base/utils/random-number-generator.cc (SetSeed)', ref: 'd75baead (2016-06-06)' },
  },
  {
    family: 'v8', from: '5.6', to: '5.9', dates: '2016-10 … 2017-03', package: 'xorshift128plus', variant: 'v8-5.6-lazy62', flavor: 'v8',
    algorithm: 'xorshift128+, mantissa = (s0 + s1) & (2^52 − 1); state stored as doubles, NaN patterns canonicalised (bug 8212)', precisionBits: 52,
    seeding: 'lazily, as 5.3', cache: 'native context FixedDoubleArray(64): values 0–61 from 61 down, state in 62–63',
    verified: 'node 8.0.0, 8.2.1 (V8 5.8.283)',
    source: { repo: 'v8/v8', path: 'src/runtime/runtime-maths.cc (Runtime_GenerateRandomNumbers)', ref: '0d8e5212 (2016-10-10)' },
  },
  {
    family: 'v8', from: '5.9', to: '7.1', dates: '2017-03 … 2018-10', package: 'xorshift128plus', variant: 'v8-5.9-seeded62', flavor: 'v8',
    algorithm: 'xorshift128+, mantissa = (s0 + s1) & (2^52 − 1); state stored as doubles, NaN patterns canonicalised (bug 8212)', precisionBits: 52,
    seeding: '--random_seed=N: state0 = state1 = N', cache: 'FixedDoubleArray(64): 62 values from the end, state in slots 62–63',
    verified: 'node 8.3.0 (6.0.286), 8.17.0 (6.2.414), 9.0.0, 9.11.2, 10.0.0, 10.24.1 (6.8.275), 11.0.0, 11.15.0 (7.0.276); Chromium 69.0.3494.0 (V8 6.9.409) from npm',
    source: { repo: 'v8/v8', path: 'src/runtime/runtime-maths.cc (Runtime_GenerateRandomNumbers)', ref: '9b152fda (2017-03-23); nodejs/node 0569e1f9 deps/v8' },
  },
  {
    family: 'v8', from: '7.1', to: '7.2', dates: '2018-10 … 2018-12', package: 'xorshift128plus', variant: 'v8-7.1-s0-flagseed', flavor: 'v8',
    algorithm: 'xorshift128, mantissa = s0 >> 12', precisionBits: 52,
    seeding: '--random_seed=N: state0 = state1 = N (as 5.9)', cache: '64 values from the end',
    verified: 'Chromium 71.0.3563.0 (V8 7.1.180, chrome-aws-lambda@1.9.1), --js-flags=--random-seed=N; bracketed by Chromium 69 (V8 6.9.409: 5.9 era) and 72.0.3617.0 (V8 7.2.391: MurmurHash3 seeding). The stable Chrome 71 (7.1.302) is inferred from the 7.1.180 dev build',
    source: { repo: 'v8/v8', path: 'src/numbers/math-random.cc (RefillCache)', ref: 'ac66c97cfddc1e9fd89b494950ecf8a1a260bc80 (ToDouble(state0)); the MurmurHash3 seeding commit, between 7.1.180 and 7.2.391, not identified' },
  },
  {
    family: 'v8', from: '7.2', to: '13.5', dates: '2018-12 … 2025', package: 'xorshift128plus', variant: 'v8-7.1-s0', flavor: 'v8',
    algorithm: 'xorshift128, mantissa = s0 >> 12', precisionBits: 52,
    seeding: 's0 = MurmurHash3(N), s1 = MurmurHash3(~N)', cache: '64 values from the end',
    verified: 'node 12.22.12 (7.8), 20.20.2 (11.3), 22.23.5 (12.4), 23.11.1 (12.9); Chromium builds from npm (see embedder-releases.json), deno 2.1.0 (13.0), 2.2.0 (13.4)',
    source: { repo: 'v8/v8', path: 'src/numbers/math-random.cc; src/base/utils/random-number-generator.h', ref: 'ac66c97cfddc1e9fd89b494950ecf8a1a260bc80 (ToDouble(state0))' },
  },
  {
    family: 'v8', from: '13.5', to: '14.4', dates: '2025', package: 'xorshift128plus', variant: 'v8-13.5-s0-53', flavor: 'v8',
    algorithm: 'xorshift128, double = (s0 >> 11) · 2^-53', precisionBits: 53,
    seeding: 'MurmurHash3 as 7.1', cache: '64 values from the end',
    verified: 'node 24.0.0, 24.22.3 (13.6), 25.9.0 (14.1); deno 2.4.0 (13.7), 2.5.0 (14.0), 2.6.0 (14.2); Chromium 143 (14.3.127) from npm',
    source: { repo: 'v8/v8', path: 'src/base/utils/random-number-generator.h (ToDouble)', ref: 'V8 13.5' },
  },
  {
    family: 'v8', from: '14.4', to: '15.0', dates: '2025 … 2026', package: 'xorshift128plus', variant: 'v8-14.4-sum-53', flavor: 'v8',
    algorithm: 'xorshift128+, double = ((s0 + s1) >> 11) · 2^-53', precisionBits: 53,
    seeding: 'MurmurHash3 as 7.1', cache: '64 values from the end',
    verified: 'node 26.0.0, 26.12.1 (14.6); Chromium 147 (14.7.173), 148 (14.8.178), 149 (14.9.207) from npm; deno 2.7.1 (14.5), 2.8.0 and 2.9.0 (14.9); the start bracketed by Chromium 143 (14.3.127) / deno 2.6.0 (14.2) before and deno 2.7.1 after',
    source: { repo: 'v8/v8', path: 'src/base/utils/random-number-generator.h (ToDouble)', ref: 'V8 14.4' },
  },
  {
    family: 'v8', from: '15.0', dates: '2026', package: 'xorshift128plus', variant: 'v8-15.6-sum-53-asc', flavor: 'v8',
    algorithm: 'xorshift128+, double = ((s0 + s1) >> 11) · 2^-53, as 14.4', precisionBits: 53,
    seeding: 'MurmurHash3 as 7.1', cache: '64 values handed out in generation order',
    verified: 'deno 2.9.6 (V8 15.0.245), Chromium 152 (15.2.124) and 153 (15.3.76) from npm, Debian Chromium 156.0.8078.114, all with --random-seed=N; unseeded by state recovery. The start is bracketed by V8 14.9.207 (Chromium 149, deno 2.9.0: from the end) and 15.0.245 (deno 2.9.6); the variant keeps the name of the build it was first seen in',
    source: { repo: 'v8/v8', path: 'src/numbers/math-random.cc (RefillCache)', ref: 'observed in the binaries above; commit not identified (between 14.9.207 and 15.0.245)' },
  },
  {
    family: 'spidermonkey', from: '3.5', to: '45', dates: '… 2016-03', package: 'firefox-lcg', variant: 'spidermonkey-lcg',
    algorithm: 'java.util.Random LCG, double = (next(26)·2^27 + next(27)) / 2^53', precisionBits: 53,
    seeding: 'random_initState: 64 bits of /dev/urandom ^ fd (low word) ^ PRMJ_Now (high word); seed ^= seed >> 16', cache: 'none',
    verified: 'java.util.Random (JDK 17): 200 nextDouble() per seed; source read',
    source: { repo: 'mozilla/gecko-dev', path: 'js/src/jsmath.cpp (random_initState, random_next, random_nextDouble)', ref: 'before bug 322529' },
  },
  {
    family: 'spidermonkey', from: '45', dates: '2016-03 …', package: 'xorshift128plus', variant: 'spidermonkey', flavor: 'spidermonkey',
    algorithm: 'xorshift128+, double = ((s0 + s1) & (2^53 − 1)) / 2^53', precisionBits: 53,
    seeding: 'OS entropy (no deterministic seed)', cache: 'none',
    verified: 'source read; recovery round-trip tests',
    source: { repo: 'mozilla/gecko-dev', path: 'mfbt/XorShift128PlusRNG.h', ref: 'bug 322529 (landed 2015-12, Firefox 45)' },
  },
  {
    family: 'jsc', from: '5.1', to: '10', dates: '… 2016-09', package: 'webkit-gamerand', variant: 'jsc-gamerand',
    algorithm: 'GameRand: high = rotl16(high) + low; low += high; double = high / 2^32', precisionBits: 32,
    seeding: 'WeakRandom(seed): low = seed ^ 0x49616E42, high = seed (seed from cryptographicallyRandomNumber)', cache: 'none',
    verified: 'source read: the same runtime/WeakRandom.h in every JavaScriptCore tag 7600.1.4.9 … 7601.7.2 (Safari 8 – 9.1.x); no GameRand-era JSC is installable here',
    source: { repo: 'apple-opensource/JavaScriptCore', path: 'runtime/WeakRandom.h, runtime/JSGlobalObject.cpp', ref: 'JavaScriptCore-7601.7.2' },
  },
  {
    family: 'jsc', from: '10', dates: '2016-09 …', package: 'xorshift128plus', variant: 'jsc', flavor: 'jsc',
    algorithm: 'xorshift128+, double = ((s0 + s1) & (2^53 − 1)) / 2^53', precisionBits: 53,
    seeding: 'WeakRandom::setSeed(seed): low = high = seed (0 → 1), one advance', cache: 'none',
    verified: 'source read (WTF-7602.1.50 = Safari 10 is the first tag with it); seeding from a 32-bit seed measured on Debian jsc (WebKitGTK 2.50.6, --forcedWeakRandomSeed=N: tooling/conformance/fixtures/jsc-webkitgtk-2.50.json; jsc@2.50 / webkitgtk@2.12+ resolve here) and Bun 1.3.6 … 1.4.5 (forced seed, 200 values × 3 seeds). Before WebKit PR #51077 (2025-09) the JIT thunk shifted arithmetically: variant jsc-jit-sar, measured on Bun 0.6.0 … 1.3.5 (bun@ ids pick it); Safari builds of that period would need it too when JIT-compiled',
    source: { repo: 'apple-opensource/WTF', path: 'wtf/WeakRandom.h', ref: 'WTF-7602.1.50; WebKit bug 151641 (trunk r192855, 2015-11-30)' },
  },
  {
    family: 'chakra', from: '0', to: '1.2', dates: '… 2016-01', package: 'jscript-lcg', variant: 'chakra-lcg',
    algorithm: 'java.util.Random 48-bit LCG; double = (next(27) + next(27) / 2^27) / 2^27', precisionBits: 54,
    seeding: 'QueryPerformanceCounter mixed with entropy, one seed per script context', cache: 'none',
    verified: 'source only (ChakraCore initial commit 5d840674; @emu/jscript-lcg, LCG core checked against the JDK); the version boundary is approximate',
    source: { repo: 'chakra-core/ChakraCore', path: 'lib/Runtime/Math/JavascriptMath.cpp', ref: '5d8406741f8c60e7bf0a06e4fb71a5cf7a6458dc (2016-01-05)' },
  },
  {
    family: 'chakra', from: '1.2', dates: '2016-01 …', package: 'xorshift128plus', variant: 'chakra', flavor: 'chakra',
    algorithm: 'xorshift128+, double = bits(0x3FF | ((s0 + s1) & (2^52 − 1))) − 1, no cache', precisionBits: 52,
    seeding: 'four rand_s calls (no zero-state retry)', cache: 'none',
    verified: 'source read; first Edge release with it not confirmed (probably EdgeHTML 14)',
    source: { repo: 'chakra-core/ChakraCore', path: 'lib/Runtime/Math/JavascriptMath.cpp', ref: 'dbda0182dc0a983dfb37d90c05000e79b6fc75b0 (2016-01-21, PR #145)' },
  },
];

const FAMILY_ORDER: readonly Era['family'][] = ['v8', 'spidermonkey', 'netscape', 'jsc', 'chakra', 'ie', 'edge', 'opera', 'hermes', 'quickjs', 'rhino'];

/** Every era, grouped by family and ordered by version. */
export const ERAS: readonly Era[] = [...BASE_ERAS, ...HISTORY_ERAS].sort(
  (a, b) => FAMILY_ORDER.indexOf(a.family) - FAMILY_ORDER.indexOf(b.family) || compareVersions(parseVersion(a.from)!, parseVersion(b.from)!),
);
