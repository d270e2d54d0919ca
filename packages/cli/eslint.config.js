import { base } from '@emu/eslint-config';

export default [...base, { ignores: ['static/**', 'pkg/**'] }];
