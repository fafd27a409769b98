import { TEMPLATES } from '../../support/templates.ts';
import { validatorsSuite } from './validators.ts';

// The first half of the templates: home, projects and the catalogue's screens down to a lot.
validatorsSuite(TEMPLATES.slice(0, 11));
