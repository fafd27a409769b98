import type { Messages } from '../ru/index.ts';

const catalogue: Messages['catalogue'] = {};
export default catalogue;
