/** What other features use of the driver's workspace. */
export { RequestsReadinessCard, useRequestsReadiness, type RequestsReadiness } from './components/verification-waiting';
export { useRequestAlertsMuted } from './request-alert-preference';
