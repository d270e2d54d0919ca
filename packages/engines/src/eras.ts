/**
 * What each engine's Math.random was, version range by version range, with the source that
 * says so and what checked it. `v8@`, `chrome@`, `firefox@`/`spidermonkey@`, `safari@`/`jsc@`
 * and `chakra@` ids resolve through these tables.
 */
import type { PackageId } from './index.js';

export interface Source {
  readonly repo: string;
  readonly path: string;
  /** A commit, a revision or a bug/PR that pins the text. */
  readonly ref: string;
}

export interface Era {
  readonly family: 'v8' | 'spidermonkey' | 'jsc' | 'chakra';
  /** Version range [from, to) of the family's own numbering (V8, Firefox, Safari, ChakraCore). */
  readonly from: string;
  readonly to?: string;
  readonly dates: string;
  /** The emulator, or null when the registry records the era but emu does not emulate it. */
  readonly package: PackageId | null;
  readonly variant?: string;
  readonly flavor?: string;
  readonly algorithm: string;
  readonly precisionBits: number;
  readonly seeding: string;
  readonly cache: string;
  /** What checked this row: real binaries, the patch, source only. */
  readonly verified: string;
  readonly source: Source;
}

export const ERAS: readonly Era[] = [
  {
    family: 'v8', from: '3.11', to: '3.15', dates: '2012 … 2014', package: 'v8-2015', variant: 'v8-3.11-cpp',
    algorithm: 'MWC1616 in C++ random_base: (s0 << 14) + (s1 & 0x3FFFF), 18273/36969', precisionBits: 32,
    seeding: '--random_seed=N: both state words = N', cache: 'none (per-context state words)',
    verified: 'node 0.8.28 (V8 3.11.10), 0.10.48 (V8 3.14.5)',
    source: { repo: 'v8/v8', path: 'src/v8.cc (random_base, FillHeapNumberWithRandom)', ref: 'branch 3.14' },
  },
  {
    family: 'v8', from: '3.26', to: '4.5', dates: '2014 … 2015-07', package: 'v8-2015', variant: 'v8-3.26-js',
    algorithm: 'MWC1616 in math.js on a Uint32Array(2), 18273/36969, (r0 << 16) + (r1 & 0xFFFF), ·2^-32', precisionBits: 32,
    seeding: '8 bytes of base::RandomNumberGenerator (java.util.Random LCG seeded with N) after the isolate\'s start-up draws', cache: 'none',
    verified: 'node 0.11.14 (V8 3.26.33), 0.12.18 (V8 3.28.71)',
    source: { repo: 'v8/v8', path: 'src/math.js (MathRandom)', ref: 'natives text in the node 0.12.18 binary' },
  },
  {
    family: 'v8', from: '4.5', to: '4.7', dates: '2015-07 … 2015-10', package: 'v8-2015', variant: 'v8-4.5-js',
    algorithm: 'as 3.26 with multiplier 18030; MathRandomRaw', precisionBits: 32,
    seeding: 'as 3.26', cache: 'none',
    verified: 'node 4.0.0, 4.2.2, 4.9.1 (V8 4.5.103), 5.0.0, 5.12.0 (V8 4.6.85)',
    source: { repo: 'v8/v8', path: 'src/math.js (MathRandom, MathRandomRaw)', ref: 'natives text in the node 4.2.2 binary' },
  },
  {
    family: 'v8', from: '4.7', to: '4.9', dates: '2015-09 … 2015-11-20', package: 'v8-2015', variant: 'v8-4.7-constructdouble',
    algorithm: 'MWC1616 on four 16-bit words, %_ConstructDouble(0x3FF00000 | (r0 & 0xFFFFF), r1 & 0xFFF00000) − 1', precisionBits: 32,
    seeding: '%InitializeRNG: four uint16 from NextBytes, redrawn while any is 0', cache: 'none',
    verified: 'the "-" side of commit 623cbdc5, executed (no Node release shipped V8 4.7–4.9)',
    source: { repo: 'v8/v8', path: 'src/js/math.js', ref: '623cbdc5432713badc9fe1d605c585aabb25876c^' },
  },
  {
    family: 'v8', from: '4.9', to: '4.9.41', dates: '2015-11-20 … 2015-12', package: 'v8-patched', variant: 'v8-4.9-patched',
    algorithm: 'MWC1616, halves XORed; MathRandomRaw reads d and c swapped', precisionBits: 32,
    seeding: 'as 4.7', cache: 'none',
    verified: 'the "+" side of commit 623cbdc5, executed',
    source: { repo: 'v8/v8', path: 'src/js/math.js', ref: '623cbdc5432713badc9fe1d605c585aabb25876c' },
  },
  {
    family: 'v8', from: '4.9.41', to: '5.1', dates: '2015-12 … 2016-04', package: 'xorshift128plus', variant: 'v8-4.9-asc62', flavor: 'v8',
    algorithm: 'xorshift128+, mantissa = (s0 + s1) & (2^52 − 1)', precisionBits: 52,
    seeding: 'lazily at the first Math.random call, 16 bytes of the isolate RNG after script-dependent draws (not reproducible from N alone)',
    cache: 'Float64Array(64): slots 0–1 state, 62 values in generation order',
    verified: 'node 6.0.0, 6.1.0, 6.2.0 (V8 5.0.71): state recovered from the values, all values bit-exact',
    source: { repo: 'v8/v8', path: 'src/js/math.js + src/runtime/runtime-maths.cc', ref: 'natives text in the node 6.0.0 binary; V8 blog 2015-12-17 (4.9.41)' },
  },
  {
    family: 'v8', from: '5.1', to: '6.0', dates: '2016-04 … 2017-06', package: 'xorshift128plus', variant: 'v8-5.1-desc62', flavor: 'v8',
    algorithm: 'xorshift128+, mantissa = (s0 + s1) & (2^52 − 1)', precisionBits: 52,
    seeding: 'lazily, as 4.9.41 (not reproducible from N alone)', cache: '62 values per refill handed out from the end',
    verified: 'node 6.17.1 (5.1.281), 7.0.0 (5.4.500), 7.10.1 (5.5.372), 8.0.0, 8.2.1 (5.8.283): state recovered, all values bit-exact',
    source: { repo: 'v8/v8', path: 'src/js/math.js (MathRandom: i[--h])', ref: 'natives text in the node 6.17.1 binary' },
  },
  {
    family: 'v8', from: '6.0', to: '7.1', dates: '2017-06 … 2018-10', package: 'xorshift128plus', variant: 'v8-6.0-seeded62', flavor: 'v8',
    algorithm: 'xorshift128+, mantissa = (s0 + s1) & (2^52 − 1); state stored as doubles, NaN patterns canonicalised (bug 8212)', precisionBits: 52,
    seeding: '--random_seed=N: state0 = state1 = N', cache: 'FixedDoubleArray(64): 62 values from the end, state in slots 62–63',
    verified: 'node 8.3.0 (6.0.286), 8.17.0 (6.2.414), 9.0.0, 10.24.1 (6.8.275), 11.15.0 (7.0.276)',
    source: { repo: 'nodejs/node', path: 'deps/v8/src/runtime/runtime-maths.cc (Runtime_GenerateRandomNumbers)', ref: '0569e1f9b89c85339ab63d71e519018227ddb225' },
  },
  {
    family: 'v8', from: '7.1', to: '13.5', dates: '2018-10 … 2025', package: 'xorshift128plus', variant: 'v8-7.1-s0', flavor: 'v8',
    algorithm: 'xorshift128, mantissa = s0 >> 12', precisionBits: 52,
    seeding: 's0 = MurmurHash3(N), s1 = MurmurHash3(~N)', cache: '64 values from the end',
    verified: 'node 12.22.12 (7.8), 20.20.2 (11.3), 22.23.5 (12.4), 23.11.1 (12.9)',
    source: { repo: 'v8/v8', path: 'src/numbers/math-random.cc; src/base/utils/random-number-generator.h', ref: 'ac66c97cfddc1e9fd89b494950ecf8a1a260bc80 (ToDouble(state0))' },
  },
  {
    family: 'v8', from: '13.5', to: '14.4', dates: '2025', package: 'xorshift128plus', variant: 'v8-13.5-s0-53', flavor: 'v8',
    algorithm: 'xorshift128, double = (s0 >> 11) · 2^-53', precisionBits: 53,
    seeding: 'MurmurHash3 as 7.1', cache: '64 values from the end',
    verified: 'node 24.0.0, 24.22.3 (13.6), 25.9.0 (14.1)',
    source: { repo: 'v8/v8', path: 'src/base/utils/random-number-generator.h (ToDouble)', ref: 'V8 13.5' },
  },
  {
    family: 'v8', from: '14.4', dates: '2025 …', package: 'xorshift128plus', variant: 'v8-14.4-sum-53', flavor: 'v8',
    algorithm: 'xorshift128+, double = ((s0 + s1) >> 11) · 2^-53', precisionBits: 53,
    seeding: 'MurmurHash3 as 7.1', cache: '64 values from the end',
    verified: 'node 26.0.0, 26.12.1 (14.6)',
    source: { repo: 'v8/v8', path: 'src/base/utils/random-number-generator.h (ToDouble)', ref: 'V8 14.4' },
  },
  {
    family: 'spidermonkey', from: '1', to: '45', dates: '… 2016-03', package: 'firefox-lcg', variant: 'spidermonkey-lcg',
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
    family: 'jsc', from: '1', to: '9.1', dates: '… 2016-03', package: 'webkit-gamerand', variant: 'jsc-gamerand',
    algorithm: 'GameRand: high = rotl16(high) + low; low += high; double = high / 2^32', precisionBits: 32,
    seeding: 'WeakRandom(seed): low = seed ^ 0x49616E42, high = seed (seed from cryptographicallyRandomNumber)', cache: 'none',
    verified: 'source read (no GameRand-era JSC is installable); BigInt transcription test',
    source: { repo: 'WebKit/WebKit', path: 'Source/WTF/wtf/WeakRandom.h', ref: 'before r192855 (bug 151641)' },
  },
  {
    family: 'jsc', from: '9.1', dates: '2016-03 …', package: 'xorshift128plus', variant: 'jsc', flavor: 'jsc',
    algorithm: 'xorshift128+, double = ((s0 + s1) & (2^53 − 1)) / 2^53', precisionBits: 53,
    seeding: 'WeakRandom::setSeed(seed): low = high = seed (0 → 1), one advance', cache: 'none',
    verified: 'source read; Safari 9.1 as the first release is inferred from the landing date (2015-11-30), not checked',
    source: { repo: 'WebKit/WebKit', path: 'Source/WTF/wtf/WeakRandom.h', ref: 'r192855 (bug 151641) and later' },
  },
  {
    family: 'chakra', from: '0', to: '1.2', dates: '… 2016-01', package: null,
    algorithm: 'an LCG (per ChakraCore issue #31); IE 11 / Edge results matched Firefox\'s in TestU01', precisionBits: 0,
    seeding: 'unknown', cache: 'none',
    verified: 'not emulated: the generator\'s constants are not in the sources read here; the version boundary is approximate (the release after PR #145)',
    source: { repo: 'chakra-core/ChakraCore', path: 'lib/Runtime/Library/JavascriptMath.cpp', ref: 'issue #31 (2016-01-07)' },
  },
  {
    family: 'chakra', from: '1.2', dates: '2016-01 …', package: null,
    algorithm: 'xorshift128+ (ChakraCore PR #145, merged 2016-01)', precisionBits: 0,
    seeding: 'rand_s, with override switches', cache: 'none',
    verified: 'not emulated: output mapping not checked',
    source: { repo: 'chakra-core/ChakraCore', path: 'lib/Runtime/Library/JavascriptMath.cpp', ref: 'PR #145 (2016-01-19)' },
  },
];
