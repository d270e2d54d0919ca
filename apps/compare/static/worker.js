// The page's Web Worker: one job per worker (see jobs.js). Imports the same bundle as the page.
import { engines, recover, runBatteryJob, processSeed, seedKind } from '/lib/emu.js';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const progress = (done, total) => postMessage({ type: 'progress', done, total });

const JOBS = {
  /** Successive pairs (x[n], x[n+1]) whose x[n] falls in [from, from + width): x scaled to [0, 1). */
  lattice({ engine, options, count, from, width }) {
    const emu = engines.createEngine(engine, options);
    const pts = [];
    let prev = emu.random();
    for (let i = 1; i < count; i++) {
      const x = emu.random();
      if (prev >= from && prev < from + width) pts.push((prev - from) / width, x);
      prev = x;
      if ((i & 0x3ffff) === 0) progress(i, count);
    }
    return Float64Array.from(pts);
  },

  /** Betable's identifiers, each from a freshly seeded engine (as `compare ids --reseed-each`). */
  collisions({ engine, seed, ids, length }) {
    const kind = seedKind(engines.createEngine(engine, { seed }));
    const seen = new Set();
    let hits = 0;
    for (let i = 0; i < ids; i++) {
      const emu = engines.createEngine(engine, { seed: processSeed(Number(seed), i, kind) });
      let ident = '';
      for (let k = 0; k < length; k++) ident += BASE64[Math.floor(emu.random() * 64)];
      if (seen.has(ident)) hits++;
      else seen.add(ident);
      if (i % 5000 === 4999) progress(i + 1, ids);
    }
    return hits;
  },

  /** Part of SmallCrush (see the CLI's battery.ts); each test's results are posted as it ends. */
  battery({ engine, options, skip, tests }) {
    runBatteryJob({ engine, options, skip, tests }, (index, results) => postMessage({ type: 'test', index, results }));
    return null;
  },

  identify({ observed }) {
    return recover.identify(observed);
  },

  /** predict() for several registry ids on the same observations. */
  predict({ ids, observed, next }) {
    return ids.map((id) => ({ id, outcome: recover.predict(id, observed, next, 0) }));
  },
};

self.onmessage = ({ data: job }) => {
  try {
    const run = JOBS[job.kind];
    if (!run) throw new Error(`unknown job ${JSON.stringify(job.kind)}`);
    postMessage({ type: 'done', result: run(job) });
  } catch (e) {
    postMessage({ type: 'error', message: e instanceof Error ? e.message : String(e) });
  }
};
