import { describe, expect, it } from 'vitest';
import { Gf2System32 } from './gf2-small.js';

const parity = (w: number) => {
  let p = 0;
  for (let x = w >>> 0; x; x &= x - 1) p ^= 1;
  return p;
};

describe('Gf2System32', () => {
  it('lists exactly the solutions brute force finds (width 10, random systems, with undo)', () => {
    let seed = 12345;
    const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8;
    for (let trial = 0; trial < 200; trial++) {
      const sys = new Gf2System32(10);
      const eqs: [number, number][] = [];
      const base = sys.mark();
      for (let i = 0; i < 1 + (trial % 12); i++) {
        const eq: [number, number] = [rnd() & 0x3ff, rnd() & 1];
        const m = sys.mark();
        if (sys.add(eq[0], eq[1])) eqs.push(eq);
        else {
          // a contradiction leaves the system as it was
          sys.undo(m);
        }
      }
      const brute = [];
      for (let x = 0; x < 1024; x++) if (eqs.every(([m, r]) => parity(m & x) === r)) brute.push(x);
      const free = sys.free();
      const listed = Array.from({ length: 2 ** free.length }, (_, g) => sys.solve(free, g)).sort((a, b) => a - b);
      expect(listed, `trial ${trial}`).toEqual(brute);
      const visited: number[] = [];
      sys.eachSolution(free, (x) => visited.push(x));
      expect(visited.sort((a, b) => a - b), `trial ${trial}: eachSolution`).toEqual(brute);
      expect(sys.rank).toBe(10 - free.length);
      // a form the system fixes has that value in every solution; one it does not, −1
      const probe = rnd() & 0x3ff;
      const v = sys.valueOf(probe);
      const seen = new Set(brute.map((x) => parity(probe & x)));
      expect(v).toBe(seen.size === 1 ? [...seen][0] : -1);
      sys.undo(base);
      expect(sys.rank).toBe(0);
    }
  });

  it('rejects a width outside 1 … 32', () => {
    expect(() => new Gf2System32(0)).toThrow(/width 0/);
    expect(() => new Gf2System32(33)).toThrow(/width 33/);
  });
});
