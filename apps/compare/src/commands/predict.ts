import { doubleToHex } from '@emu/core';
import { type Outcome, UUID_CALLS, predict, renderPrediction, uuidsFromBuckets } from '@emu/recover';
import type { Command, Io } from '../io.js';
import { UsageError, bucketOption, formatFloat, observations, parse, parseCount, uuidObservations } from '../options.js';

export const HELP = `Usage: compare predict --engine X [--from-start] [--bucket N] [--next N] [--previous N] [--format hex|float|bucket]
                       [--near DATE [--window 1d]] < observed.txt
       compare predict --engine X --uuid [--from-start] [--next N] [--previous N] < uuids.txt

Reads consecutive observations, one per line, recovers the engine's state, and prints the N
previous values (chronological), a blank line, then the N next values.
  --from-start   the first observation is the first Math.random() call of its realm (a fresh
                 process or page): fixes where it sits in V8's cache, so fewer values are needed;
                 on JavaScriptCore (Safari 10+, WebKitGTK, Bun) one full value is enough — each
                 realm is seeded from one 32-bit number, which the first value gives back (one
                 UUID, 8 IDs of 64 or 12 percentages from the start do too)
  --near DATE    the generator was seeded near DATE (ISO 8601, e.g. 2015-11-20T10:00Z, or epoch ms)
                 and the observations start at its first call: IE 6–8 (ie@6 … ie@8: JScript's
                 clock seed through Chakra's shuffle) and V8 ≤ 1.2.7 with glibc (v8-libc:
                 srandom(ms)); every millisecond within ±--window (90s, 30m, 2h, 1d; default 1d
                 for IE, 1h for glibc; at most 4d / 2d) is tried. The millisecond found is printed
                 on stderr; none: exit 3 naming the range searched.
When several states fit (and every one that fits is known), the values they all agree on are
printed and '?' stands for the others, with the reason on stderr; exit 0 when the first requested
value is determined, 3 when it is not. Exit 3 with a one-line reason when the data are too few
("need about K more"), no state is proven to be the only ones, or none explains them (at most
10,000 lines of at most 100 characters are read). A line is one of:
  0.123…, 3fbf7ced916872b0    a Math.random value as JavaScript printed it, or its 16 hex digits
  j/n                         only Math.floor(Math.random() * n) = j was seen (a die, an ID, an index)
  j                           the same with n from --bucket N
  j/n%m, j%m                  only Math.floor(Math.random() * n) % m = j was seen (n from --bucket
                              in the second form): a UUID v4's y digit 8–b is ⌊x·16⌋ % 4
  ?                           a call whose value was not seen
--uuid reads version-4 UUIDs instead, one per line, made one after another by the common template
('xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, …) with (Math.random() * 16) | 0: 31 calls
a UUID, the y digit its bucket % 4), and prints the --previous N and --next N UUIDs (default 1), '?'
for a digit the fitting states disagree on. From the start of a process or page (--from-start) 2
UUIDs are enough on every xorshift128+ engine (about 1 s; node 12–25 a few ms), 1 is not — but
on JavaScriptCore (Safari, WebKitGTK, Bun) 1 is (the realm's 32-bit seed).
Mid-stream: 2 on SpiderMonkey, JSC, Chakra, Chromium and node 12–25, 3 on node 6–11 and 26
(their backwards caches; about 1–3 s, 2 leave them "ambiguous" or "not enough data").
Bun 0.6 … 1.3.5 (JSC's JIT step, arithmetic shifts): 4 full values from anywhere, one more than JSC
for buckets; of --previous N the earliest is '?' (two states fit there: the step forgets a bit).
Buckets work for the xorshift128+ engines (node 6+, Chromium, Firefox 45+, Safari/JSC 10+, Bun, Edge
Chakra: on the (s0 + s1) mappings powers of two from n = 16, 48, other n from about 70, 50–63
on a lucky run only; the coarsest (16, 100, …) take up to about 1 s a solve, and mid-stream on
node 6–11 and 26 (backwards caches) about twice as many values and a few solves; any n on node
12–25's s0 mappings), the MWC1616 eras (node ≤ 5, n ≥ 64: Betable-style IDs) and the 48-bit
LCGs (IE, Netscape, Firefox ≤ 44, Rhino: n ≥ 5; 2–4 are refused); the others (GameRand, v8-patched, Hermes,
QuickJS) take full values. Each value gives at most log2 N bits of 128. With --bucket the
predictions print as buckets unless --format says otherwise.
`;

