/** What other features use of the driver's workspace. */
export { RequestsReadinessCard, useRequestsReadiness, type RequestsReadiness } from './components/verification-waiting';
export { useRequestAlertsMuted } from './model/request-alert-preference';
