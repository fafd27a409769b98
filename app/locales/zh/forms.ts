import type { Messages } from '../ru/index.ts';

const forms: Messages['forms'] = {};
export default forms;
