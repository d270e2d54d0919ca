export { recoverXorshift, type XorshiftCandidate, type XorshiftRecovery } from './xorshift.js';
export { Gf2System, SymbolicXorshift128, UNKNOWNS } from './gf2.js';