function predictCmd(args: string[], io: Io): number {
  const values = parse(args, { engine: { type: 'string' }, 'from-start': { type: 'boolean' }, next: { type: 'string' }, previous: { type: 'string' }, format: { type: 'string' }, bucket: { type: 'string' }, near: { type: 'string' }, window: { type: 'string' }, uuid: { type: 'boolean' } });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const engine = values.engine as string | undefined;
  if (!engine) throw new UsageError('--engine is required (see compare engines)');
  if (values.uuid === true) return uuidCmd(engine, values, io);
  const bucket = bucketOption(values.bucket);
  const format = (values.format as string | undefined) ?? (bucket ? 'bucket' : 'hex');
  if (!['hex', 'float', 'bucket'].includes(format)) throw new UsageError(`--format must be hex, float or bucket, got ${JSON.stringify(format)}`);
  if (format === 'bucket' && !bucket) throw new UsageError('--format bucket needs --bucket N');
  const next = values.next === undefined ? 10 : parseCount(values.next as string, undefined, '--next', 1_000_000);
  const previous = values.previous === undefined || values.previous === '0' ? 0 : parseCount(values.previous as string, undefined, '--previous', 1_000_000);
  const observed = observations(io, 'predict', bucket);
  const near = values.near === undefined ? undefined : nearOption(values.near as string);
  if (values.window !== undefined && near === undefined) throw new UsageError('--window needs --near DATE');
  const window = values.window === undefined ? undefined : windowOption(values.window as string);
  const r = predict(engine, observed, next, previous, { fromStart: values['from-start'] === true, ...(bucket ? { bucket } : {}), ...(near !== undefined ? { near } : {}), ...(window !== undefined ? { window } : {}) });
  if (near !== undefined && (r.kind === 'ok' || r.kind === 'partial')) io.err(`compare: ${engine} (${r.variant}): ${r.note}\n`);
  const show = format === 'hex' ? doubleToHex : format === 'float' ? formatFloat : (x: number) => String(Math.floor(x * bucket!));
  const rendered = renderPrediction(r, show, format === 'bucket' ? bucket : undefined);
  if (rendered.out) io.out(rendered.out);
  if (rendered.err) io.err(`compare: ${engine} (${r.variant}): ${rendered.err}\n`);
  return rendered.code;
}

/** --uuid: UUIDs in, UUIDs out (31 calls each, as ⌊x·16⌋ buckets). */
function uuidCmd(engine: string, values: Record<string, unknown>, io: Io): number {
  for (const o of ['bucket', 'format', 'near', 'window']) if (values[o] !== undefined) throw new UsageError(`--uuid takes no --${o} (its digits are buckets of 16, printed as UUIDs)`);
  const next = values.next === undefined ? 1 : parseCount(values.next as string, undefined, '--next', 10_000);
  const previous = values.previous === undefined || values.previous === '0' ? 0 : parseCount(values.previous as string, undefined, '--previous', 10_000);
  const observed = uuidObservations(io, 'predict');
  const r = predict(engine, observed, next * UUID_CALLS, previous * UUID_CALLS, { fromStart: values['from-start'] === true, bucket: 16 });
  const rendered = renderUuids(r);
  if (rendered.out) io.out(rendered.out);
  if (rendered.err) io.err(`compare: ${engine} (${r.variant}): ${rendered.err}\n`);
  return rendered.code;
}

/** The previous UUIDs, an empty line, the next ones; exit 0 when the first requested digit is known (as renderPrediction). */
function renderUuids(r: Outcome): { out: string; err: string; code: number } {
  if (r.kind !== 'ok' && r.kind !== 'partial') return { out: '', err: r.note, code: 3 };
  const bucketOf = (x: number | null) => (x === null ? null : Math.floor(x * 16));
  const next = r.kind === 'partial' && r.buckets ? r.buckets.next : r.next.map(bucketOf);
  const previous = r.kind === 'partial' && r.buckets ? r.buckets.previous : r.previous.map(bucketOf);
  const out = [...uuidsFromBuckets(previous), '', ...uuidsFromBuckets(next)].join('\n') + '\n';
  if (r.kind === 'ok') return { out, err: '', code: 0 };
  const first = next.length ? next[0] : previous[previous.length - 1];
  return { out, err: r.note, code: first !== null && first !== undefined ? 0 : 3 };
}

/** --near: an ISO 8601 date (UTC unless it says otherwise) or epoch milliseconds. */
function nearOption(raw: string): number {
  const ms = /^[0-9]+$/.test(raw) ? Number(raw) : /^\d{4}-\d{2}-\d{2}/.test(raw) ? Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(raw) || !raw.includes('T') ? raw : `${raw}Z`) : NaN;
  if (!Number.isSafeInteger(ms) || ms < 0) throw new UsageError(`--near must be an ISO 8601 date (2015-11-20T10:00Z) or epoch milliseconds, got ${JSON.stringify(raw)}`);
  return ms;
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** --window: 500ms, 90s, 30m, 2h, 1d or plain milliseconds; at most 4 days. */
function windowOption(raw: string): number {
  const m = /^([0-9]+(?:\.[0-9]+)?)(ms|s|m|h|d)?$/.exec(raw);
  const ms = m ? Math.round(Number(m[1]) * UNITS[m[2] ?? 'ms']!) : NaN;
  if (!Number.isSafeInteger(ms) || ms < 0 || ms > 4 * 86_400_000) throw new UsageError(`--window must be a duration up to 4d (500ms, 90s, 30m, 2h, 1d), got ${JSON.stringify(raw)}`);
  return ms;
}

export const command: Command = { name: 'predict', summary: "recover an engine's state from observed values; print previous and next values", help: HELP, run: predictCmd };
