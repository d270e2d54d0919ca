/**
 * A system of linear equations over GF(2) in at most 32 unknowns (one int32 mask per equation),
 * kept reduced as equations are added — row `piv[p]` has lowest set bit p, its other bits above it
 * — with undo, for depth-first searches that branch by adding equations: JavaScriptCore's 32-bit
 * realm seed (@emu/recover) and glibc random()'s 31 hidden low bits (@emu/v8-libc).
 */

/** The parity (XOR of all bits) of an int32. */
function parity32(w: number): number {
  w ^= w >>> 16;
  w ^= w >>> 8;
  w ^= w >>> 4;
  w ^= w >>> 2;
  return (w ^ (w >>> 1)) & 1;
}

/** form · x = r equations over `width` ≤ 32 unknowns (bit i of x is unknown i), with undo. */
export class Gf2System32 {
  private readonly piv = new Int32Array(32);
  private readonly rhs = new Uint8Array(32);
  private readonly has = new Uint8Array(32);
  private readonly log: number[] = [];
  /** Independent equations held. */
  rank = 0;

  constructor(readonly width = 32) {
    if (!Number.isInteger(width) || width < 1 || width > 32) throw new RangeError(`Gf2System32: width ${String(width)} is not an integer in [1, 32]`);
  }

  /** The form's value where the system fixes it, else −1. */
  valueOf(mask: number, r = 0): number {
    for (let p = 0; p < 32 && mask !== 0; p++) {
      if ((mask >>> p) & 1 && this.has[p]) {
        mask ^= this.piv[p]!;
        r ^= this.rhs[p]!;
      }
    }
    return mask === 0 ? r : -1;
  }

  /** Adds form · x = r; false when it contradicts the system (nothing added then). */
  add(mask: number, r: number): boolean {
    for (let p = 0; p < 32 && mask !== 0; p++) {
      if ((mask >>> p) & 1 && this.has[p]) {
        mask ^= this.piv[p]!;
        r ^= this.rhs[p]!;
      }
    }
    if (mask === 0) return r === 0;
    const p = 31 - Math.clz32(mask & -mask);
    this.has[p] = 1;
    this.piv[p] = mask;
    this.rhs[p] = r;
    this.log.push(p);
    this.rank++;
    return true;
  }

  /** A point to undo() back to. */
  mark(): number {
    return this.log.length;
  }

  /** Removes the equations added since `mark()` returned `to`. */
  undo(to: number): void {
    while (this.log.length > to) {
      this.has[this.log.pop()!] = 0;
      this.rank--;
    }
  }

  /** The unknowns (below `width`) no row pivots on. */
  free(): number[] {
    const out: number[] = [];
    for (let p = 0; p < this.width; p++) if (!this.has[p]) out.push(p);
    return out;
  }

  /** The solution with free unknown free[i] = bit i of g, the pivots solved from the top down (uint32). */
  solve(free: readonly number[], g: number): number {
    let x = 0;
    for (let i = 0; i < free.length; i++) if ((g >>> i) & 1) x |= 1 << free[i]!;
    for (let p = 31; p >= 0; p--) {
      if (!this.has[p]) continue;
      if (this.rhs[p]! ^ parity32(this.piv[p]! & x & ~(1 << p))) x |= 1 << p;
      else x &= ~(1 << p);
    }
    return x >>> 0;
  }

  /**
   * Every solution, each passed to `visit` (as an unsigned 32-bit number): 2^free.length of them,
   * in Gray-code order — the solutions are an affine space, so after the first each is the one
   * before XOR one basis vector (two solves per free unknown in all, not one per solution).
   */
  eachSolution(free: readonly number[], visit: (x: number) => void): void {
    const x0 = this.solve(free, 0);
    const basis = free.map((_, i) => this.solve(free, 2 ** i) ^ x0);
    let x = x0;
    visit(x);
    for (let g = 1; g < 2 ** free.length; g++) {
      x = (x ^ basis[31 - Math.clz32(g & -g)]!) >>> 0;
      visit(x);
    }
  }
}
