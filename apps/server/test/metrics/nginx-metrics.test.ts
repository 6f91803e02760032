/**
 * deploy/nginx/jala.conf, as is, in front of a node with METRICS_TOKEN: /metrics is refused at the balancer
 * even with the right token (Prometheus scrapes each node directly), while the node itself answers it and
 * the rest of the site still passes through. Debian's nginx runs as this test's child with a private prefix.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { freePort } from '../support/processes';
import { scratchDir } from '../support/scratch-dir';
import { useTestApp } from '../support/use-test-app';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const SITE = new URL('../../../../deploy/nginx/jala.conf', import.meta.url).pathname;

describe('/metrics behind deploy/nginx/jala.conf', () => {
  const token = randomBytes(24).toString('hex');
  const t = useTestApp('pglite', () => ({ config: { metricsToken: token } }));
  const prefix = scratchDir('jala-nginx-metrics-');
  let nginx: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  afterAll(async () => {
    if (nginx && nginx.exitCode === null && nginx.signalCode === null) nginx.kill('SIGTERM');
    await exited;
  });

  it('is refused at the balancer, token or not, and answered by the node itself', async () => {
    const node = new URL(t.baseUrl);
    const port = await freePort();
    chmodSync(prefix, 0o755); // nginx's workers run as nobody when the test runs as root
    mkdirSync(join(prefix, 'jala.d'));
    mkdirSync(join(prefix, 'logs'));
    writeFileSync(join(prefix, 'jala.d', 'upstreams.conf'), `server ${node.host};\n`);
    writeFileSync(join(prefix, 'jala.d', 'listen.conf'), `listen 127.0.0.1:${port};\n`);
    const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${join(prefix, `${kind}_temp`)};`,
    );
    writeFileSync(
      join(prefix, 'nginx.conf'),
      [
        'daemon off;',
        'worker_processes 1;',
        `pid ${join(prefix, 'nginx.pid')};`,
        `error_log ${join(prefix, 'logs', 'error.log')} warn;`,
        'events { worker_connections 64; }',
        'http {',
        '  access_log off;',
        ...temps,
        `  include ${SITE};`,
        '}',
        '',
      ].join('\n'),
    );
    nginx = spawn(NGINX, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'logs', 'error.log')], {
      stdio: 'ignore',
    });
    const child = nginx;
    exited = new Promise((resolve) => child.once('exit', () => resolve()));
    const balancer = `http://127.0.0.1:${port}`;
    // Listening once the health check passes through it to the node.
    await expect
      .poll(async () => (await fetch(`${balancer}/api/health`).catch(() => null))?.status, { timeout: 20_000 })
      .toBe(200);

    const authorization = `Bearer ${token}`;
    const throughBalancer = await fetch(`${balancer}/metrics`, { headers: { authorization } });
    expect(throughBalancer.status).toBe(404);
    expect(await throughBalancer.text()).not.toContain('jala_');
    const direct = await fetch(`${node.origin}/metrics`, { headers: { authorization } });
    expect(direct.status).toBe(200);
    expect(await direct.text()).toContain('jala_http_request_duration_seconds');
  });
});
