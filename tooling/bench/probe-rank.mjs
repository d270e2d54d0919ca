import { Gf2System, s0Offset, symbolicRows } from '@emu/recover';
const table = symbolicRows(200);
const rank = (sets) => { const s = new Gf2System(); for (const [t0, lo, L] of sets) for (let j = lo; j < lo + L; j++) for (let u = 0; u <= 2; u++) s.add(table, s0Offset(t0 + u, j), -1, -1, 0); return s.rank; };
for (const [name, lo, cin, tA, tB] of [['low 52, 62-cache', 0, 0, 61, 183], ['>> 11, 64-cache', 11, 2, 63, 189]]) {
  console.log(name);
  for (const a of [20, 22, 24, 26, 27, 28, 30, 32, 36, 40, 43]) {
    const rA = rank([[tA, lo, a]]), rB = rank([[tB, lo, a]]), rAB = rank([[tA, lo, a], [tB, lo, a]]);
    const pA = a + cin - (3 * a - rA);
    const K = rA + rB - rAB;
    console.log(`  a=b=${a}: rankA ${rA} (internal ${3 * a - rA}), rankB ${rB}, rank A∪B ${rAB}, cross checks ${K}; list 2^${pA} each, joined 2^${2 * pA - K}`);
  }
}
