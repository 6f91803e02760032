/** 'Indicadores' of the operators' console: the city in numbers, a section of the console page. */
export { KpisPanel } from './components/kpis-panel';
