/**
 * pin(): replaces Math.random with an emulator of a chosen engine version, and gives back the
 * function that puts the original back. Browser-safe (no Node built-ins).
 */
import { type Emulator, InvalidOptionError, describeValue } from '@emu/core';
import { createEngine, keyHashing, resolveEngine } from '@emu/engines';
import type { PinOptions } from './options.js';

/** Puts the original Math.random back; calling it twice is harmless. */
export type Restore = () => void;

/** The emulator a pin uses, for callers that want it (e.g. to read its state). */
export interface Pinned {
  /** The emulator behind the pinned Math.random. */
  readonly emulator: Emulator;
  /** Puts the original Math.random back. */
  readonly restore: Restore;
}

/** Creates the emulator a pin would install, without installing it. */
export function pinnedEmulator(id: string, options: PinOptions): Emulator {
  if (typeof id !== 'string' || id === '') throw new InvalidOptionError(`@emu/pin: engine id must be a non-empty string, got ${describeValue(id)}`);
  if (options.seed === undefined && options.state === undefined) {
    throw new InvalidOptionError(`@emu/pin: pin(${JSON.stringify(id)}) needs { seed } or { state }`);
  }
  return createEngine(id, {
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.state !== undefined ? { state: options.state } : {}),
    ...(options.entry !== undefined ? { entry: options.entry } : {}),
    // node@ ids: the start-up position is searched so the pinned code's first value is this one.
    ...(options.firstValue !== undefined ? { firstValue: options.firstValue } : {}),
  });
}

/**
 * Replaces `Math.random` (or `options.target.random`) with the emulator of engine `id`
 * (any id @emu/engines knows: `node@4.2.2`, `chrome@49`, `v8-2015`, …) started from
 * `options.seed` or `options.state`, and returns the function that restores the original.
 * For node@… ids with a seed, the first value is the one the emulated Node's script got first
 * (Node's own start-up draws are passed over, per `options.entry`).
 *
 * ```ts
 * // vitest.setup.ts / jest.setup.js
 * import { pin } from '@emu/pin';
 * const restore = pin('node@4.2.2', { seed: 42 });
 * afterAll(restore);
 * ```
 */
export function pin(id: string, options: PinOptions): Restore {
  return pinWith(id, options).restore;
}

/** pin(), also returning the emulator. */
export function pinWith(id: string, options: PinOptions): Pinned {
  const emulator = pinnedEmulator(id, options);
  const target = options.target ?? Math;
  const original = target.random;
  const random = function random(): number {
    return emulator.random();
  };
  target.random = random;
  // Node 4.0 – 8.9.4 gave a fresh object key a hash from the next Math.random value: with hashKeys
  // the same collection calls take the same values here (only when the real Math is pinned).
  const release = resolveEngine(id).node;
  const hashing = release && options.hashKeys === true && target === Math ? keyHashing(release) : undefined;
  const unhook = hashing ? hookCollections(emulator, hashing.mapHas, options.isProxy) : undefined;
  let restored = false;
  return {
    emulator,
    restore: () => {
      if (restored) return;
      restored = true;
      if (target.random === random) target.random = original;
      unhook?.();
    },
  };
}

/**
 * Wraps the collection methods that hashed a fresh object key in V8 4.5 – 6.1 (Map#set, Map#delete,
 * Set#add, WeakMap#set, WeakSet#add; Map#has up to V8 6.0) so that each object's first such call
 * takes one value from the emulator, after the real method (which throws first on a bad receiver
 * or key, as V8 did before hashing). Not the global object, not a Proxy (when `isProxy` can tell),
 * never a primitive or a symbol. Returns the function that puts the methods back.
 */
function hookCollections(emulator: Emulator, mapHas: boolean, isProxy?: (x: unknown) => boolean): () => void {
  const hashed = new WeakSet<object>();
  const addHashed = WeakSet.prototype.add;
  const hasHashed = WeakSet.prototype.has;
  const methods: [object, string][] = [
    [Map.prototype, 'set'],
    [Map.prototype, 'delete'],
    [Set.prototype, 'add'],
    [WeakMap.prototype, 'set'],
    [WeakSet.prototype, 'add'],
  ];
  if (mapHas) methods.push([Map.prototype, 'has']);
  const saved: [object, string, unknown, (...a: unknown[]) => unknown][] = [];
  for (const [proto, name] of methods) {
    const original = (proto as Record<string, unknown>)[name] as (...a: unknown[]) => unknown;
    const wrapper = {
      [name](this: unknown, ...args: unknown[]): unknown {
        const result = original.apply(this, args);
        const key = args[0];
        if (((typeof key === 'object' && key !== null) || typeof key === 'function') && key !== globalThis && !hasHashed.call(hashed, key) && !isProxy?.(key)) {
          addHashed.call(hashed, key);
          emulator.random();
        }
        return result;
      },
    }[name]!;
    Object.defineProperty(proto, name, { value: wrapper, writable: true, configurable: true, enumerable: false });
    saved.push([proto, name, wrapper, original]);
  }
  return () => {
    for (const [proto, name, wrapper, original] of saved) {
      if ((proto as Record<string, unknown>)[name] === wrapper) Object.defineProperty(proto, name, { value: original, writable: true, configurable: true, enumerable: false });
    }
  };
}
