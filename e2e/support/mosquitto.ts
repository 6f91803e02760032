/**
 * Runs Debian's Mosquitto (/usr/sbin/mosquitto) with a WebSocket listener for a test: the config is
 * e2e/support/mosquitto-ws.conf with the port and a unix socket path filled in, written to a temp dir.
 * Ready means mosquitto said it is running and a TCP connect to the port succeeds (no fixed wait).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

import { repoRoot } from './server-process';

export const MOSQUITTO = '/usr/sbin/mosquitto';
const TEMPLATE = join(repoRoot, 'e2e/support/mosquitto-ws.conf');
const START_TIMEOUT_MS = 20_000;

export interface Mosquitto {
  readonly process: ChildProcess;
  /** Everything mosquitto wrote to stderr (its log). */
  readonly log: () => string;
  /** SIGKILL, as a crash: resolves when the process is gone. */
  kill(): Promise<void>;
  /** SIGSTOP: the broker stops reading and answering, its sockets stay open. */
  pause(): void;
}

/** Writes the config for `port` into `dir` and returns its path. */
export function writeMosquittoConfig(dir: string, port: number): string {
  // Started as root, mosquitto drops to its own user before binding: the socket's directory must let it.
  const socketDir = join(dir, 'socket');
  mkdirSync(socketDir, { recursive: true });
  chmodSync(dir, 0o711);
  chmodSync(socketDir, 0o777);
  const config = readFileSync(TEMPLATE, 'utf8')
    .replaceAll('{{PORT}}', String(port))
    .replaceAll('{{SOCKET}}', join(socketDir, 'mosquitto.sock'));
  const path = join(dir, 'mosquitto.conf');
  writeFileSync(path, config);
  return path;
}

/** Starts mosquitto on `port` with the config written in `dir`; resolves once it accepts connections. */
export async function startMosquitto(dir: string, port: number): Promise<Mosquitto> {
  const child = spawn(MOSQUITTO, ['-c', writeMosquittoConfig(dir, port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  const running = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`mosquitto did not start within ${START_TIMEOUT_MS} ms:\n${log}`)),
      START_TIMEOUT_MS,
    );
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      log += chunk;
      if (/mosquitto version \S+ running/.test(log)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`mosquitto exited (${code ?? signal}) before running:\n${log}`));
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
  await running;
  await tcpConnect(port);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    process: child,
    log: () => log,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    pause: () => {
      child.kill('SIGSTOP');
    },
  };
}

function tcpConnect(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => {
      socket.end();
      resolve();
    });
    socket.once('error', reject);
  });
}
