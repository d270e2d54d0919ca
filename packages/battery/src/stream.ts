/**
 * How TestU01 reads a generator that returns doubles (unif01_CreateExternGen01, which is how Jan
 * de Mooij ran SmallCrush on Math.random): a test asks for U in [0, 1), for U with its first r
 * bits dropped (StripD), for an integer in [0, d) (StripL), or for s bits (StripB), and every bit
 * request sees only the top 32 bits of the double, GetBits = ⌊U · 2^32⌋.
 */
import type { Source } from './types.js';

const CHUNK = 1 << 16;
const TWO_32 = 2 ** 32;

/** A stream of uniforms read from a Source a chunk at a time, with TestU01's StripD, StripL and StripB views of each value. */
export class Uniforms {
  private readonly buf = new Float64Array(CHUNK);
  private pos = CHUNK;
  /** Values handed out so far. */
  consumed = 0;

  constructor(private readonly source: Source) {}

  /** The next U in [0, 1). */
  next(): number {
    if (this.pos === CHUNK) {
      this.source.fill(this.buf);
      this.pos = 0;
    }
    this.consumed++;
    return this.buf[this.pos++]!;
  }

  /** unif01_StripD: 2^r · U with its integer part removed (U itself for r = 0). */
  stripD(r: number): number {
    const u = this.next();
    if (r === 0) return u;
    const v = u * 2 ** r; // exact: a power-of-two scale
    return v - Math.floor(v);
  }

  /** unif01_StripL: ⌊d · StripD(r)⌋, an integer in [0, d). */
  stripL(r: number, d: number): number {
    return Math.floor(d * this.stripD(r));
  }

  /** unif01_StripB: bits r+1 .. r+s of GetBits = ⌊U · 2^32⌋, as an integer in [0, 2^s). */
  stripB(r: number, s: number): number {
    const bits = Math.floor(this.next() * TWO_32) >>> 0;
    return ((bits << r) >>> 0) >>> (32 - s);
  }

  /** Discard `count` values (used to give a second worker its own stretch of the stream). */
  skip(count: number): void {
    while (count > 0) {
      if (this.pos === CHUNK) {
        this.source.fill(this.buf);
        this.pos = 0;
      }
      const take = Math.min(count, CHUNK - this.pos);
      this.pos += take;
      this.consumed += take;
      count -= take;
    }
  }
}
