#!/usr/bin/env node
// Ours beside js-randomness-predictor (npm, pinned devDependency; z3 in WebAssembly) on the same
// streams: per engine, the fewest consecutive full values from which each predicts the next value
// right in every trial, the wrong answers (a prediction that is not the engine's next value, given
// without error) over all sizes tried, the median time per solve at that size, and the peak RSS of
// the process that ran that side (each side runs in its own child process).
//   node recover-peer.mjs [--trials 10] [--only node@20] [--mode start|mid|across]
// start: the values are the first Math.random() calls of the realm (fresh process or page; ours
// gets fromStart); mid: 0–99 calls were made before them (ours without fromStart); across (V8's
// backwards caches only): the window crosses the first refill, 1 … m − 1 of its values before it.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

// (`pnpm … bench:recover-peer -- --trials 5` hands the script a lone `--`: dropped.)
const { values: args } = parseArgs({
  args: process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--')),
  options: {
    trials: { type: 'string', default: '10' },
    only: { type: 'string', multiple: true },
    mode: { type: 'string', multiple: true },
    child: { type: 'string' },
    budget: { type: 'string', default: '300' },
    side: { type: 'string', multiple: true },
  },
});

// Engine id, the peer's predictor for it, ours' sizes, the peer's sizes, values per refill of
// V8's backwards cache (the `across` mode).
const ENGINES = [
  ['node@20', { node: 20 }, [2, 3, 4, 5, 6, 7, 10, 64, 65, 66, 70], [3, 4, 6, 10], 64],
  ['node@24', { node: 24 }, [2, 3, 4, 5, 6, 7, 10, 64, 65, 66, 70], [4, 6, 10], 64],
  ['node@26', { node: 26 }, [2, 3, 4, 5, 6, 7, 10, 64, 65, 66, 70], [4, 6, 10], 64],
  ['chrome@156', { chrome: true }, [2, 3, 4, 5, 6, 7, 10], [4, 6, 10]],
  ['node@10', { node: 10 }, [3, 4, 5, 6, 7, 10, 62, 64, 66, 70], [4, 6, 10], 62],
  ['firefox@120', { firefox: true }, [3, 4, 5, 6, 7, 10], [4, 6, 10]],
  ['jsc@17', { safari: true }, [1, 2, 3, 4, 5, 6, 7, 10], [6, 10]],
  // Bun 1.2.0: JSC's JIT step with arithmetic shifts (jsc-jit-sar; the peer's Bun predictor
  // tries that step first), seeded as Bun seeds (a 32-bit seed).
  ['bun@1.2.0', { bun: true }, [1, 2, 3, 4, 5, 6, 7, 10], [6, 10]],
];

function stream(id, t, mode, length, perRefill) {
  const hex = (x) => `0x${(x % (1n << 64n)).toString(16)}`;
  // SpiderMonkey seeds from 128 bits of OS entropy: a state; JavaScriptCore (jsc, Bun) from one
  // 32-bit number per realm, V8 from its seed: seeded as the engines seed.
  const e = id.startsWith('firefox@')
    ? (await_import.createEngine(id, { state: [hex(BigInt(t) * 0x9e3779b97f4a7c15n + 1n), hex(BigInt(t + 7) * 0xbf58476d1ce4e5b9n + 3n)] }))
    : await_import.createEngine(id, { seed: (t * 2654435761) % 0x7fffffff || 1 });
  if (mode === 'mid') for (let s = 0; s < (t * 37) % 100; s++) e.random();
  // across: 1 … length − 2 of the observed values come from the end of the first refill.
  if (mode === 'across') for (let s = 0; s < perRefill - 1 - ((t * 37) % (length - 2)); s++) e.random();
  return Array.from({ length }, () => e.random());
}

let await_import;

async function child(spec) {
  const [side, id, mode, trials] = spec.split(',');
  await_import = await import('@emu/engines');
  const { predict } = await import('@emu/recover');
  const JSRP = side === 'peer' ? (await import('js-randomness-predictor')).default : undefined;
  const [, peerKind, oursSizes, peerSizes, perRefill] = ENGINES.find((e) => e[0] === id);
  const sizes = side === 'ours' ? oursSizes : peerSizes;
  let wrong = 0;
  let chosen;
  const T = Number(trials);
  for (const m of sizes) {
    let ok = 0;
    const times = [];
    for (let t = 1; t <= T; t++) {
      const xs = stream(id, t, mode, m + 1, perRefill);
      const seen = xs.slice(0, m);
      const start = performance.now();
      let guess;
      if (side === 'ours') {
        const r = predict(id, seen, 1, 0, { fromStart: mode === 'start' });
        guess = r.kind === 'ok' ? r.next[0] : r.kind === 'partial' ? r.next[0] : null;
      } else {
        try {
          let p;
          if (peerKind.node) {
            if (m >= 64) throw new Error('peer takes < 64');
            p = JSRP.node(seen);
            p.setNodeVersion({ major: peerKind.node, minor: 0, patch: 0 });
          } else if (peerKind.chrome) p = JSRP.chrome(seen);
          else if (peerKind.firefox) p = JSRP.firefox(seen);
          else if (peerKind.bun) p = JSRP.bun(seen);
          else p = JSRP.safari(seen);
          guess = await p.predictNext();
        } catch {
          guess = null;
        }
      }
      times.push(performance.now() - start);
      if (guess === null || guess === undefined) continue;
      if (guess === xs[m]) ok++;
      else wrong++;
    }
    times.sort((a, b) => a - b);
    chosen = { m, ok, trials: T, median: times[Math.floor(times.length / 2)] };
    if (ok === T) break;
  }
  const rss = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ ...chosen, wrong, rss }));
}

if (args.child) {
  await child(args.child);
} else {
  const trials = args.trials;
  const modes = args.mode ?? ['start', 'mid', 'across'];
  console.log('engine        mode   | ours: values  right  wrong  median ms  RSS MB | js-randomness-predictor 3.6.0: values  right  wrong  median ms  RSS MB');
  for (const [id, , , , perRefill] of ENGINES) {
    if (args.only && !args.only.includes(id)) continue;
    for (const mode of modes) {
      if (mode === 'across' && !perRefill) continue;
      const cells = [];
      for (const side of ['ours', 'peer']) {
        if (args.side && !args.side.includes(side)) {
          cells.push('(not run)'.padStart(39));
          continue;
        }
        try {
          const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', `${side},${id},${mode},${trials}`], { encoding: 'utf8', timeout: Number(args.budget) * 1000, stdio: ['ignore', 'pipe', 'ignore'] });
          const r = JSON.parse(out.trim().split('\n').pop());
          const all = r.ok === r.trials;
          cells.push(`${all ? String(r.m) : `>${r.m}`.padStart(3)}`.padStart(6) + `  ${r.ok}/${r.trials}`.padStart(7) + `${r.wrong}`.padStart(7) + `${r.median.toFixed(1)}`.padStart(11) + `${r.rss.toFixed(0)}`.padStart(8));
        } catch {
          cells.push(`timeout (> ${args.budget} s for all sizes)`.padStart(39));
        }
      }
      console.log(`${id.padEnd(13)} ${mode.padEnd(6)} | ${cells[0]} | ${cells[1]}`);
    }
  }
}
