export { recoverXorshift, type RecoverOptions, type XorshiftCandidate, type XorshiftRecovery } from './xorshift.js';
export { planChain, solveChain, type ChainPlan, type SumChain } from './sum-chain.js';
export { Gf2System, UNKNOWNS, s0Offset, symbolicRows } from './gf2.js';
export { LCG_MAX_HIDDEN, LCG_MAX_STATES, recoverLcgPartial, type LcgPartialRecovery } from './lcg-partial.js';
export { recoverGameRand, recoverLcg, recoverMwcConstructDouble, recoverMwcCpp, recoverMwcJs, recoverMwcPatched, type SmallRecovery } from './small.js';
export { type Bucket, type Observed, MAX_LINE, MAX_OBSERVATIONS, ObservationReader, bucketRange, isBucket, matches, parseObservations } from './observe.js';
export { MWC_MAX_STATES, MWC_MAX_WORK, MWC_SHAPES, recoverMwcBuckets, type MwcBucketRecovery } from './mwc-bucket.js';
export { IDENTIFY_MAX_WORK, identify, predict, renderPrediction, type Identification, type Outcome, type PredictOptions } from './predict.js';
