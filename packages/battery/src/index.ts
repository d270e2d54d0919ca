export { birthdaySpacings, SMALLCRUSH_BIRTHDAY, type BirthdayParams } from './birthday.js';
export { poissonCdf, poissonSf } from './poisson.js';
export { verdict, type Source, type TestResult, type Verdict } from './types.js';
export { brentCycle } from './cycle.js';
