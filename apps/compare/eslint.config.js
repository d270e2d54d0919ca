import globals from 'globals';
import { base } from '@emu/eslint-config';

export default [...base, { files: ['static/**/*.js'], languageOptions: { globals: { ...globals.browser } } }];
