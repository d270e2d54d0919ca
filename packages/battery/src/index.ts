export { birthdaySpacings, SMALLCRUSH_BIRTHDAY, type BirthdayParams } from './birthday.js';
export {
  collision, collisionMean, gap, gapConsume, simpPoker, couponCollector, couponConsume, maxOft,
  SMALLCRUSH_COLLISION, SMALLCRUSH_GAP, SMALLCRUSH_POKER, SMALLCRUSH_COUPON, SMALLCRUSH_MAXOFT,
  type CollisionParams, type GapParams, type PokerParams, type CouponParams, type MaxOftParams,
} from './knuth.js';
export {
  weightDistrib, matrixRank, rankProbabilities, hammingIndep, randomWalk1, walkExpected,
  SMALLCRUSH_WEIGHT, SMALLCRUSH_RANK, SMALLCRUSH_HAMMING, SMALLCRUSH_WALK,
  type WeightParams, type RankParams, type HammingParams, type WalkParams,
} from './bits.js';
export { SMALLCRUSH, runSmallCrush, type BatteryTest, type RunOptions } from './smallcrush.js';
export { Uniforms } from './stream.js';
export { mergeClasses, chiSquare, MIN_EXPECTED, type Classes, type ChiSquare } from './chi2.js';
export {
  chiSquareSf, gammaP, gammaQ, logGamma, poissonCdf, poissonSf, pDiscrete, binomialPmf, stirling2,
  andersonDarlingCdf, andersonDarlingStatistic,
} from './dist.js';
export { verdict, result, type Source, type TestResult, type Verdict } from './types.js';
export { brentCycle } from './cycle.js';
