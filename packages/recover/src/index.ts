export { recoverXorshift, type XorshiftCandidate, type XorshiftRecovery } from './xorshift.js';
export { Gf2System, SymbolicXorshift128, UNKNOWNS } from './gf2.js';
export { recoverGameRand, recoverLcg, recoverMwcConstructDouble, recoverMwcCpp, recoverMwcJs, recoverMwcPatched, type SmallRecovery } from './small.js';
export { identify, parseObservations, predict, type Identification, type Outcome } from './predict.js';
