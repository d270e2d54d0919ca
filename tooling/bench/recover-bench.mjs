#!/usr/bin/env node
// Recovery: per engine, the minimum number of consecutive outputs with which `predict` succeeds in
// ≥ 99% of random trials, and the median time to recover from that many. `--quick` for fewer
// trials, `--only <id>` for one engine (`--only xs-min`, `--only identify`, `--only uuid`: the sections below).
import { createEngine } from '@emu/engines';
import { predict } from '@emu/recover';

const quick = process.argv.includes('--quick');
// `--only <id>` (repeatable): just those engines.
const only = process.argv.flatMap((a, i, all) => (a === '--only' && all[i + 1] ? [all[i + 1]] : []));
const XS_SUM = [60, 61, 62, 63, 64, 65, 66, 67, 68, 70, 72, 75, 80];
const ENGINES = [
  ['firefox-lcg', [1, 2]],
  ['webkit-gamerand', [2, 3]],
  ['node@0.12.18', [2, 3]],
  ['node@4.2.2', [2, 3]],
  ['v8-2015', [3, 4, 5]],
  ['node@20', [3, 4, 6, 63, 64, 65, 66, 68, 70]],
  ['node@24', [3, 4, 6, 63, 64, 65, 66, 68, 70]],
  ['node@10', XS_SUM],
  ['node@6.17.1', XS_SUM],
  ['firefox@120', XS_SUM],
  ['jsc@17', XS_SUM],
  // Partial observations: only Math.floor(x · N) seen (third column N).
  ['node@20', [9, 12, 66, 70, 80, 100, 130], 2 ** 16],
  ['node@20', [40, 66, 80, 100, 130, 160, 200], 1000],
  ['node@20', [100, 130, 200, 300, 400, 500], 6],
  ['firefox-lcg', [2, 3, 4], 2 ** 24],
  // MWC1616 eras from Betable-style IDs (alphabet[⌊x·64⌋]): the first generator, split per half.
  ['node@0.12.18', [4, 5, 6, 7, 8, 10], 64],
  ['node@4.2.2', [4, 5, 6, 7, 8, 10], 64],
  ['node@0.10.48', [4, 5, 6, 7, 8, 10], 64],
  ['v8@4.8', [4, 5, 6, 7, 8, 10], 64],
  ['node@4.2.2', [10, 12, 14, 16, 20], 6],
  // ((s0 + s1) >> 11): carry guesses, not linear bits.
  ['node@26', [150, 200, 250, 300, 400, 500]],
  ['chrome@156', [150, 200, 250, 300, 400, 500]],
];

/** Whether a 64-bit word (hex) is a NaN pattern other than V8's canonical one: V8 5.6–7.0 stored the state as doubles, so such a state never occurs there. */
const isNaNBits = (h) => { const v = BigInt(h); return ((v >> 52n) & 0x7ffn) === 0x7ffn && (v & ((1n << 52n) - 1n)) !== 0n; };

function seedFor(id, t) {
  return id.startsWith('firefox@') || id.startsWith('jsc@') ? undefined : (t * 2654435761) % 0x7fffffff || 1;
}

/**
 * The fewest outputs (from `sizes`) at which `predict` gets the next value (or bucket) right in
 * ≥ 99 % of `trials`, each trial on a fresh emulator from `engineFor(t)`; with the wrong answers
 * and the median solve time at that size.
 */
function minimumOutputs(id, sizes, bucket, trials, engineFor) {
  let chosen;
  for (const m of sizes) {
    let ok = 0;
    let wrong = 0;
    const times = [];
    for (let t = 1; t <= trials; t++) {
      const e = engineFor(t);
      const obs = Array.from({ length: m }, () => (bucket ? { n: bucket, value: Math.floor(e.random() * bucket) } : e.random()));
      const start = performance.now();
      const r = predict(id, obs, 1, 0, bucket ? { bucket } : {});
      times.push(performance.now() - start);
      const truth = e.random();
      // A bucketed answer counts when the next bucket is given (partial: every fitting state agrees on it).
      const said = r.kind === 'ok' ? (bucket ? Math.floor(r.next[0] * bucket) : r.next[0]) : r.kind === 'partial' ? (bucket ? r.buckets?.next[0] : r.next[0]) : null;
      if (said !== null && said !== undefined) {
        if (said === (bucket ? Math.floor(truth * bucket) : truth)) ok++;
        else wrong++;
      }
    }
    times.sort((a, b) => a - b);
    chosen = { id: bucket ? `${id} ⌊x·${bucket === 2 ** 16 ? '2^16' : bucket === 2 ** 24 ? '2^24' : bucket}⌋` : id, m, rate: ok / trials, wrong, median: times[Math.floor(times.length / 2)], trials };
    if (ok / trials >= 0.99) break;
  }
  return chosen;
}

const rows = [];
for (const [id, sizes, bucket] of ENGINES) {
  if (only.length && !only.includes(id)) continue;
  const trials = quick ? 10 : 100;
  const chosen = minimumOutputs(id, sizes, bucket, trials, (t) => {
    const seed = seedFor(id, t);
    const e = seed === undefined
      ? createEngine(id, { state: [`0x${(BigInt(t) * 0x9e3779b97f4a7c15n % (1n << 64n)).toString(16)}`, `0x${(BigInt(t + 7) * 0xbf58476d1ce4e5b9n % (1n << 64n)).toString(16)}`] })
      : createEngine(id, { seed });
    for (let s = 0; s < (t * 7) % 100; s++) e.random();
    return e;
  });
  rows.push(chosen);
  console.log(`${chosen.id.padEnd(22)} min outputs ${String(chosen.m).padStart(4)}  success ${(chosen.rate * 100).toFixed(0)}% of ${chosen.trials}, wrong ${chosen.wrong}  median ${chosen.median.toFixed(1)} ms`);
}

