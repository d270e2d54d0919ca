/**
 * Historical engines: V8 before 3.11 (Chrome 1–28), Internet Explorer and legacy Edge, Netscape and
 * Firefox 1–3, Safari before GameRand, Presto Opera, and the small embeddable engines (Hermes,
 * QuickJS, Rhino). Each era names its source (repository, path, commit) and what verified it.
 */
import type { Era } from './eras.js';

const V8_HISTORY = 'v8/v8 (svn history, read in the v8mips/v8mips mirror)';

/** The historical eras (V8 before 3.11, IE/Edge, Netscape, Firefox 1–3, Safari before GameRand, Opera, Hermes, QuickJS, Rhino), merged into the registry's era table. */
export const HISTORY_ERAS: readonly Era[] = [
  // ---- V8 before 3.11 and between 3.15 and 3.26 ---------------------------------------------------
  {
    family: 'v8', from: '0.1', to: '1.2.8', dates: '2008-07 … 2009-06-15', package: 'v8-libc', variant: 'v8-0.1-msvcrt',
    algorithm: 'host libc random() twice: (hi + lo / (RAND_MAX + 1)) / (RAND_MAX + 1), lo first; Windows (every Chrome of the era): MSVCRT rand(), 30 bits; Linux: glibc random(), 53 bits (package v8-libc, variant v8-0.1-glibc)', precisionBits: 30,
    seeding: 'OS::Setup: srand/srandom((unsigned) epoch milliseconds) once per process; other rand() users in the process share the stream', cache: 'none',
    verified: 'source only for V8 itself (no V8 ≤ 1.2.7 binary runs here); the glibc variant is checked against the real glibc 2.36 random() driven by V8\'s expression (tooling/conformance/fixtures/glibc-random.json); MSVCRT (Chrome 1–2) from source',
    source: { repo: V8_HISTORY, path: 'src/runtime.cc (Runtime_Math_random), src/platform-win32.cc, src/platform-linux.cc (OS::Setup)', ref: 'aa176ce815355f5c7e9d4b91e8f5627f12e7109b^' },
  },
  {
    family: 'v8', from: '1.2.8', to: '2.1.9', dates: '2009-06-15 … 2010-03-24', package: 'v8-mwc-cpp', variant: 'v8-1.2.8-smi30',
    algorithm: 'MWC hi·36969 / lo·18273, V8::Random() = (hi << 16) + (lo & 0xFFFF); Math.random() = (V8::Random() & 0x3FFFFFFF) / 2^30 (32-bit Smi)', precisionBits: 30,
    seeding: 'lazily: a zero word becomes libc random() (no --random_seed flag yet); one state per process, shared with API identity hashes', cache: 'none',
    seedRefused: 'V8 before 2.1.9 had no --random_seed flag: its MWC words came from libc random(); give { state } ([hi, lo])',
    verified: 'source only (BigInt transcription of src/v8.cc in the tests)',
    source: { repo: V8_HISTORY, path: 'src/v8.cc (V8::Random, RandomPositiveSmi), src/math.js (MathRandom)', ref: 'aa176ce815355f5c7e9d4b91e8f5627f12e7109b (r2159)' },
  },
  {
    family: 'v8', from: '2.1.9', to: '2.2.2', dates: '2010-03-24 … 2010-04-07', package: 'v8-mwc-cpp', variant: 'v8-1.2.8-smi30',
    algorithm: 'MWC hi·36969 / lo·18273, V8::Random() = (hi << 16) + (lo & 0xFFFF); Math.random() = (V8::Random() & 0x3FFFFFFF) / 2^30 (32-bit Smi)', precisionBits: 30,
    seeding: 'lazily: a zero word becomes --random_seed=N (flag added in 2.1.9) or libc random(); one state per process', cache: 'none',
    verified: 'source only (BigInt transcription of src/v8.cc in the tests)',
    source: { repo: V8_HISTORY, path: 'src/v8.cc (random_seed, V8::Random)', ref: 'fd284bedb2bec99890e522b81d22b0657aad00af (2.1.9: --random_seed)' },
  },
  {
    family: 'v8', from: '2.2.2', to: '3.4.9', dates: '2010-04-07 … 2011-07-04', package: 'v8-mwc-cpp', variant: 'v8-2.2-cpp32',
    algorithm: 'the same MWC, all 32 bits: FillHeapNumberWithRandom (1.0 | r << 20) − 1.0 = r / 2^32', precisionBits: 32,
    seeding: 'as 1.2.8; per Isolate from 3.2.4 (29a64c40c2f2)', cache: 'none',
    verified: 'source only (BigInt transcription tests); 3.4.9 trunk carried four XORed MWCs for four days (860d574cb, not emulated)',
    source: { repo: V8_HISTORY, path: 'src/v8.cc (FillHeapNumberWithRandom), src/math.js', ref: 'b72b13798be06654a83bcf3881ca7f55c88052e9 (r4354)' },
  },
  {
    family: 'v8', from: '3.4.9', to: '3.11', dates: '2011-07-04 … 2012-04', package: 'v8-2015', variant: 'v8-3.11-cpp',
    algorithm: 'random_base: (s0 << 14) + (s1 & 0x3FFFF), s0·18273, s1·36969, / 2^32 (as 3.11)', precisionBits: 32,
    seeding: 'seed_random: --random_seed=N sets both words, else the entropy source or libc random(); per Isolate, per native context from 3.7.1 (28cd67f8b)', cache: 'none',
    verified: 'source only; the same random_base as 3.11–3.14, which real node 0.8 and 0.10 binaries verified',
    source: { repo: V8_HISTORY, path: 'src/v8.cc (random_base, seed_random)', ref: 'd556cf9b544835158717a49bc2c72bd5da0426fd' },
  },
  {
    family: 'v8', from: '3.15', to: '3.21.13', dates: '2012-11 … 2013-09-10', package: 'v8-2015', variant: 'v8-3.11-cpp',
    algorithm: 'random_base as 3.11: (s0 << 14) + (s1 & 0x3FFFF), / 2^32', precisionBits: 32,
    seeding: 'as 3.11 (--random_seed=N sets both words of each context)', cache: 'none',
    verified: 'source only (no change to random_base between 3.14 and bb48e529f); 3.14 verified by the real node 0.10.48',
    source: { repo: V8_HISTORY, path: 'src/v8.cc (random_base)', ref: 'ead54c9a7 … bb48e529f2a4e1084d82b7009374d29af3b7006c^' },
  },
  {
    family: 'v8', from: '3.21.13', to: '3.23.11', dates: '2013-09-10 … 2013-11-22', package: 'v8-mwc-cpp', variant: 'v8-3.21-cpp',
    algorithm: 'random_base as 3.11, the context\'s words drawn from the isolate RandomNumberGenerator at bootstrap', precisionBits: 32,
    seeding: 'Genesis: two words from the isolate RNG (48-bit LCG seeded by --random_seed, entropy or /dev/urandom); state only', cache: 'none',
    verified: 'source only',
    source: { repo: V8_HISTORY, path: 'src/v8.cc, src/bootstrapper.cc', ref: 'bb48e529f2a4e1084d82b7009374d29af3b7006c (3.21.13)' },
  },
  {
    family: 'v8', from: '3.23.11', to: '3.26', dates: '2013-11-22 … 2014-04', package: 'v8-2015', variant: 'v8-3.26-js',
    algorithm: 'MathRandom in JavaScript on a Uint32Array rngstate, 18273/36969, (r0 << 16) + (r1 & 0xFFFF), ·2^-32 (as 3.26)', precisionBits: 32,
    seeding: 'as 3.26: the bootstrapper fills rngstate from the isolate RNG', cache: 'none',
    verified: 'source only (the math.js of 31635debd equals 3.26\'s, which real node 0.11.14 verified); start-up draw counts not measured for these versions',
    source: { repo: V8_HISTORY, path: 'src/math.js (MathRandom), src/bootstrapper.cc', ref: '31635debdb71e9c6d13d1dc1653361ff30eca0a9 (3.23.11)' },
  },

  // ---- Internet Explorer and legacy Edge ------------------------------------------------------------
  {
    family: 'ie', from: '6', to: '9', dates: '2001 … 2011', package: 'jscript-lcg', variant: 'jscript-lcg',
    algorithm: 'java.util.Random LCG, two steps per call; ((sn >> 21) + (seed >> 21) / 2^27) / 2^27, one rounding (as Chakra)', precisionBits: 54,
    seeding: 'per issue 12: the UTC millisecond clock through Chakra\'s byte/bit shuffle (create({ seed: clock }) applies the shuffle; countersForState finds the clock reading near a date) — unverified: JScript\'s source is not public',
    cache: 'none',
    verified: 'source only: the generator from ChakraCore; JScript itself unverified (closed source); no IE capture found',
    source: { repo: 'chakra-core/ChakraCore', path: 'lib/Runtime/Math/JavascriptMath.cpp (JavascriptMath::Random)', ref: '5d8406741f8c60e7bf0a06e4fb71a5cf7a6458dc (generator); JScript: no public source' },
  },
  {
    family: 'ie', from: '9', to: '12', dates: '2011-03 … 2013', package: 'jscript-lcg', variant: 'chakra-lcg',
    algorithm: 'java.util.Random LCG, two steps per call; ((sn >> 21) + (seed >> 21) / 2^27) / 2^27, one rounding, never 1.0', precisionBits: 54,
    seeding: 'per script context at the first call: shuffled QueryPerformanceCounter ^ the thread entropy accumulator: state only',
    cache: 'none',
    verified: 'source only (ChakraCore = Chakra as of 2016); its LCG core checked against the JDK (fixtures/jdk-next27.json); no IE capture found',
    source: { repo: 'chakra-core/ChakraCore', path: 'lib/Runtime/Math/JavascriptMath.cpp (JavascriptMath::Random)', ref: '5d8406741f8c60e7bf0a06e4fb71a5cf7a6458dc' },
  },
  {
    family: 'edge', from: '12', to: '14', dates: '2015-07 … 2016-08', package: 'jscript-lcg', variant: 'chakra-lcg',
    algorithm: 'as IE 9–11 (Chakra LCG, 54-bit double)', precisionBits: 54,
    seeding: 'as IE 9–11: state only', cache: 'none',
    verified: 'source only; LCG core checked against the JDK; no Edge capture found',
    source: { repo: 'chakra-core/ChakraCore', path: 'lib/Runtime/Math/JavascriptMath.cpp', ref: '5d8406741f8c60e7bf0a06e4fb71a5cf7a6458dc; replaced in dbda0182dc0a983dfb37d90c05000e79b6fc75b0 (2016-01-21)' },
  },
  {
    family: 'edge', from: '14', to: '19', dates: '2016-08 … 2020-01', package: 'xorshift128plus', variant: 'chakra', flavor: 'chakra',
    algorithm: 'xorshift128+, double = bits(0x3FF | ((s0 + s1) & (2^52 − 1))) − 1', precisionBits: 52,
    seeding: 'four rand_s calls: state only', cache: 'none',
    verified: 'source only; EdgeHTML 14 as the first release with it is inferred from the commit date (2016-01-21) and EdgeHTML 13\'s release (2015-11)',
    source: { repo: 'chakra-core/ChakraCore', path: 'lib/Runtime/Math/JavascriptMath.cpp', ref: 'dbda0182dc0a983dfb37d90c05000e79b6fc75b0 (PR #145)' },
  },

  // ---- Netscape, Firefox 1–3 ----------------------------------------------------------------------
  {
    family: 'netscape', from: '2', to: '5', dates: '1995-12 … 1998', package: 'netscape-lcg', variant: 'netscape-mocha',
    algorithm: 'LCG a = 0x5D0EECE66D (typo for 0x5DEECE66D), c = 0xB, m = 2^48; double(next(27)·2^27 + next(27)) / 2^54 (values below ½ are multiples of 2^-54, as Chakra)', precisionBits: 54,
    seeding: 'at the first call in the process: (PR_Now() / 1000) ^ 0x5D0EECE66D — create({ seed: epoch ms })', cache: 'none',
    verified: 'source only (Mocha mo_math and the 1998 NPL JSRef jsmath.c, found in the public index without a repository name)',
    source: { repo: 'Netscape Mocha / JSRef (NPL 1.0, 1998)', path: 'mo_math.c math_random ("Brendan Eich, 11/15/95"); js/src/jsmath.c random_init', ref: 'LL_ISHL(tmp, 0x5D, 32); LL_UI2L(tmp2, 0xEECE66DL); rngDscale = 1L << 54' },
  },
  {
    family: 'spidermonkey', from: '1', to: '3.5', dates: '2004-11 … 2009-06', package: 'netscape-lcg', variant: 'spidermonkey-runtime',
    algorithm: 'java.util.Random LCG, (next(26)·2^27 + next(27)) / 2^53 — one state per JSRuntime (the whole browser)', precisionBits: 53,
    seeding: 'at the first Math.random() in the runtime: (PRMJ_Now() / 1000) ^ 0x5DEECE66D, masked to 48 bits — create({ seed: epoch ms })', cache: 'none',
    verified: 'source only; the generator equals @emu/firefox-lcg (JDK-verified); the Firefox 3.5 boundary (per-context state) is approximate; no Firefox 1–3 capture found',
    source: { repo: 'Floorp-Projects/Floorp (mozilla/gecko-dev history)', path: 'js/src/jsmath.c (random_init, random_setSeed, random_nextDouble)', ref: '0ce6c36fee9086250715e844133e9b278853294b' },
  },

  // ---- Safari before GameRand -------------------------------------------------------------------------
  {
    family: 'jsc', from: '1', to: '5', dates: '2003 … 2010-06', package: null,
    algorithm: 'WTF randomNumber(): arc4random() on Mac OS X (a stream cipher seeded by the kernel); on Windows (Safari 3–4) rand() twice in one expression, whose evaluation order C++ leaves unspecified', precisionBits: 32,
    seeding: 'arc4random: kernel entropy', cache: 'none',
    verified: 'source only (JavaScriptCore 5530.19 … 6531.21.9 wtf/RandomNumber.cpp); not emulable: a cryptographic generator',
    source: { repo: 'apple-opensource/JavaScriptCore', path: 'wtf/RandomNumber.cpp (randomNumber, weakRandomNumber), runtime/MathObject.cpp', ref: 'tags 5530.19, 6531.21.9' },
  },
  {
    family: 'jsc', from: '5', to: '5.1', dates: '2010-06 … 2011-07', package: 'webkit-gamerand', variant: 'jsc-gamerand',
    algorithm: 'GameRand WeakRandom (as Safari 5.1 – 9): high = rotl16(high) + low; low += high; double = high / 2^32', precisionBits: 32,
    seeding: 'JavaScriptCore-7533.13: one WeakRandom per JSGlobalData seeded (int) currentTime() — the epoch SECONDS (create({ seed: epochSeconds })); by 7533.20.20 per global object from randomNumber() (arc4random)', cache: 'none',
    verified: 'source only (runtime/WeakRandom.h first appears in tag 7533.13, absent in 6531.21.9); the 5.0.x build where the time seed ended is between 7533.13 and 7533.20.20; no Safari 5 capture found',
    source: { repo: 'apple-opensource/JavaScriptCore', path: 'runtime/WeakRandom.h, runtime/JSGlobalData.cpp, runtime/MathObject.cpp', ref: 'tags 7533.13, 7533.20.20' },
  },

  // ---- Rhino ------------------------------------------------------------------------------------------
  {
    family: 'rhino', from: '1.5', dates: '2000 …', package: 'firefox-lcg', variant: 'spidermonkey-lcg',
    algorithm: 'java.lang.Math.random() = java.util.Random#nextDouble: LCG 0x5DEECE66D, (next(26)·2^27 + next(27)) / 2^53', precisionBits: 53,
    seeding: 'java.lang.Math\'s own new Random(): seedUniquifier() ^ System.nanoTime(): state only', cache: 'none',
    seedRefused: 'rhino: java.lang.Math.random() uses an unseeded java.util.Random (seedUniquifier ^ nanoTime); give { state } — two values recover it (compare predict)',
    verified: 'real binary: Debian rhino 1.7.14 on OpenJDK 17 — the state recovered from its first 2 values reproduces the next 1,000 bit for bit (tooling/conformance/fixtures/rhino.json)',
    source: { repo: 'mozilla/rhino', path: 'src/org/mozilla/javascript/NativeMath.java (Id_random: x = Math.random())', ref: '4fdefdd0af7b17604f0fbc979c6bae0d317a5f5e' },
  },

  // ---- QuickJS --------------------------------------------------------------------------------------
  {
    family: 'quickjs', from: '0', dates: '2019-07 …', package: 'quickjs', variant: 'quickjs-xorshift64star',
    algorithm: 'xorshift64* (12, 25, 27; 0x2545F4914F6CDD1D); double = (v >> 12) / 2^52 — bellard\'s dated releases (quickjs@2024.1.13) and quickjs-ng (quickjs@0.10.1) alike', precisionBits: 52,
    seeding: 'js_random_init at context creation: epoch microseconds (gettimeofday), 0 → 1 — create({ seed: µs })', cache: 'none',
    verified: 'real binary: quickjs-emscripten 0.32.0 builds of QuickJS and quickjs-ng — the state recovered from 2 values reproduces 200 bit for bit and equals the epoch µs of newContext() (tooling/conformance/fixtures/quickjs.json)',
    source: { repo: 'bellard/quickjs', path: 'quickjs.c (xorshift64star, js_random_init, js_math_random)', ref: '83c426d8ac1aeaf1f600b7a891824c6eafe59646; quickjs-ng/quickjs 614020a5b7999b70925e474fee1ccfb4c468fccc' },
  },

  // ---- Hermes (React Native) ----------------------------------------------------------------------------
  {
    family: 'hermes', from: '0.1', to: '0.13', dates: '2019-07 … 2023-11', package: 'hermes', variant: 'hermes-minstd',
    algorithm: 'std::minstd_rand (48271 · x mod 2^31 − 1) through uniform_real_distribution<>(0, 1) = generate_canonical<double, 53>: two draws per value, ((x1 − 1) + (x2 − 1)·R) / fl(R²), R = 2^31 − 2', precisionBits: 53,
    seeding: 'one std::random_device() value (32 bits) at the runtime\'s first Math.random() call, seed() takes it mod 2^31 − 1 (0 → 1); no flag seeds it (-Xstable-instruction-count does not): { seed } is that random_device value, { state } the 31-bit word; 2 values recover the state', cache: 'none',
    verified: 'real binaries: hermes-engine-cli 0.5.0, 0.5.1, 0.7.0, 0.7.2, 0.8.1, 0.9.0, 0.10.0, 0.11.0, 0.12.0 (linux64, unseeded) — the state recovered from each run\'s first 2 values reproduces the next 1,000 bit for bit (tooling/conformance/fixtures/hermes-cli.json); the mathRandom body against g++ 12 libstdc++ for 7 seeds (hermes-libstdcxx.json)',
    source: { repo: 'facebook/hermes', path: 'lib/VM/JSLib/Math.cpp (mathRandom), include/hermes/VM/JSLib/RuntimeCommonStorage.h (randomEngine_)', ref: 'f22a18f67da3f03db59c1ec715d6ec3776b03fbf (initial commit) … 7d3e091b59ff5e5a9e722718c01d81dab52d4300 (v0.12.0)' },
  },
  {
    family: 'hermes', from: '0.13', dates: '2023-11 …', package: 'hermes', variant: 'hermes-mt64-libcxx',
    algorithm: 'std::mt19937_64, one output per value: (double) x / 2^64 (x rounded to 53 bits); libc++ (Android, iOS) — a Linux libstdc++ build differs only when x rounds to 2^64 (variant hermes-mt64-libstdcxx)', precisionBits: 53,
    seeding: 'at the runtime\'s first Math.random() call: seed = (random_device() << 32) | random_device(), mt19937_64::seed(seed): { seed } is that 64-bit value; the first 622 values recover it (GF(2) solve, @emu/hermes recoverMt64Seed; 469 suffice on the real run)', cache: 'none',
    verified: 'source only for Hermes itself (no Hermes binary of this era is installable: hermes-engine-cli ends at 0.12.0, hermes-compiler ships only hermesc, which cannot run scripts); its mathRandom body against g++ 12 libstdc++ for 6 seeds, and a random_device-seeded run whose seed the first 622 values recover, reproducing all 1,700 (tooling/conformance/fixtures/hermes-libstdcxx.json)',
    source: { repo: 'facebook/hermes', path: 'lib/VM/JSLib/Math.cpp (mathRandom), include/hermes/VM/JSLib/JSLibStorage.h (randomEngine_)', ref: '20c11c4418d4cfb959970b72ceb44f9e32c74612 (2023-11-08, #1175); v0.13.0 4b3bf912cc0f705b51b71ce1a5b8bd79b93a451b; hermes-v260318099.0.1 73855a1475e016cec814d67578f860112ef711e1' },
  },

  // ---- Opera Presto -----------------------------------------------------------------------------------
  {
    family: 'opera', from: '3', to: '15', dates: '1998 … 2013', package: null,
    algorithm: 'Presto (Carakan/Futhark/Linear B): Math.random from a stream cipher reseeded with entropy', precisionBits: 53,
    seeding: 'OS entropy, reseeded', cache: 'none',
    verified: 'not emulable: a cryptographic generator reseeded with entropy, no deterministic state to recover (issue 12; Presto is closed source)',
    source: { repo: 'n/a (Presto is closed source)', path: 'none public', ref: 'issue 12' },
  },
];

