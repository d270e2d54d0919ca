// The battery against TestU01 itself: fixtures/testu01-smallcrush.json holds the p-values TestU01's
// own bbattery_SmallCrush printed for these streams (fixtures/record-testu01.mjs made it).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEngine } from '@emu/engines';
// @ts-expect-error -- a plain .mjs helper shared with the recorder, no types
import { agrees } from '../fixtures/agree.mjs';
import { runSmallCrush, SMALLCRUSH, Uniforms } from './index.js';

interface Case { engine: string; args: string[]; pvalues: { test: string; p: number }[] }
const { cases } = JSON.parse(readFileSync(new URL('../fixtures/testu01-smallcrush.json', import.meta.url), 'utf8')) as { cases: Case[] };
const byEngine = (id: string) => cases.find((c) => c.engine === id)!;
const seedOf = (c: Case) => Number(c.args[c.args.indexOf('--seed') + 1]);

function expectAgreement(c: Case, ours: { test: string; p: number }[], from = 0) {
  const theirs = c.pvalues.slice(from);
  expect(ours.map((r) => r.test)).toEqual(theirs.map((t) => t.test));
  for (let i = 0; i < theirs.length; i++) {
    expect(agrees(theirs[i]!.test, ours[i]!.p, theirs[i]!.p), `${c.engine} ${theirs[i]!.test}: ours ${ours[i]!.p}, TestU01 ${theirs[i]!.p}`).toBe(true);
  }
}

describe('SmallCrush agrees with TestU01 1.2.3 on the same streams', () => {
  it('de Mooij\'s 2015 Firefox (the LCG): one failure, BirthdaySpacings', () => {
    const c = byEngine('firefox-lcg');
    const ours = runSmallCrush(createEngine(c.engine, { seed: seedOf(c) }));
    expectAgreement(c, ours);
    expect(ours.filter((r) => r.verdict !== 'pass').map((r) => r.test)).toEqual(['BirthdaySpacings']);
  });

  it('V8 7.1+ (state0 only), all fifteen statistics', () => {
    const c = byEngine('xorshift128plus');
    expectAgreement(c, runSmallCrush(createEngine(c.engine, { seed: seedOf(c) })));
  });

  it('a split run (consume the first five tests\' reads, then run the rest) reads the same stream', () => {
    const c = byEngine('v8-2015');
    const u = new Uniforms(createEngine(c.engine, { seed: seedOf(c) }));
    for (let i = 0; i < 5; i++) SMALLCRUSH[i]!.consume(u);
    const rest = runSmallCrush(u, { tests: [5, 6, 7, 8, 9] });
    expectAgreement(c, rest, c.pvalues.findIndex((t) => t.test === 'MaxOft'));
  });
});
