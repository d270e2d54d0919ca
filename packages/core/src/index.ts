export * from './errors.js';
export * from './double.js';
export * from './u64.js';
export * from './lcg48.js';
export * from './murmur.js';
export * from './emulator.js';
export * from './state.js';
export * from './v8seed.js';
