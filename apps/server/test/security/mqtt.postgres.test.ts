import { defineMqttSuite } from './mqtt-suite';

defineMqttSuite('postgres');
