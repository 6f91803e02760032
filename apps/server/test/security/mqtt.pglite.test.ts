import { defineMqttSuite } from './mqtt-suite';

defineMqttSuite('pglite');
