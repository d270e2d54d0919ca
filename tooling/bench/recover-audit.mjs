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
//   node recover-audit.mjs [--minutes 1] [--seed-log trials.jsonl] [--cli N] [--timeout 60]
//   node recover-audit.mjs --one '<trial json, or a line of the seed log>'
// --seed-log appends every trial (its state included) as a JSON line; --one re-runs one in this
// process and prints the observations and the answer. --cli N: afterwards N more trials through
// the built CLI (`node apps/compare/dist/cli.js predict …`; build it first), its printed values
// checked the same way and its exit code (0 when the first requested value is printed, 3 when
// not). `pnpm --filter @emu/bench audit:recover -- --minutes 5` runs it from anywhere. It audits
// the built packages (their dist/): after changing src, `pnpm build` first.
import { randomBytes } from 'node:crypto';
import { fork, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { doubleToHex, u64ToHex } from '@emu/core';
import { createEngine, resolveEngine } from '@emu/engines';
import { parseObservations, predict } from '@emu/recover';
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
    child: { type: 'boolean' },
  },
});
const SELF = fileURLToPath(import.meta.url);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = 'apps/compare/dist/cli.js';
const TIMEOUT_MS = Number(args.timeout) * 1000;

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
  ['node@7.0.0', 1.5, 'sum'], ['node@8.0.0', 1.5, 'sum'], ['bun@1', 0.2, 'sum'],
  ['node@20', 5, 's0'], ['node@24', 5, 's0'], ['v8@7.1', 1, 's0'], ['deno@2', 0.5, 's0'],
  ['node@0.10', 1.2, 'mwc'], ['chrome@31', 1.2, 'mwc'], ['node@0.12.18', 1.2, 'mwc'], ['node@4.2.2', 1.2, 'mwc'],
  ['v8@4.8', 1.2, 'mwc'], ['v8@2.2.2', 1, 'mwc'],
  ['ie@8', 1.2, 'lcg'], ['ie@11', 1.2, 'lcg'], ['netscape@4', 1.2, 'lcg'], ['firefox@3', 1, 'lcg'],
  ['firefox@44', 1.2, 'lcg'], ['rhino@1.7', 1, 'lcg'],
  ['v8@4.9', 1, 'full'], ['v8@1.2.8', 1, 'full'], ['safari@9', 1, 'full'], ['quickjs@0.10.1', 1, 'full'],
  ['hermes@0.12', 1, 'full'], ['chrome@1', 1, 'full'], ['hermes@0.13', 0.3, 'mt64'],
];
const CLASS = new Map(ENGINES.map(([id, , cls]) => [id, cls]));
const NAN_IDS = ['node@10', 'node@8.0.0']; // V8 5.9–7.0 and 5.6–5.8: the caches that canonicalise NaN words
const BUCKET_NS = [2, 3, 6, 10, 16, 32, 64, 100, 128, 1000, 65536, 1e6];

const infoCache = new Map();
/** The emulator package, variant and (xorshift128+) variant record of an id; `family` labels the summary's rows. */
function engineInfo(id) {
  if (!infoCache.has(id)) {
    const r = resolveEngine(id);
    const pkg = r.node?.package ?? r.era?.package ?? r.embedder?.release.package;
    const variant = r.node?.variant ?? r.era?.variant ?? r.embedder?.release.variant;
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
    case 'v8-libc': return [u32()];
    case 'quickjs': return [hex64()];
    case 'hermes': return variant === 'hermes-minstd' ? [randint(1, 2147483646)] : [...Array.from({ length: 312 }, hex64), randint(0, 312)];
    default: throw new Error(`no state shape for ${id} (${pkg})`);
  }
}

