import { TEMPLATES } from '../../support/templates.ts';
import { validatorsSuite } from './validators.ts';

// The second half of the templates: the filter, selection, promotions, news, contacts, purchase and the rest.
validatorsSuite(TEMPLATES.slice(11));
