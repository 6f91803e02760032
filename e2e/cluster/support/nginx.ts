/**
 * Runs Debian's nginx as a child process of the test (no daemon, no system files touched) in front of the
 * given nodes, with deploy/nginx/jala.conf included AS IS. Only what the repository file leaves to each
 * deployment is written here: the main nginx.conf (pid, logs, temp paths in a private directory) and the
 * two include files jala.d/upstreams.conf and jala.d/listen.conf.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort, repoRoot } from '../../support/server-process';

export const NGINX_CONF = join(repoRoot, 'deploy', 'nginx', 'jala.conf');
const NGINX_BIN = process.env.NGINX_PATH ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');

export interface RunningNginx {
  url: string;
  port: number;
  /** The last lines of nginx's error log (for failure messages). */
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * `failTimeoutSeconds`: how long nginx leaves a failed node alone (DEPLOY.md suggests 10 s; the tests use
 * less so a restarted node gets traffic again quickly).
 */
export async function startNginx(
  nodePorts: number[],
  options: { failTimeoutSeconds?: number; workerConnections?: number } = {},
): Promise<RunningNginx> {
  const prefix = mkdtempSync(join(tmpdir(), 'jala-nginx-'));
  chmodSync(prefix, 0o755); // workers run as nobody when the test runs as root
  mkdirSync(join(prefix, 'jala.d'));
  mkdirSync(join(prefix, 'logs'));
  const port = await freePort();
  writeFileSync(
    join(prefix, 'jala.d', 'upstreams.conf'),
    nodePorts
      .map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=${options.failTimeoutSeconds ?? 10}s;\n`)
      .join(''),
  );
  writeFileSync(join(prefix, 'jala.d', 'listen.conf'), `listen 127.0.0.1:${port};\n`);
  const errorLog = join(prefix, 'logs', 'error.log');
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(prefix, 'nginx.pid')};`,
      `error_log ${errorLog} warn;`,
      // Each WebSocket holds two (client and upstream): the capacity bench raises it for thousands of phones.
      `events { worker_connections ${options.workerConnections ?? 1024}; }`,
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${join(prefix, `${kind}_temp`)};`,
      ),
      `  include ${NGINX_CONF};`,
      '}',
      '',
    ].join('\n'),
  );

  const child: ChildProcess = spawn(NGINX_BIN, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', errorLog], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const readLog = () => (existsSync(errorLog) ? readFileSync(errorLog, 'utf8').split('\n').slice(-20).join('\n') : '');
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${readLog()}`);
    try {
      await fetch(`${url}/`, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}:\n${readLog()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    port,
    errorLog: readLog,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM'); // fast shutdown: a graceful one would wait for open WebSockets
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
