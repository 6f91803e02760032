import { defineFuzzSuite } from './fuzz-suite';

defineFuzzSuite('postgres');