/**
 * The V8 version each Chrome milestone 1–28 shipped (the stable branch's V8, as listed in the
 * "Google Chrome version history" table, V8 column). Not re-read against Chromium's DEPS: no copy of
 * Chromium's history fits here (the chromium/chromium snapshot is 66 GB). What was checked (V8's own
 * ChangeLog, v8mips/v8mips @ f0c9cc0bbfd461c7f516799d9a58e9a7395f737e): every version listed for
 * Chrome 2–28 is a trunk release there, each milestone's newer than the one before, and each era
 * boundary falls between the two milestones either side by date too — 1.2.8 (2009-06-16) after
 * Chrome 2's 1.1.10 (2009-04-15) and before Chrome 3's 1.2.14 (2009-07-13); 2.2.2 (2010-04-12) after
 * Chrome 5's 2.1.10 (2010-03-26), before Chrome 6's 2.2.24 (2010-07-14); 3.4.9 (2011-07-04) between
 * 3.3.10 (Chrome 13, 2011-05-25) and 3.4.14 (Chrome 14, 2011-07-20); 3.11.0 (2012-05-11) between
 * 3.10.6 (Chrome 20) and 3.11.10 (Chrome 21); 3.15.0 (2012-10-31) between 3.14.5 (Chrome 24,
 * 2012-10-22) and 3.15.11 (Chrome 25). Chrome 1's 0.3.9 is not a trunk release (the ChangeLog has
 * 0.3.5, 2008-10-16, then 0.4.0): a branch-only number, unconfirmed; its era (libc random(), every
 * V8 before 1.2.8) does not depend on it. The closest call is Chrome 5: its branch (5.0.375, spring
 * 2010) and V8 2.2.2 are weeks apart; if Chrome 5 shipped a 2.2 build it would be the 32-bit C++ era.
 */
