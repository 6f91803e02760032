/** The operators' console (issue 13): routes import the page lazily from pages/. */
export { OperatorsConsolePage } from './pages/operators-console-page';
