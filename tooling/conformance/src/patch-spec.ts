/**
 * Turns the V8 patch file into runnable code: the "-" side and the "+" side of src/js/math.js,
 * exactly as the patch has them. Nothing is retyped: hunks are read from the file, V8's
 * runtime-call syntax `%Name(` / `%_Name(` becomes a call to a shim of the same name, and the
 * shims (ConstructDouble, InitializeRNG, …) are written here independently of @emu/core.
 */
import { readFileSync } from 'node:fs';

export type Side = 'old' | 'new';

/** The text of one side of every hunk of a unified diff, hunks joined in order. */
export function sideOfPatch(patch: string, side: Side): string {
  const out: string[] = [];
  let inHunk = false;
  for (const line of patch.split('\n')) {
    if (line.startsWith('@@')) {
      inHunk = true;
      continue;
    }
    if (line.startsWith('diff --git') || line.startsWith('---') || line.startsWith('+++')) {
      inHunk = false;
      continue;
    }
    if (!inHunk) continue;
    const tag = line[0];
    const text = line.slice(1);
    if (tag === ' ' || line === '') out.push(text);
    else if (tag === '-' && side === 'old') out.push(text);
    else if (tag === '+' && side === 'new') out.push(text);
  }
  return out.join('\n');
}

/** %_ConstructDouble(hi, lo) on BigInt and a Float64Array: an implementation @emu/core does not share. */
export function shimConstructDouble(hi: number, lo: number): number {
  const f = new Float64Array(1);
  new BigUint64Array(f.buffer)[0] = (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
  return f[0]!;
}

export interface PatchSide {
  MathRandom(): number;
  MathRandomRaw(): number;
  /** The side's MWC state words now, in source order ([rngstate_0..3] or [a, b, c, d]). */
  state(): number[];
}

// Reads whichever state variables the evaluated side declares.
const STATE_READER = `function () {
  return typeof rngstate === 'object' ? [rngstate.a, rngstate.b, rngstate.c, rngstate.d]
    : [rngstate_0, rngstate_1, rngstate_2, rngstate_3];
}`;

/**
 * Evaluates one side of the patch with the MWC state set to `state` ([rngstate_0..3] / [a, b, c, d])
 * through the side's own utils.InitializeRNG, and returns its MathRandom and MathRandomRaw.
 */
export function loadPatchSide(patchText: string, side: Side, state: readonly number[]): PatchSide {
  const source = sideOfPatch(patchText, side).replace(/%_?([A-Za-z]+)\(/g, '$1(');
  const utils: Record<string, unknown> = { InternalArray: Array, ImportNow: () => undefined };
  const global = { Math, Object };
  const factory = new Function(
    'global', 'utils', 'MathImul', 'ConstructDouble', 'InitializeRNG', 'GetRootNaN',
    `${source}\nutils.InitializeRNG();\nreturn { MathRandom: MathRandom, MathRandomRaw: MathRandomRaw, state: ${STATE_READER} };`,
  );
  return factory(global, utils, Math.imul, shimConstructDouble, () => [...state], () => NaN) as PatchSide;
}

export function readPatch(): string {
  return readFileSync(new URL('../fixtures/001-commit-623cbdc54327-tweak-rng.patch', import.meta.url), 'utf8');
}