export const CHROME_EARLY_V8: Readonly<Record<number, string>> = {
  1: '0.3.9', 2: '1.1.10', 3: '1.2.14', 4: '1.3.18', 5: '2.1.10', 6: '2.2.24', 7: '2.3.11', 8: '2.4.9',
  9: '2.5.9', 10: '3.0.12', 11: '3.1.8', 12: '3.2.10', 13: '3.3.10', 14: '3.4.14', 15: '3.5.10', 16: '3.6.6',
  17: '3.7.12', 18: '3.8.9', 19: '3.9.24', 20: '3.10.6', 21: '3.11.10', 22: '3.12.19', 23: '3.13.7', 24: '3.14.5',
  25: '3.15.11', 26: '3.16.14', 27: '3.17.6', 28: '3.18.5',
};
/** Where CHROME_EARLY_V8 comes from and what was checked of it. */
export const CHROME_EARLY_V8_SOURCE = 'Wikipedia "Google Chrome version history" (V8 column), from memory of the table; not rechecked against Chromium DEPS (too large to read here); each listed V8 version (but Chrome 1\'s 0.3.9, branch-only) and the era boundaries 1.2.8, 2.2.2, 3.4.9, 3.11, 3.15 dated in V8\'s ChangeLog (v8mips/v8mips @ f0c9cc0b) in the same order as the milestones';

/** Opera (Blink) → the Chromium milestone it was built on: Opera 15–22 = Chromium 28–35 (issue 12's captures). */
export function operaToChromium(opera: number): number | undefined {
  return Number.isInteger(opera) && opera >= 15 && opera <= 22 ? opera + 13 : undefined;
}
