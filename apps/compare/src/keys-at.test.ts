/** --keys-at: keys hashed between a script's calls (node 4.0–8.9.4), and the note when it is not given. */
import { describe, expect, it } from 'vitest';
import { run } from './main.js';

function cli(args: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = run(args, { out: (s) => (out += s), err: (s) => (err += s) }) as number;
  return { code, out, err };
}

describe('compare sequence --keys-at', () => {
  it('skips the values the keys took (node 4.2.2 -e, seed 5, a Set of 3 objects after the first value: the real binary printed 3fef25cbbfc00000 3fd611fb70800000)', () => {
    const r = cli(['sequence', '--engine', 'node@4.2.2', '--random-seed', '5', '--entry', 'eval', '--count', '2', '--keys-at', '1:3']);
    expect(r).toEqual({ code: 0, out: '3fef25cbbfc00000\n3fd611fb70800000\n', err: '' });
  });

  it('without it, node 4.0–8.9.4 say on stderr that keys leave gaps; other releases say nothing', () => {
    const a = cli(['sequence', '--engine', 'node@4.2.2', '--random-seed', '5', '--count', '1']);
    expect(a.code).toBe(0);
    expect(a.err).toMatch(/node 4\.2\.2 takes one Math\.random\(\) value for each fresh object .* give --keys-at I:K/);
    expect(cli(['sequence', '--engine', 'node@10.24.1', '--random-seed', '5', '--count', '1']).err).toBe('');
  });

  it.each([['1-3'], ['1:'], ['2:1,x'], ['1:2000000']])('--keys-at %j → usage error naming it', (bad) => {
    const r = cli(['sequence', '--engine', 'node@4.2.2', '--random-seed', '5', '--count', '1', '--keys-at', bad]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--keys-at takes I:K pairs/);
  });

  it('descending pairs and releases without Map are refused with the reason', () => {
    expect(cli(['sequence', '--engine', 'node@4.2.2', '--random-seed', '5', '--count', '1', '--keys-at', '5:1,2:1']).err).toMatch(/strictly ascending, got 2 after 5/);
    expect(cli(['sequence', '--engine', 'node@0.10.48', '--random-seed', '5', '--count', '1', '--keys-at', '1:1']).err).toMatch(/no Map\/WeakMap/);
  });
});
