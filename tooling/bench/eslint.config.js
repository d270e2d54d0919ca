import { base } from '@emu/eslint-config';
export default base;
