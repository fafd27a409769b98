import { layoutShiftSuite } from './layout-shift.ts';

layoutShiftSuite('mobile');
