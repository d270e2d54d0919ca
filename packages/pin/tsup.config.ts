import { library } from '../../tooling/publish/tsup.library.mjs';

export default library({ entry: ['src/index.ts', 'src/browser.ts', 'src/register.ts'] });
