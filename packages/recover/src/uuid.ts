/**
 * Version-4 UUIDs made by the common Math.random() template
 *
 *   'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
 *     const r = (Math.random() * 16) | 0;
 *     return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
 *   })
 *
 * as observations: 31 calls a UUID, in order; an x digit is the bucket ⌊x·16⌋, the y digit only
 * that bucket's residue modulo 4 (its two high bits are replaced by 10), the 4 is no call.
 */
import { InvalidHexError } from '@emu/core';
import type { Observed } from './observe.js';

/** Math.random() calls per UUID. */
export const UUID_CALLS = 31;

const TEMPLATE = 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx';
const SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The 31 observations of one UUID (where: prefix for the error naming it). */
export function uuidObservations(uuid: string, where = ''): Observed[] {
  const u = uuid.trim().toLowerCase();
  if (!SHAPE.test(u)) {
    throw new InvalidHexError(`${where}not a version-4 UUID of the template ${TEMPLATE} (hex digits, the 4 and y ∈ 8, 9, a, b in place): ${JSON.stringify(uuid)}`);
  }
  const out: Observed[] = [];
  for (let i = 0; i < TEMPLATE.length; i++) {
    const c = TEMPLATE[i];
    if (c !== 'x' && c !== 'y') continue;
    const v = parseInt(u[i]!, 16);
    out.push(c === 'x' ? { n: 16, value: v } : { n: 16, mod: 4, value: v & 3 });
  }
  return out;
}

/** One UUID a line (blank lines skipped), in the order they were made: their calls' observations. */
export function parseUuids(text: string, max = Infinity): Observed[] {
  const out: Observed[] = [];
  let count = 0;
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    if (++count > max) throw new InvalidHexError(`line ${i + 1}: more than ${max} UUIDs; recovery needs a few consecutive ones — give the first ${max} or fewer`);
    out.push(...uuidObservations(line, `line ${i + 1}: `));
  });
  return out;
}

/**
 * The UUIDs that buckets ⌊x·16⌋ of consecutive calls make (31 a UUID, from a UUID's first call),
 * '?' for each digit whose bucket is null (not known); a trailing incomplete group is left out.
 */
export function uuidsFromBuckets(buckets: readonly (number | null)[]): string[] {
  const out: string[] = [];
  for (let k = 0; k + UUID_CALLS <= buckets.length; k += UUID_CALLS) {
    let s = '';
    let b = k;
    for (const c of TEMPLATE) {
      if (c !== 'x' && c !== 'y') {
        s += c;
        continue;
      }
      const v = buckets[b++];
      s += v === null || v === undefined ? '?' : (c === 'x' ? v : (v & 3) | 8).toString(16);
    }
    out.push(s);
  }
  return out;
}
