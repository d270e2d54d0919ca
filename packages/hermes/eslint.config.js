import { browserSafe } from '@emu/eslint-config';
export default browserSafe;