// xorshift128+ solver at the minimum counts: recoverXorshift on 3, 4 and 5 consecutive full values from a
// realm's first call (fromStart), per mapping: how often the answer is complete with the next
// value determined, wrong answers (complete, yet the true future is no candidate's), and the CPU
// time per solve (median, p90, max); "several states fit": complete, and states with different
// next values fit (all listed). `--only xs-min` runs just this (`--trials N`: N states, 100 by default).
if (!only.length || only.includes('xs-min')) {
  const { recoverXorshift } = await import('@emu/recover');
  const { create } = await import('@emu/xorshift128plus');
  const hex = (t, k) => `0x${((BigInt(t) * 0x9e3779b97f4a7c15n + BigInt(k) * 0xbf58476d1ce4e5b9n) % (1n << 64n)).toString(16)}`;
  const trialsAt = process.argv.indexOf('--trials');
  const trials = trialsAt > 0 ? Number(process.argv[trialsAt + 1]) : quick ? 10 : 100;
  for (const [variant, label] of [
    ['v8-7.1-s0', 'V8 7.1–13.4 s0 >> 12 (node 20)'],
    ['v8-13.5-s0-53', 'V8 13.5–14.3 s0 >> 11 (node 24)'],
    ['v8-5.9-seeded62', 'V8 4.9–7.0 52-bit sum (node 10)'],
    ['v8-14.4-sum-53', 'V8 14.4+ (s0+s1) >> 11 (node 26)'],
    ['v8-15.6-sum-53-asc', 'V8 15.6 (Chromium 156)'],
    ['spidermonkey', 'SpiderMonkey/JSC 53-bit low sum'],
    ['chakra', 'Chakra 52-bit low sum'],
  ]) {
    const info = (await import('@emu/xorshift128plus')).VARIANTS.find((v) => v.id === variant);
    for (const m of [3, 4, 5]) {
      // The first solve of a mapping in a process also pays for the JIT and the symbolic table:
      // printed apart, the trials are timed after it.
      const w = create({ state: info.cache ? [hex(0, 1), hex(0, 2), 0] : [hex(0, 1), hex(0, 2)], variant });
      const w0 = process.cpuUsage();
      recoverXorshift(Array.from({ length: m }, () => w.random()), variant, { fromStart: true });
      const wc = process.cpuUsage(w0);
      const first = ((wc.user + wc.system) / 1000).toFixed(0);
      const times = [];
      let settled = 0;
      let twins = 0;
      let wrong = 0;
      for (let t = 1; t <= trials; t++) {
        // A state word V8 would have canonicalised (a NaN pattern, V8 5.6–7.0) is no state: the next pair is taken.
        let k = 1;
        while (info.cache?.canonicalizesNaN && (isNaNBits(hex(t, k)) || isNaNBits(hex(t, k + 1)))) k += 2;
        const e = create({ state: info.cache ? [hex(t, k), hex(t, k + 1), 0] : [hex(t, k), hex(t, k + 1)], variant });
        const obs = Array.from({ length: m }, () => e.random());
        const next = e.random();
        const c0 = process.cpuUsage();
        const r = recoverXorshift(obs, variant, { fromStart: true });
        const c = process.cpuUsage(c0);
        times.push((c.user + c.system) / 1000);
        if (!r.complete) continue;
        const nexts = new Set(r.candidates.map((k) => { const p = create({ state: [...k.state], variant }); for (let i = 0; i < m; i++) p.random(); return p.random(); }));
        if (!nexts.has(next)) wrong++;
        else if (nexts.size === 1) settled++;
        else twins++;
      }
      times.sort((a, b) => a - b);
      const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
      // twins: the search was complete and several states fit the values with different next
      // values (every one listed) — no method settles those from m values.
      console.log(`xs-min ${label.padEnd(34)} ${m} values from the start: settled ${settled}/${trials} (several states fit: ${twins}), wrong ${wrong}, CPU ms median ${q(0.5)} p90 ${q(0.9)} max ${q(1)} (first call ${first})`);
    }
  }
}

