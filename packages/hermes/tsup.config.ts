import { library } from '../../tooling/publish/tsup.library.mjs';

export default library();
