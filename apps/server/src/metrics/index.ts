/** Prometheus metrics at GET /metrics behind METRICS_TOKEN (docs/DEPLOY.md, docs/ARCHITECTURE.md). */
export { AppMetrics, METRICS_PATH, type MetricSources } from './app-metrics';
export { registerMetricsRoute } from './metrics-route';
