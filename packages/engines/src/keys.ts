/**
 * Map/Set/WeakMap/WeakSet keys hashed between a script's Math.random() calls (node 4.0–8.9.4).
 * In those releases V8's collections gave each object the first time it became a key a hash made
 * from the next Math.random value, which the script then never sees: lodash's `_.uniq` of 200 or
 * more objects builds a Set of them, so every fresh object costs one value (measured with
 * tooling/conformance/scripts/foreign-scripts.mjs: 250 fresh objects between two `_.shuffle`s
 * leave a gap of exactly 250 values in node 4.2.2, 6.17.1 and 8.2.1, none in 10.24.1).
 * `keysAt: [[I, K], …]` says "after the script's I-th value, K fresh objects became keys".
 */
import { type Emulator, InvalidOptionError, describeValue } from '@emu/core';

/** One event: after `after` values the script saw, `keys` fresh objects were hashed. */
export type KeysAt = readonly (readonly [number, number])[];

/** Validates keysAt: pairs of non-negative safe integers, `after` strictly ascending. */
export function parseKeysAt(input: unknown): [number, number][] {
  if (!Array.isArray(input)) throw new InvalidOptionError(`keysAt must be an array of [after, keys] pairs, got ${describeValue(input)}`);
  const out: [number, number][] = [];
  for (const pair of input as unknown[]) {
    if (!Array.isArray(pair) || pair.length !== 2 || !pair.every((x) => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0)) {
      throw new InvalidOptionError(`keysAt: each entry is [after, keys], two non-negative integers (after: values the script drew before; keys: fresh objects hashed), got ${describeValue(pair)}`);
    }
    const [after, keys] = pair as [number, number];
    if (out.length && after <= out[out.length - 1]![0]) throw new InvalidOptionError(`keysAt: the 'after' counts must be strictly ascending, got ${after} after ${out[out.length - 1]![0]}`);
    out.push([after, keys]);
  }
  return out;
}

/**
 * The emulator as the script sees it: after its I-th value the next K values of `inner` go to key
 * hashes. Gaps are taken as soon as the script reaches them, so getState()/clone() always stand at
 * the script's next value.
 */
export function withKeysAt(inner: Emulator, events: KeysAt, drawn = 0): Emulator {
  let seen = drawn;
  let next = events.findIndex(([after]) => after >= seen);
  if (next < 0) next = events.length;
  const settle = () => {
    while (next < events.length && events[next]![0] === seen) inner.skip(events[next++]![1]);
  };
  settle();
  const emu: Emulator = {
    engine: inner.engine,
    variant: inner.variant,
    random() {
      const x = inner.random();
      seen++;
      settle();
      return x;
    },
    fill(out: Float64Array) {
      for (let i = 0; i < out.length; i++) out[i] = emu.random();
      return out;
    },
    getState() {
      return inner.getState();
    },
    clone() {
      return withKeysAt(inner.clone(), events.slice(next), seen);
    },
    skip(n: number) {
      if (!Number.isSafeInteger(n) || n < 0) throw new InvalidOptionError(`skip: n must be a non-negative safe integer, got ${describeValue(n)}`);
      while (n > 0) {
        const step = next < events.length ? Math.min(n, events[next]![0] - seen) : n;
        inner.skip(step);
        seen += step;
        n -= step;
        settle();
      }
    },
  };
  if (typeof inner.raw === 'function') {
    const raw = inner.raw.bind(inner);
    emu.raw = () => {
      const r = raw();
      seen++;
      settle();
      return r;
    };
  }
  return emu;
}

/**
 * Which collection operations took a Math.random value for an object that had no identity hash
 * yet, in a Node release (recorded from the real binaries: tooling/conformance/scripts/record-keys.mjs,
 * fixtures/keys-ops.json). Undefined where none did (node ≤ 0.12, ≥ 8.10). Otherwise Map#set,
 * Map#delete, Set#add, WeakMap#set, WeakSet#add (and the constructors, through them) did, and
 * Map#has up to V8 6.0 (node 8.6); never Map#get, Set#has/delete, the weak collections' get/has/delete,
 * the global object, a Proxy, a primitive or a symbol; one value per object, ever.
 */
export function keyHashing(release: { readonly keys: string; readonly v8: string }): { readonly mapHas: boolean } | undefined {
  if (release.keys !== 'values') return undefined;
  const [major, minor] = release.v8.split('.').map(Number) as [number, number];
  return { mapHas: major < 6 || (major === 6 && minor < 1) };
}