// The (s0 + s1) mappings from buckets alone (issue 13): per engine and bucket size n, `predict`
// on m buckets ⌊x · n⌋ from the realm's first call (fromStart) and, for V8's backwards caches,
// mid-stream across a refill (no position given); the fewest m at which the next bucket is given and right in
// ≥ 99 % of trials, wrong answers (0 expected), the median CPU ms at that m, and what the
// answers below it said ("need about K more": the K named, so K can be checked against the
// minimum). Sizes the search cannot afford at any m are refused ("unsupported").
// `--only sum-buckets` runs just this.
if (only.includes('sum-buckets')) {
  const trialsAt = process.argv.indexOf('--trials');
  const trials = trialsAt > 0 ? Number(process.argv[trialsAt + 1]) : quick ? 10 : 100;
  const hex = (t, k) => `0x${((BigInt(t) * 0x9e3779b97f4a7c15n + BigInt(k) * 0xbf58476d1ce4e5b9n) % (1n << 64n)).toString(16)}`;
  const { VARIANTS } = await import('@emu/xorshift128plus');
  const SIZES = [
    [2 ** 16, '2^16', [8, 9, 10, 11, 12], [8, 9, 10, 11, 12]],
    [2 ** 20, '2^20', [6, 7, 8, 9, 10], [6, 7, 8, 9, 10]],
    [2 ** 11, '2^11', [12, 13, 14, 15, 16, 18], [12, 13, 14, 15, 16]],
    [100_000, '10^5', [8, 9, 10, 11, 12, 14, 16, 20], [9, 10, 11, 12, 13, 15]],
    [1_000_000, '10^6', [7, 8, 9, 10, 12], [7, 8, 9, 10, 11]],
    [1024, '2^10', [12, 13, 14, 15, 16], [13, 14, 15, 16, 17]],
    [1000, '1000', [13, 14, 15, 16, 17, 18], [15, 16, 17, 18, 19, 20, 22, 24, 26]],
    [128, '128', [18, 19, 20, 21, 22], [18, 19, 20, 21, 22, 24, 26, 28]],
    [64, '64', [22, 23, 24, 26], [22, 23, 24, 25, 26, 27, 28, 29, 30, 32, 34, 36]],
    [32, '32', [26, 27, 28, 29, 30, 32], [28, 29, 30, 32, 34, 36, 40, 44, 48, 56, 60]],
    [100, '100', [22, 24, 26, 28, 30, 32, 34, 36, 40, 45, 50, 60], [40, 48, 56, 64, 80, 100]],
    [16, '16', [34, 35, 36, 37, 38, 40], [48, 52, 56, 60, 64, 71, 80, 100]],
    [6, '6', [60], []],
  ];
  const ENGINES = [
    ['node@10.24.1', 'v8-5.9-seeded62'],
    ['node@26.12.1', 'v8-14.4-sum-53'],
    ['chrome@156', 'v8-15.6-sum-53-asc'],
    ['spidermonkey@45', 'spidermonkey'],
    ['jsc@10', 'jsc'],
    ['chakra@1.2', 'chakra'],
  ];
  // `--sum-engine <id>` (repeatable): just those engines; `--sum-mode start|across`: just that mode;
  // `--sum-size 2^10` (as printed): just that bucket size.
  const pick = process.argv.flatMap((a, i, all) => (a === '--sum-engine' && all[i + 1] ? [all[i + 1]] : []));
  const sizeOnly = process.argv.flatMap((a, i, all) => (a === '--sum-size' && all[i + 1] ? [all[i + 1]] : []));
  const modeOnly = process.argv.flatMap((a, i, all) => (a === '--sum-mode' && all[i + 1] ? [all[i + 1]] : []));
  for (const [id, variant] of ENGINES.filter(([id]) => !pick.length || pick.includes(id))) {
    const info = VARIANTS.find((v) => v.id === variant);
    const desc = info.cache?.order === 'desc';
    for (const [n, name, startSizes, midSizes] of SIZES.filter(([, name]) => !sizeOnly.length || sizeOnly.includes(name))) {
      for (const [mode, sizes] of [['start', startSizes], ['across', desc ? midSizes : []]].filter(([mode]) => !modeOnly.length || modeOnly.includes(mode))) {
        const said = [];
        let row;
        let allWrong = 0;
        let allGiven = 0;
        for (const m of sizes) {
          let ok = 0;
          let wrong = 0;
          const kinds = {};
          const needs = [];
          const times = [];
          const count = n < 16 ? Math.min(trials, 10) : trials;
          for (let t = 1; t <= count; t++) {
            let k = 1;
            while (info.cache?.canonicalizesNaN && (isNaNBits(hex(t, k)) || isNaNBits(hex(t, k + 1)))) k += 2;
            const e = createEngine(id, { state: info.cache ? [hex(t, k), hex(t, k + 1), 0] : [hex(t, k), hex(t, k + 1)] });
            // across: the window crosses one of V8's refills, at a random split (inside one refill the next refill's start is not in the values).
            const P = info.cache?.perRefill ?? 64;
            if (mode === 'across') for (let i = 0; i < P * (1 + (t % 2)) - 1 - ((t * 37) % (m - 1)); i++) e.random();
            const obs = Array.from({ length: m }, () => ({ n, value: Math.floor(e.random() * n) }));
            const truth = Math.floor(e.random() * n);
            const c0 = process.cpuUsage();
            const r = predict(id, obs, 1, 0, { bucket: n, fromStart: mode === 'start' });
            const c = process.cpuUsage(c0);
            times.push((c.user + c.system) / 1000);
            kinds[r.kind] = (kinds[r.kind] ?? 0) + 1;
            if (r.kind === 'insufficient') needs.push(r.need);
            const given = r.kind === 'ok' ? Math.floor(r.next[0] * n) : r.kind === 'partial' ? r.buckets?.next[0] : null;
            if (given === null || given === undefined) continue;
            if (given === truth) ok++;
            else wrong++;
          }
          times.sort((a, b) => a - b);
          needs.sort((a, b) => a - b);
          const median = times[Math.floor(times.length / 2)];
          said.push(`${m}: ${Object.entries(kinds).map(([k, v]) => `${k} ${v}`).join(', ')}, wrong ${wrong}${needs.length ? ` (need ${needs[0]}…${needs[needs.length - 1]}, median ${needs[Math.floor(needs.length / 2)]})` : ''}`);
          allWrong += wrong;
          allGiven += ok + wrong;
          row = { m, ok, wrong, count, median, refused: kinds.unsupported === count };
          if (ok / count >= 0.99 || row.refused) break;
        }
        if (!row) continue;
        const result = row.refused ? 'refused at every count tried' : row.ok / row.count >= 0.99 ? `min ${row.m}` : `not settled by ${row.m}`;
        console.log(`sum-buckets ${id.padEnd(16)} ⌊x·${name}⌋ ${mode.padEnd(6)} ${result}: ${row.ok}/${row.count} right, CPU ms median ${row.median.toFixed(1)}; over every count tried ${allGiven} next buckets given, ${allWrong} wrong | ${said.join('; ')}`);
      }
    }
  }
}

