import { defineFuzzSuite } from './fuzz-suite';

defineFuzzSuite('pglite');
