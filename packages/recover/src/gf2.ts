/**
 * Linear algebra over GF(2) for 128 unknowns (the two 64-bit xorshift128+ state words).
 * A row is a BigInt: bits 0–127 are the coefficients (bit i of state0 → i, bit i of state1 →
 * 64 + i), bit 128 is the right-hand side. Rows are reduced as they arrive (Gauss–Jordan).
 */
export const UNKNOWNS = 128;
const RHS = 1n << 128n;
const COEFFS = RHS - 1n;

export class Gf2System {
  /** pivot bit → row with that leading bit, kept fully reduced. */
  private readonly pivots = new Map<number, bigint>();
  private inconsistent = false;

  /** Adds the equation coeffs · x = rhs. Returns false once the system has become inconsistent. */
  add(coeffs: bigint, rhs: 0 | 1): boolean {
    let row = coeffs | (rhs ? RHS : 0n);
    for (const [bit, p] of this.pivots) if ((row >> BigInt(bit)) & 1n) row ^= p;
    const c = row & COEFFS;
    if (c === 0n) {
      if (row !== 0n) this.inconsistent = true;
      return !this.inconsistent;
    }
    const lead = c.toString(2).length - 1;
    for (const [bit, p] of this.pivots) if ((p >> BigInt(lead)) & 1n) this.pivots.set(bit, p ^ row);
    this.pivots.set(lead, row);
    return !this.inconsistent;
  }

  get rank(): number {
    return this.pivots.size;
  }

  get consistent(): boolean {
    return !this.inconsistent;
  }

  /** The unique solution as [state0, state1] when the rank is full. */
  solution(): [bigint, bigint] | undefined {
    if (this.inconsistent || this.rank < UNKNOWNS) return undefined;
    let x = 0n;
    for (const [bit, p] of this.pivots) if (p & RHS) x |= 1n << BigInt(bit);
    return [x & ((1n << 64n) - 1n), x >> 64n];
  }
}

/** The xorshift128 step applied to symbolic state bits (each bit a BigInt of coefficients). */
export class SymbolicXorshift128 {
  s0: bigint[] = Array.from({ length: 64 }, (_, i) => 1n << BigInt(i));
  s1: bigint[] = Array.from({ length: 64 }, (_, i) => 1n << BigInt(64 + i));

  step(): void {
    const x = this.s0.slice();
    const y = this.s1;
    // x ^= x << 23; x ^= x >> 17; x ^= y ^ (y >> 26)
    for (let i = 63; i >= 23; i--) x[i]! ^= x[i - 23]!;
    for (let i = 0; i < 64 - 17; i++) x[i]! ^= x[i + 17]!;
    for (let i = 0; i < 64; i++) x[i]! ^= y[i]! ^ (i + 26 < 64 ? y[i + 26]! : 0n);
    this.s0 = y;
    this.s1 = x;
  }
}
