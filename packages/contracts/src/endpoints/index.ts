/**
 * Every HTTP route of the API, one named export each (`import * as endpoints from '@jala/contracts/endpoints'`):
 * a page bundles only the endpoints it calls. The server registers its routes from these and the web calls
 * them through `api(endpoint, …)`.
 */
export {
  endpoint,
  endpointUrl,
  type Endpoint,
  type EndpointAnswer,
  type EndpointInput,
  type EndpointMethod,
} from './endpoint';
export * from './accounts/auth';
export * from './accounts/account';
export * from './accounts/password';
export * from './passenger';
export * from './driver-account';
export * from './trips';
export * from './driver-trips';
export * from './safety';
export * from './accounts/phone-verification';
export * from './notifications';
export * from './geo';
export * from './admin';
export * from './system';
export * from './ledger/ledger';
