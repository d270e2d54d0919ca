import { base } from '@emu/eslint-config';
export default [...base, { ignores: ['packages/**', 'apps/**', 'tooling/**'] }];
