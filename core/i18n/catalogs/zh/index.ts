import type { Messages } from '../ru/index.ts';
import catalogue from './catalogue.ts';
import common from './common.ts';
import content from './content.ts';
import forms from './forms.ts';
import homeBlocks from './home-blocks.ts';
import offices from './offices.ts';
import purchase from './purchase.ts';

const zh: Messages = { ...common, ...content, catalogue, forms, homeBlocks, offices, purchase };
export default zh;