// UUID v4 strings (the common template: 31 calls a UUID, the y digit ⌊x·16⌋ % 4 | 8) on the
// (s0 + s1) engines: per engine and count of UUIDs from the realm's first call, `predict` on
// their observations (parseUuids: x digits buckets of 16, y a residue); how often the next UUID is
// given whole and right, wrong digits given (0 expected), and the median CPU ms.
// `--only uuid` runs just this (`--trials N`, default 20); `--uuid-mid` instead: mid-stream, no
// position given (after 37 · t + 11 other calls), 2, 3 and 4 UUIDs.
if (only.includes('uuid')) {
  const mid = process.argv.includes('--uuid-mid');
  const { parseUuids, uuidsFromBuckets } = await import('@emu/recover');
  const trialsAt = process.argv.indexOf('--trials');
  const trials = trialsAt > 0 ? Number(process.argv[trialsAt + 1]) : 20;
  const hex = (t, k) => `0x${((BigInt(t) * 0x9e3779b97f4a7c15n + BigInt(k) * 0xbf58476d1ce4e5b9n) % (1n << 64n)).toString(16)}`;
  const { VARIANTS } = await import('@emu/xorshift128plus');
  const template = (next) => 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => ((r) => (c === 'x' ? r : (r & 3) | 8).toString(16))((next() * 16) | 0));
  for (const [id, variant] of [['node@10.24.1', 'v8-5.9-seeded62'], ['node@26.12.1', 'v8-14.4-sum-53'], ['chrome@156', 'v8-15.6-sum-53-asc'], ['spidermonkey@45', 'spidermonkey'], ['jsc@10', 'jsc'], ['chakra@1.2', 'chakra']]) {
    const info = VARIANTS.find((v) => v.id === variant);
    for (const count of mid ? [2, 3, 4] : [1, 2, 3]) {
      let ok = 0;
      let wrong = 0;
      const kinds = {};
      const times = [];
      for (let t = 1; t <= trials; t++) {
        let k = 1;
        while (info.cache?.canonicalizesNaN && (isNaNBits(hex(t, k)) || isNaNBits(hex(t, k + 1)))) k += 2;
        const e = createEngine(id, { state: info.cache ? [hex(t, k), hex(t, k + 1), 0] : [hex(t, k), hex(t, k + 1)] });
        if (mid) for (let i = 0; i < 37 * t + 11; i++) e.random();
        const uuids = Array.from({ length: count + 1 }, () => template(() => e.random()));
        const c0 = process.cpuUsage();
        const r = predict(id, parseUuids(uuids.slice(0, count).join('\n')), 31, 0, { bucket: 16, fromStart: !mid });
        const c = process.cpuUsage(c0);
        times.push((c.user + c.system) / 1000);
        kinds[r.kind] = (kinds[r.kind] ?? 0) + 1;
        const given = r.kind === 'ok' ? r.next.map((x) => Math.floor(x * 16)) : r.kind === 'partial' ? r.buckets.next : [];
        const [u] = uuidsFromBuckets(given.length ? given : new Array(31).fill(null));
        wrong += [...u].filter((ch, i) => ch !== '?' && ch !== uuids[count][i]).length;
        if (u === uuids[count]) ok++;
      }
      times.sort((a, b) => a - b);
      console.log(`uuid ${id.padEnd(16)} ${count} UUIDs ${mid ? 'mid-stream' : 'from the start'}: next UUID whole and right ${ok}/${trials}, ${wrong} wrong digits, CPU ms median ${times[Math.floor(trials / 2)].toFixed(0)} | ${Object.entries(kinds).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    }
  }
}

// The `s0` mappings from buckets alone (issue 13, node 20's `s0 >> 12`, node 24's `s0 >> 11`):
// per bucket size n, `predict` on m buckets ⌊x · n⌋ from the realm's first call (fromStart) and
// across one of V8's refills (no position given); the fewest m at which the next bucket is given
// and right in ≥ 99 % of trials, wrong answers (0 expected), the median CPU ms at that m, and what
// the answers below it said. Each trial whose next bucket is not given is solved again with room
// for 65,536 candidates: "every fitting state listed and disagreeing" means the values do not
// decide it — no method can give it (for powers of two the states that fit form an affine space,
// the GF(2) rank of the buckets' bits; otherwise several states fit every bucket exactly);
// "fell short" means the search's cap or too few equations left it open. `--only s0-buckets` runs just this (`--quick`: 10
// trials; `--trials N`).
if (only.includes('s0-buckets')) {
  const at = process.argv.indexOf('--trials');
  const trials = at > 0 ? Number(process.argv[at + 1]) : quick ? 10 : 100;
  const hex = (t, k) => `0x${((BigInt(t) * 0x9e3779b97f4a7c15n + BigInt(k) * 0xbf58476d1ce4e5b9n) % (1n << 64n)).toString(16)}`;
  const { recoverXorshift } = await import('@emu/recover');
  const { create } = await import('@emu/xorshift128plus');
  const SIZES = [
    [2 ** 16, '2^16', [9, 10, 11, 12], [10, 11, 12, 13, 14]],
    [1_000_000, '10^6', [7, 8, 9, 10], [7, 8, 9, 10, 11, 12]],
    [100_000, '10^5', [9, 10, 11, 12], [8, 9, 10, 11, 12, 14]],
    [1000, '1000', [13, 14, 15, 16, 18], [13, 14, 15, 16, 18, 20]],
    [64, '64', [21, 22, 23, 24], [22, 23, 24, 26]],
    [10, '10', [39, 40, 41, 42, 44, 48], [41, 42, 43, 44, 46, 48, 52]],
    [6, '6', [50, 51, 52, 53, 54, 56, 58, 62], [52, 53, 54, 55, 56, 57, 58, 60, 64]],
    // 3: one hull equation of its 1.6 bits per bucket, the rest too much for the search's cap (quick, 2026-12-04: 100 from the start, not settled by 100 across).
    [3, '3', [84, 100, 110], [100, 110, 120]],
    [2, '2', [127, 128, 129, 130], [130, 132, 134, 136, 140]],
  ];
  const only6 = process.argv.includes('--only-n') ? Number(process.argv[process.argv.indexOf('--only-n') + 1]) : 0;
  for (const [id, variant] of [['node@20', 'v8-7.1-s0'], ['node@24', 'v8-13.5-s0-53']]) {
    for (const [n, name, startSizes, midSizes] of SIZES) {
      if (only6 && n !== only6) continue;
      for (const [mode, sizes] of [['start', startSizes], ['across', midSizes]]) {
        const said = [];
        let row;
        for (const m of sizes) {
          let ok = 0;
          let wrong = 0;
          let kernel = 0;
          let short = 0;
          const kinds = {};
          const times = [];
          for (let t = 1; t <= trials; t++) {
            const e = createEngine(id, { state: [hex(t, 1), hex(t, 2), 0] });
            // across: the window crosses one of V8's refills, at a random split.
            if (mode === 'across') for (let i = 0; i < 64 * (1 + (t % 2)) - 1 - ((t * 37) % (m - 1)); i++) e.random();
            const obs = Array.from({ length: m }, () => ({ n, value: Math.floor(e.random() * n) }));
            const truth = Math.floor(e.random() * n);
            const c0 = process.cpuUsage();
            const r = predict(id, obs, 1, 0, { bucket: n, fromStart: mode === 'start' });
            const c = process.cpuUsage(c0);
            times.push((c.user + c.system) / 1000);
            kinds[r.kind] = (kinds[r.kind] ?? 0) + 1;
            const given = r.kind === 'ok' ? Math.floor(r.next[0] * n) : r.kind === 'partial' ? r.buckets?.next[0] : null;
            if (given === null || given === undefined) {
              // Not given: is the list of fitting states complete, and do they disagree on the
              // next bucket (the values do not decide: no method can), or did the search fall short?
              const x = recoverXorshift(obs, variant, { fromStart: mode === 'start', maxCandidates: 1 << 16 });
              const next = new Set(x.candidates.map((c) => { const y = create({ state: [...c.state], variant }); for (let i = 0; i < m; i++) y.random(); return Math.floor(y.random() * n); }));
              if (x.complete && next.size > 1) kernel++;
              else short++;
            }
            if (given === null || given === undefined) continue;
            if (given === truth) ok++;
            else wrong++;
          }
          times.sort((a, b) => a - b);
          const median = times[Math.floor(times.length / 2)];
          said.push(`${m}: ${Object.entries(kinds).map(([k, v]) => `${k} ${v}`).join(', ')}, given ${ok + wrong}, wrong ${wrong}${kernel + short ? ` (not given: ${kernel} with every fitting state listed and disagreeing, ${short} where the search fell short)` : ''}, CPU ms median ${median.toFixed(1)} max ${times[times.length - 1].toFixed(0)}`);
          row = { m, ok, count: trials, median };
          if (ok / trials >= 0.99) break;
        }
        const result = row.ok / row.count >= 0.99 ? `min ${row.m}` : `not settled by ${row.m}`;
        console.log(`s0-buckets ${id} ⌊x·${name}⌋ ${mode.padEnd(6)} ${result}: ${row.ok}/${row.count} right, CPU ms median ${row.median.toFixed(1)} | ${said.join('; ')}`);
      }
    }
  }
}

// Mid-stream: m consecutive full values from a random position (not the realm's first call),
// per mapping: how often the answer is complete (every fitting state and cache position found),
// how often the next value is determined (all of them agree) and right, wrong answers, CPU ms.
// `straddle`: the window crosses one of V8's refills (for the uncached engines: any position).
// `--only xs-mid` runs just this.
if (!only.length || only.includes('xs-mid')) {
  const { recoverXorshift } = await import('@emu/recover');
  const { create, VARIANTS } = await import('@emu/xorshift128plus');
  const hex = (t, k) => `0x${((BigInt(t) * 0x9e3779b97f4a7c15n + BigInt(k) * 0xbf58476d1ce4e5b9n) % (1n << 64n)).toString(16)}`;
  const trials = quick ? 10 : 40;
  for (const [variant, label] of [
    ['v8-7.1-s0', 'V8 7.1–13.4 s0 >> 12 (node 20)'],
    ['v8-13.5-s0-53', 'V8 13.5–14.3 s0 >> 11 (node 24)'],
    ['v8-5.9-seeded62', 'V8 4.9–7.0 52-bit sum (node 10)'],
    ['v8-14.4-sum-53', 'V8 14.4+ (s0+s1) >> 11 (node 26)'],
    ['v8-15.6-sum-53-asc', 'V8 15.6 (Chromium 156)'],
    ['spidermonkey', 'SpiderMonkey/JSC 53-bit low sum'],
    ['chakra', 'Chakra 52-bit low sum'],
  ]) {
    const info = VARIANTS.find((v) => v.id === variant);
    const P = info.cache?.perRefill ?? 64;
    for (const straddle of [false, true]) {
      for (const m of [3, 4, 5, 7]) {
        const times = [];
        let complete = 0;
        let determined = 0;
        let wrong = 0;
        for (let t = 1; t <= trials; t++) {
          let k = 3;
          while (info.cache?.canonicalizesNaN && (isNaNBits(hex(t, k)) || isNaNBits(hex(t, k + 1)))) k += 2;
          const e = create({ state: info.cache ? [hex(t, k), hex(t, k + 1), 0] : [hex(t, k), hex(t, k + 1)], variant });
          // A window inside one refill, or one that crosses the refill after its first value.
          const skip = straddle ? P - 1 - (t % (m - 1)) : P + (t % (P - m));
          for (let i = 0; i < skip; i++) e.random();
          const obs = Array.from({ length: m }, () => e.random());
          const next = e.random();
          const c0 = process.cpuUsage();
          const r = recoverXorshift(obs, variant, {});
          const c = process.cpuUsage(c0);
          times.push((c.user + c.system) / 1000);
          if (!r.complete) continue;
          complete++;
          const nexts = new Set(r.candidates.map((k) => { const p = create({ state: [...k.state], variant }); for (let i = 0; i < m; i++) p.random(); return p.random(); }));
          if (!nexts.has(next)) wrong++;
          else if (nexts.size === 1) determined++;
        }
        times.sort((a, b) => a - b);
        const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
        console.log(`xs-mid ${label.padEnd(34)} ${m} values ${straddle ? 'across a refill' : 'inside a refill'}: complete ${complete}/${trials}, next determined ${determined}, wrong ${wrong}, CPU ms median ${q(0.5)} max ${q(1)}`);
      }
    }
  }
}

// Across a refill, V8's backwards-cache sums (node 6–11: 52-bit low sum, 62-value cache; node 26:
// `(s0 + s1) >> 11`, 64-value cache), no position given: 100 trials per count m, the window crossing
// a refill with j = 1 … m − 1 values before it (j = 1 + t mod (m − 1)); per m and split: how often the
// answer is complete with the next value determined and right, wrong answers (0 expected),
// incomplete answers, and the median / p90 / max CPU ms. `--only xs-across` runs just this.
if (only.includes('xs-across')) {
  const { recoverXorshift } = await import('@emu/recover');
  const { create, VARIANTS } = await import('@emu/xorshift128plus');
  const hex = (t, k) => `0x${((BigInt(t) * 0x9e3779b97f4a7c15n + BigInt(k) * 0xbf58476d1ce4e5b9n) % (1n << 64n)).toString(16)}`;
  const trials = quick ? 10 : 100;
  for (const [variant, label] of [
    ['v8-5.9-seeded62', 'V8 4.9–7.0 52-bit sum (node 10)'],
    ['v8-14.4-sum-53', 'V8 14.4+ (s0+s1) >> 11 (node 26)'],
    ['v8-15.6-sum-53-asc', 'V8 15.6 (s0+s1) >> 11 (Chromium 156)'],
  ]) {
    const info = VARIANTS.find((v) => v.id === variant);
    const P = info.cache.perRefill;
    for (const m of [4, 5]) {
      const times = [];
      const bySplit = new Map();
      let determined = 0;
      let wrong = 0;
      let incomplete = 0;
      for (let t = 1; t <= trials; t++) {
        let k = 5;
        while (info.cache.canonicalizesNaN && (isNaNBits(hex(t, k)) || isNaNBits(hex(t, k + 1)))) k += 2;
        const e = create({ state: [hex(t, k), hex(t, k + 1), 0], variant });
        const before = 1 + (t % (m - 1));
        for (let i = 0; i < P - before; i++) e.random();
        const obs = Array.from({ length: m }, () => e.random());
        const next = e.random();
        const c0 = process.cpuUsage();
        const r = recoverXorshift(obs, variant, {});
        const c = process.cpuUsage(c0);
        times.push((c.user + c.system) / 1000);
        const row = bySplit.get(before) ?? { n: 0, determined: 0 };
        bySplit.set(before, row);
        row.n++;
        if (!r.complete) {
          incomplete++;
          continue;
        }
        const nexts = new Set(r.candidates.map((x) => { const p = create({ state: [...x.state], variant }); for (let i = 0; i < m; i++) p.random(); return p.random(); }));
        if (!nexts.has(next)) wrong++;
        else if (nexts.size === 1) {
          determined++;
          row.determined++;
        }
      }
      times.sort((a, b) => a - b);
      const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
      const splits = [...bySplit].sort((a, b) => a[0] - b[0]).map(([j, v]) => `${j}+${m - j}: ${v.determined}/${v.n}`).join(', ');
      console.log(`xs-across ${label.padEnd(34)} ${m} values across a refill: next determined ${determined}/${trials} (${splits}), wrong ${wrong}, incomplete ${incomplete}, CPU ms median ${q(0.5)} p90 ${q(0.9)} max ${q(1)}`);
    }
  }
}

// Why 4 values across a refill are not searched when they split 2 + 2 (two pairs of consecutive
// outputs, 2·P − 2 steps apart): per number of levels a searched in each pair (one guessed bit of
// the pair's first word per level, its three words' bits as equations), the GF(2) ranks of the
// equations of pair A, of pair B and of both; a pair's own checks (equations its other ones imply)
// prune its paths, the cross checks join them. Printed: the paths per pair, 2^(a + carry-in
// guesses − own checks), and the pairs a meet-in-the-middle on the cross checks would join.
// `--only pair-ranks` runs just this.
if (only.includes('pair-ranks')) {
  const { Gf2System, s0Offset, symbolicRows } = await import('@emu/recover');
  const table = symbolicRows(200);
  const rank = (sets) => { const s = new Gf2System(); for (const [t0, lo, L] of sets) for (let j = lo; j < lo + L; j++) for (let u = 0; u <= 2; u++) s.add(table, s0Offset(t0 + u, j), -1, -1, 0); return s.rank; };
  // Outputs t (frame: P steps before observation 0): the 2 + 2 split puts observations 1, 0 at P − 1, P and 3, 2 at 3P − 3, 3P − 2.
  for (const [name, lo, cin, P] of [['52-bit low sum, 62-value cache (node 10)', 0, 0, 62], ['(s0 + s1) >> 11, 64-value cache (node 26)', 11, 2, 64]]) {
    for (const a of [22, 24, 26, 28, 30, 32, 36]) {
      const rA = rank([[P - 1, lo, a]]);
      const rB = rank([[3 * P - 3, lo, a]]);
      const K = rA + rB - rank([[P - 1, lo, a], [3 * P - 3, lo, a]]);
      const paths = a + cin - (3 * a - rA);
      console.log(`pair-ranks ${name}: ${a} levels per pair: rank ${rA} / ${rB} (own checks ${3 * a - rA}), cross checks ${K}; paths per pair 2^${paths}, joined 2^${2 * paths - K}`);
    }
  }
  // The schedules searched (pairTracks: tracks of levels walked in lockstep, each from a guessed
  // carry-in or the known carry 0, a track's carry out checked where the next one starts), and a
  // run of 3 consecutive sums walked the same way (sum-tracks.ts's runTracks; on random runs its
  // later steps keep more paths than these counts expect: 2^20–2^23 nodes, not 2^19.6): per step
  // the paths alive (log2, expected: guesses − checks), the nodes a walk tries (log2, every guess
  // of every live parent), the cross checks and the joined pairs.
  const { pairTracks } = await import('@emu/recover');
  const walk = (tracks, lo, known, chunks) => {
    const sys = chunks.map(() => new Gf2System());
    const all = new Gf2System();
    let guesses = 0;
    let eqs = 0;
    let tried = 0;
    const widths = [];
    const n = chunks[0][1];
    for (const [f] of tracks) if (!(f === lo && known)) guesses += n;
    for (let s = 0; s < Math.max(...tracks.map(([f, e]) => e - f)); s++) {
      let k = 0;
      for (const [f, e] of tracks) {
        const j = f + s;
        if (j >= e) continue;
        k++;
        guesses++;
        chunks.forEach(([t0], c) => { if (c === 0) eqs += n + 1; for (let u = 0; u <= n; u++) { sys[c].add(table, s0Offset(t0 + u, j), -1, -1, 0); all.add(table, s0Offset(t0 + u, j), -1, -1, 0); } });
        if (j === e - 1 && tracks.some(([f2]) => f2 === e)) guesses -= n;
      }
      tried += 2 ** ((widths.at(-1) ?? 0) + k);
      widths.push(guesses - (eqs - sys[0].rank));
    }
    return { widths, tried: Math.log2(tried).toFixed(1), K: sys.reduce((x, y) => x + y.rank, 0) - all.rank, rank: all.rank };
  };
  for (const [name, lo, hi, P] of [['52-bit low sum (node 10)', 0, 52, 62], ['(s0 + s1) >> 11 (node 26)', 11, 64, 64]]) {
    const tracks = pairTracks(lo, hi, lo === 0);
    const r = walk(tracks, lo, lo === 0, [[P - 1, 2], [3 * P - 3, 2]]);
    const p = r.widths.at(-1);
    console.log(`pair-tracks ${name}: tracks ${JSON.stringify(tracks)}: paths per step 2^(${r.widths.join(', ')}), nodes tried per walk 2^${r.tried}, cross checks ${r.K}, joined 2^${2 * p - r.K}`);
  }
  const { runTracks } = await import('@emu/recover');
  for (const [name, lo, tracks] of [['52-bit low sum (node 10)', 0, runTracks(3, 0, 52, true)], ['(s0 + s1) >> 11 (node 26)', 11, runTracks(3, 11, 64, false)]]) {
    const r = walk(tracks, lo, lo === 0, [[10, 3]]);
    console.log(`run3-tracks ${name}: tracks ${JSON.stringify(tracks)}: rank ${r.rank}, paths per step 2^(${r.widths.join(', ')}), nodes tried 2^${r.tried}`);
  }
  // A pair of sums listed (listPairStates: node 26 / Chromium from 2 values): rank below 128, the
  // rest of each leaf's state its kernel.
  const { PAIR_LIST_TRACKS } = await import('@emu/recover');
  const r2 = walk(PAIR_LIST_TRACKS, 11, false, [[10, 2]]);
  console.log(`pair-list-tracks (s0 + s1) >> 11 (2 values): tracks ${JSON.stringify(PAIR_LIST_TRACKS)}: rank ${r2.rank} (kernel ${128 - r2.rank}), paths per step 2^(${r2.widths.join(', ')}), nodes tried 2^${r2.tried}`);
}

// identify on 5 full values of each family: CPU ms of the first call (cold) and the median of
// the next ones, and the verdict of the engine's own row. `--only identify` runs just this.
if (!only.length || only.includes('identify')) {
  const { identify } = await import('@emu/recover');
  const trials = quick ? 3 : 10;
  const cpu = (f) => {
    const c0 = process.cpuUsage();
    const r = f();
    const c = process.cpuUsage(c0);
    return [r, (c.user + c.system) / 1000];
  };
  for (const id of ['node@10', 'node@20', 'node@24', 'node@26', 'v8@15.6', 'spidermonkey@45', 'jsc@10', 'v8@4.8', 'node@0.10.48', 'node@0.12.18', 'node@4.2.2', 'v8-patched', 'firefox-lcg', 'webkit-gamerand', 'bun@1.2.0']) {
    const times = [];
    const verdicts = new Set();
    for (let t = 1; t <= trials; t++) {
      let e;
      try {
        e = createEngine(id, { seed: 4320 + t });
      } catch {
        e = createEngine(id, { state: [`0x${(0x9e3779b97f4a7c15n * BigInt(t)).toString(16).slice(-16)}`, '0xbf58476d1ce4e5b9'] });
      }
      const [r, ms] = cpu(() => identify(Array.from({ length: 5 }, () => e.random())));
      times.push(ms);
      verdicts.add(r.find((x) => x.variants.includes(e.variant))?.verdict);
    }
    const rest = times.slice(1).sort((a, b) => a - b);
    console.log(`identify ${id.padEnd(16)} 5 values: own row ${[...verdicts].join('/')}, CPU ms first ${times[0].toFixed(0)}, then median ${rest[Math.floor(rest.length / 2)].toFixed(0)} max ${rest[rest.length - 1].toFixed(0)}`);
  }
}

// The historical engines (issue 13): IE/Chakra, Netscape, Firefox 1–3, Rhino and SpiderMonkey ≤ 44
// (the 48-bit LCGs, by lattice reduction for buckets), Chrome 1–2 (MSVCRT), Chrome 3–13 and 31–32
// (C++ MWC), QuickJS. Random states (these eras take states; no seeds needed), from full values and
// from ⌊x · n⌋: the fewest consecutive observations with which `predict` gives the next value (or
// bucket) in ≥ 99% of trials, wrong answers, median ms. `--only history` runs just this,
// `--only history-identify` only its identify part, `--only history-lcg` only the LCGs' bucket rows.
if (!only.length || only.includes('history') || only.includes('history-identify') || only.includes('history-lcg')) {
  const { resolveEngine } = await import('@emu/engines');
  const trials = quick ? 10 : 100;
  const LCG = { 1000: [4, 5, 6], 100: [7, 8, 9], 64: [8, 9, 10, 11], 10: [14, 15, 16, 17], 6: [18, 19, 20, 21, 22], 65536: [3, 4, 5] };
  const HISTORY = [
    ['ie@8', [1], null],
    ['ie@11', [1], null],
    ['netscape@4', [1], null],
    ['spidermonkey@2', [1], null],
    ['rhino@1.7', [1, 2], null],
    ['chrome@1', [1, 2, 3], null],
    ['chrome@3', [2, 3, 4, 5], null],
    ['chrome@8', [2, 3], null],
    ['chrome@31', [2, 3, 4], null],
    ['quickjs@0', [2, 3], null],
    ...['rhino@1.7', 'ie@11', 'netscape@4'].flatMap((id) => Object.entries(LCG).map(([n, sizes]) => [id, sizes, Number(n)])),
    ['chrome@1', [5, 6, 7, 8], 64],
    ['chrome@8', [4, 5, 6, 7], 64],
    ['chrome@31', [4, 5, 6, 7], 64],
  ];
  const lcgOnly = only.includes('history-lcg') && !only.includes('history');
  const sel = only.includes('history-identify') ? [] : lcgOnly ? HISTORY.filter(([id, , n]) => n && ['rhino@1.7', 'ie@11', 'netscape@4'].includes(id)) : HISTORY;
  let s = 0x2545f491;
  const w32 = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s >>> 0 || 1;
  };
  const stateFor = (pkg) =>
    pkg === 'v8-libc' ? [w32()] : pkg === 'v8-mwc-cpp' ? [w32(), w32()] : pkg === 'quickjs' ? [`0x${w32().toString(16)}${w32().toString(16).padStart(8, '0')}`] : [(w32() % 0x10000) * 2 ** 32 + w32() || 1];
  for (const [id, sizes, bucket] of sel) {
    const era = resolveEngine(id).era;
    const chosen = { ...minimumOutputs(id, sizes, bucket, trials, () => createEngine(era.package, { state: stateFor(era.package), variant: era.variant })), variant: era.variant };
    console.log(`${chosen.id.padEnd(24)} ${chosen.variant.padEnd(22)} min outputs ${String(chosen.m).padStart(3)}  success ${(chosen.rate * 100).toFixed(0)}% of ${chosen.trials}, wrong ${chosen.wrong}  median ${chosen.median.toFixed(1)} ms`);
  }
  // identify on 5 full values: CPU ms (median of the trials) and whether the engine's own row explains them.
  const { identify } = await import('@emu/recover');
  for (const id of lcgOnly ? [] : ['ie@8', 'ie@11', 'netscape@4', 'spidermonkey@2', 'rhino@1.7', 'chrome@1', 'chrome@3', 'chrome@8', 'chrome@31', 'quickjs@0']) {
    const era = resolveEngine(id).era;
    const times = [];
    const verdicts = new Set();
    let named = 0;
    for (let t = 0; t < (quick ? 3 : 10); t++) {
      const e = createEngine(era.package, { state: stateFor(era.package), variant: era.variant });
      const values = Array.from({ length: 5 }, () => e.random());
      const c0 = process.cpuUsage();
      const rows = identify(values);
      const c = process.cpuUsage(c0);
      times.push((c.user + c.system) / 1000);
      const own = rows.find((x) => x.variants.includes(era.variant));
      verdicts.add(own?.verdict);
      // Generators with the same output function share a row: exactly one row explains, the engine's own.
      const explains = rows.filter((x) => x.verdict === 'explains');
      if (explains.length === 1 && explains[0].variants.includes(era.variant)) named++;
    }
    times.sort((a, b) => a - b);
    console.log(`identify ${id.padEnd(16)} 5 values: own row ${[...verdicts].join('/')}, only its row explains in ${named}/${times.length}, CPU ms median ${times[Math.floor(times.length / 2)].toFixed(0)} max ${times[times.length - 1].toFixed(0)}`);
  }
}

// The 48-bit LCGs from buckets: how few values the information allows (issue 13). Per engine, n and
// k: random states, k buckets ⌊x · n⌋, and the lattice's complete list of every state that fits
// them (recoverLcgLattice, complete: true). "another fits": the list holds a state besides the
// engine's; "unsettled": one of them gives a different next bucket — in those trials no method can
// name the next bucket, the values do not decide it. The information bound for the history table's
// criterion (next bucket settled in ≥ 99 % of trials) is the first k with unsettled ≤ 1 %. Beside
// it the uniform model: other states that fit ≈ (2^48 − 1) / n^k, unsettled ≈ 1 − exp(−(1 − 1/n) ·
// 2^48 / n^k). Only with `--only lcg-info` (1,000 trials per cell, `--quick` 100, `--trials N`).
if (only.includes('lcg-info')) {
  const { LCG_SHAPES, lcgValue, recoverLcgLattice } = await import('@emu/recover');
  const { resolveEngine } = await import('@emu/engines');
  const at = process.argv.indexOf('--trials');
  const trials = at > 0 ? Number(process.argv[at + 1]) : quick ? 100 : 1000;
  const MASK = (1n << 48n) - 1n;
  let s = 0x9e3779b97f4a7c15n;
  const state = () => {
    s = (s * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
    return Number((s >> 16n) & MASK) || 1;
  };
  /** The next bucket after k calls from state X (before the first call) of an LCG shape. */
  const nextBucket = (shape, X, k, n) => {
    let x = BigInt(X);
    let v = 0;
    for (let i = 0; i <= k; i++) {
      const x1 = (shape.a * x + shape.c) & MASK;
      x = (shape.a * x1 + shape.c) & MASK;
      v = lcgValue(shape, x1, x);
    }
    return Math.floor(v * n);
  };
  const PLAN = [[65536, [3, 4]], [1000, [5, 6]], [100, [8, 9]], [64, [8, 9, 10]], [10, [15, 16, 17]], [6, [19, 20, 21, 22]]];
  for (const id of ['rhino@1.7', 'ie@11', 'netscape@4']) {
    const era = resolveEngine(id).era;
    const shape = LCG_SHAPES[era.variant];
    for (const [n, ks] of PLAN) {
      for (const k of ks) {
        let incomplete = 0;
        let others = 0;
        let unsettled = 0;
        let wrong = 0;
        const times = [];
        for (let t = 0; t < trials; t++) {
          const e = createEngine(id, { state: [state()] });
          const obs = Array.from({ length: k }, () => ({ n, value: Math.floor(e.random() * n) }));
          const truth = Math.floor(e.random() * n);
          const c0 = process.cpuUsage();
          const r = recoverLcgLattice(shape, obs, { maxStates: 4096 });
          const c = process.cpuUsage(c0);
          times.push((c.user + c.system) / 1000);
          if (!r.complete) {
            incomplete++;
            continue;
          }
          const nexts = new Set(r.states.map((X) => nextBucket(shape, X, k, n)));
          if (!nexts.has(truth)) wrong++;
          if (r.states.length > 1) others++;
          if (nexts.size > 1) unsettled++;
        }
        times.sort((a, b) => a - b);
        const expected = (2 ** 48 - 1) / n ** k;
        const model = 1 - Math.exp(-(1 - 1 / n) * expected);
        const pct = (x) => `${((100 * x) / trials).toFixed(1)}%`;
        console.log(`lcg-info ${id.padEnd(11)} ⌊x·${n === 65536 ? '2^16' : n}⌋ × ${String(k).padStart(2)}: another fits ${pct(others)}, unsettled ${pct(unsettled)} (model: ${expected.toPrecision(2)} others, ${(100 * model).toFixed(1)}%), incomplete ${incomplete}, wrong ${wrong}, CPU ms median ${times[trials >> 1].toFixed(1)} of ${trials}`);
      }
    }
  }
}