/** About the fewest values the README documents (or measured) for this class, mode and bucket count: trials draw counts around and below it. */
function minimumCount(id, full, n, fromStart) {
  const cls = CLASS.get(id);
  if (full) return { sum: fromStart ? 3 : 4, s0: 4, lcg: 1, mwc: 3, mt64: 622 }[cls] ?? (id === 'v8@1.2.8' ? 4 : 2);
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
  if (cls === 'mt64' && rnd() < 0.8) mode = 'full';
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

// ---------- one trial: observations, truth, checks ----------
/** The engine's stream from its first call, far enough for the window and every value asked. */
function truth(t) {
  const e = createEngine(t.id, { state: t.state });
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

const emptyResult = (kind, note) => ({ kind, note, cpuMs: 0, claimed: { full: 0, bucket: 0 }, wrong: [], malformed: [], remarks: [] });

/** The library: parseObservations + predict, every given value and bucket checked. */
function runLibrary(t) {
  const xs = truth(t);
  const text = observationText(t, xs);
  const cpu0 = process.cpuUsage();
  const observed = parseObservations(text, t.textForm === 'bare' ? { bucket: t.n } : {});
  const r = predict(t.id, observed, t.next, t.previous, { fromStart: t.fromStart, ...(t.bucketOpt ? { bucket: t.n } : {}) });
  const cpu = process.cpuUsage(cpu0);
  const res = { ...emptyResult(r.kind, r.note), cpuMs: (cpu.user + cpu.system) / 1000 };
  if (r.kind === 'ok' || r.kind === 'partial') {
    check(res, t, xs, 'next', r.next, 'full');
    check(res, t, xs, 'previous', r.previous, 'full');
    if (r.kind === 'partial' && t.bucketOpt && !r.buckets) res.remarks.push('partial without buckets although options.bucket was given');
    if (r.buckets) {
      check(res, t, xs, 'next', r.buckets.next, 'bucket');
      check(res, t, xs, 'previous', r.buckets.previous, 'bucket');
    }
  }
  if (r.kind === 'insufficient' && !(r.need > 0)) res.remarks.push(`insufficient with need ${r.need}`);
  return { ...res, text };
}

/** The CLI's arguments for a trial (mixed lines hold full values, so they go without --bucket: the values print as hex). */
function cliArgs(t) {
  const bucket = t.bucketOpt && t.mode !== 'mixed';
  return ['predict', '--engine', t.id, ...(bucket ? ['--bucket', String(t.n)] : []), ...(t.fromStart ? ['--from-start'] : []), '--next', String(t.next), ...(t.previous ? ['--previous', String(t.previous)] : [])];
}

/** The built CLI on the trial's observations: printed values checked, and exit 0 exactly when the first next value is printed (else 3). */
function runCli(t) {
  const xs = truth(t);
  const text = observationText(t, xs);
  const argv = cliArgs(t);
  const unit = argv.includes('--bucket') ? 'bucket' : 'full';
  const t0 = performance.now();
  const p = spawnSync(process.execPath, [CLI, ...argv], { cwd: ROOT, input: text, encoding: 'utf8', timeout: TIMEOUT_MS, killSignal: 'SIGKILL' });
  const stderr = (p.stderr ?? '').trim();
  const res = { ...emptyResult(`exit ${p.status}`, stderr), wallMs: performance.now() - t0, text, command: `node ${CLI} ${argv.join(' ')} < observations.txt` };
  if (p.error?.code === 'ETIMEDOUT' || p.signal) return { ...res, kind: p.error?.code === 'ETIMEDOUT' ? 'timeout' : 'crash', note: `${p.error?.message ?? ''} ${p.signal ?? ''}`.trim() };
  if (p.status !== 0 && p.status !== 3) return { ...res, kind: 'exception', note: `exit ${p.status}: ${p.error?.message ?? stderr}` };
  if (p.stdout === '') {
    if (p.status === 0) res.malformed.push('exit 0 with nothing printed');
    else if (!stderr) res.malformed.push('exit 3 without a reason on stderr');
    return res;
  }
  const lines = p.stdout.split('\n');
  if (lines.length !== t.previous + t.next + 2 || lines[t.previous] !== '' || lines.at(-1) !== '') res.malformed.push(`printed ${lines.length - 1} lines, not ${t.previous} previous, a blank line, ${t.next} next`);
  const next = lines.slice(t.previous + 1, t.previous + 1 + t.next);
  check(res, t, xs, 'previous', lines.slice(0, t.previous), unit);
  check(res, t, xs, 'next', next, unit);
  if ((p.status === 0) !== (next[0] !== undefined && next[0] !== '?')) res.malformed.push(`exit ${p.status} but the first next value printed is ${next[0]}`);
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
  console.log(`${t.cli ? r.command : `predict(${JSON.stringify(t.id)}, …, ${t.next}, ${t.previous}, ${JSON.stringify({ fromStart: t.fromStart, ...(t.bucketOpt ? { bucket: t.n } : {}) })})`}\nobservations:\n${r.text}`);
  console.log(`answer: ${r.kind}: ${r.note}`);
  console.log(`claimed ${r.claimed.full} full values, ${r.claimed.bucket} buckets; wrong ${r.wrong.length}`);
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
  const all = { trials: 0, full: 0, bucket: 0, wrong: 0, kinds: {}, cpu: [], failures: [], remarks: [] };
  const nan = { trials: 0, claimed: 0, wrong: 0 };
  const cli = { trials: 0, full: 0, bucket: 0, wrong: 0, kinds: {}, failures: [], remarks: [], wall: [] };
  const record = (t, r, into) => {
    into.trials++;
    into.full += r.claimed.full;
    into.bucket += r.claimed.bucket;
    into.wrong += r.wrong.length;
    into.kinds[r.kind] = (into.kinds[r.kind] ?? 0) + 1;
    if (log) appendFileSync(log, JSON.stringify({ at: new Date().toISOString(), trial: t, ...r }) + '\n');
    if (r.remarks.length) into.remarks.push({ t, r });
    if (!failed(r)) return;
    into.failures.push({ t, r });
    const what = [...r.wrong.slice(0, 3).map((w) => `${w.where}[${w.i}] expected ${w.expected} got ${w.got}`), ...r.malformed].join('; ');
    console.error(`FAILED ${t.id} ${t.mode}${t.n ? ` n=${t.n}` : ''} count ${t.count}: ${r.kind}${what ? ` — ${what}` : ''}${r.kind === 'exception' ? `\n${r.note}` : ''}\n  re-run: node recover-audit.mjs --one '${JSON.stringify(t)}'`);
  };

  const start = Date.now();
  const end = start + minutes * 60_000;
  const clock = () => { const s = Math.round((Date.now() - start) / 1000); return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`; };
  let lastProgress = start;
  if (minutes > 0) spawnChild();
  // Each id once first (every family even in a short run), then weighted; 4% near a NaN refill.
  for (let i = 0; Date.now() < end; i++) {
    const t = i < ENGINES.length ? makeTrial(ENGINES[i][0]) : i % 25 === 0 ? makeNanTrial() : makeTrial();
    const r = await inChild(t);
    record(t, r, all);
    const answered = r.kind !== 'timeout' && r.kind !== 'crash';
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
    if (t.nan) {
      nan.trials++;
      nan.claimed += r.claimed.full + r.claimed.bucket;
      nan.wrong += r.wrong.length;
    }
    if (Date.now() - lastProgress > 30_000) {
      lastProgress = Date.now();
      console.error(`[${clock()}] ${all.trials} trials, ${all.wrong} wrong, ${all.failures.length} failed`);
    }
  }
  child?.kill();
  const loopTime = clock();
  for (let k = 0; k < cliTrials; k++) {
    const t = { ...makeTrial(k < ENGINES.length && cliTrials >= ENGINES.length ? ENGINES[k][0] : undefined), cli: true };
    const r = runCli(t);
    if (!failed(r)) delete r.text;
    record(t, r, cli);
    cli.wall.push(r.wallMs);
  }

  // ---------- summary ----------
  const quantile = (list, q) => { const s = [...list].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : 0; };
  const ms = (x) => (x >= 100 ? Math.round(x).toLocaleString('en') : x.toFixed(1));
  const num = (x) => x.toLocaleString('en');
  const kinds = (k, sep = ' ') => Object.entries(k).sort((a, b) => b[1] - a[1]).map(([kind, c]) => `${kind}${sep}${num(c)}`).join(', ');
  const count = (kind) => all.kinds[kind] ?? 0;
  console.log(`\nrecover-audit: ${num(all.trials)} predict trials in ${loopTime} (m:ss), fresh random states, ${families.size} engine families`);
  console.log(`claimed: ${num(all.full)} full values, ${num(all.bucket)} buckets — wrong: ${all.wrong}`);
  console.log(`outcomes: ${kinds(all.kinds)}`);
  console.log(`timeouts: ${count('timeout')}, errors: ${count('exception') + count('crash')}, malformed answers: ${all.failures.filter(({ r }) => r.malformed.length).length}`);
  console.log(`CPU per answered trial (parse + predict): median ${ms(quantile(all.cpu, 0.5))} ms, p99 ${ms(quantile(all.cpu, 0.99))} ms, max ${ms(Math.max(0, ...all.cpu))} ms`);
  console.log(`near a NaN-canonicalising refill (V8 5.6–7.0): ${nan.trials} trials, ${num(nan.claimed)} claimed, ${nan.wrong} wrong`);
  if (cliTrials > 0) {
    console.log(`CLI (${CLI} predict): ${cli.trials} runs (${kinds(cli.kinds, ': ')}); printed ${num(cli.full)} full values, ${num(cli.bucket)} buckets — wrong: ${cli.wrong}; failed runs: ${cli.failures.length}; wall median ${ms(quantile(cli.wall, 0.5))} ms, max ${ms(Math.max(0, ...cli.wall))} ms`);
  }
  const cols = ['ok', 'partial', 'ambiguous', 'insufficient', 'inconsistent', 'unsupported'];
  const heads = ['ok', 'partial', 'ambig', 'insuff', 'incons', 'unsupp'];
  console.log(`\n${'family'.padEnd(32)}${'trials'.padStart(7)}${heads.map((c) => c.padStart(9)).join('')}${'claimed'.padStart(9)}${'wrong'.padStart(6)}${'failed'.padStart(7)}${'med ms'.padStart(8)}${'max ms'.padStart(8)}`);
  for (const [family, f] of [...families].sort((a, b) => b[1].trials - a[1].trials)) {
    console.log(`${family.padEnd(32)}${String(f.trials).padStart(7)}${cols.map((c) => String(f.kinds[c] ?? 0).padStart(9)).join('')}${num(f.claimed).padStart(9)}${String(f.wrong).padStart(6)}${String(f.failed).padStart(7)}${ms(quantile(f.cpu, 0.5)).padStart(8)}${ms(Math.max(0, ...f.cpu)).padStart(8)}`);
  }
  const remarks = [...all.remarks, ...cli.remarks];
  if (remarks.length) console.log(`\nremarks (not failures): ${remarks.length} trial(s)`);
  for (const { t, r } of remarks.slice(0, 3)) console.log(`  ${t.id} ${t.mode}${t.n ? ` n=${t.n}` : ''}: ${r.remarks.join('; ')} — ${r.kind}: ${r.note.slice(0, 160)}\n    --one '${JSON.stringify(t)}'`);
  const bad = all.failures.length + cli.failures.length;
  console.log(bad ? `\nFAILED: ${bad} trial(s) above (wrong values, timeouts, errors or malformed answers)` : '\nOK: no wrong value, timeout, error or malformed answer');
  process.exitCode = bad ? 1 : 0;
}
