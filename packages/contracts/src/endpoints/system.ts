/** What load balancers and the web map read without a session. */
import { zHealth } from '../index';
import { endpoint } from './endpoint';

/** 503 (same envelope) takes a node out of rotation: a dependency down, or draining. */
export const health = endpoint({
  method: 'GET',
  path: '/health',
  tag: 'system',
  auth: false,
  summary:
    'Ready when the database and broker are (degraded, still 200, while Redis is down); 503 otherwise or while draining',
  answer: zHealth,
  status: 200,
  alsoStatus: [503],
});
