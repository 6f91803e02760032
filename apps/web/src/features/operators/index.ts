/** The operators' console: routes import the page lazily from pages/. */
export { OperatorsConsolePage } from './pages/operators-console-page';
