import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig, parseEnv } from '../src/config';

describe('configuration', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', GEO_PROVIDER: 'offline' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
  });

  it('names every wrong variable in one message', () => {
    let message = '';
    try {
      parseEnv({ PORT: 'ochenta', DATABASE_URL: 'mysql://x', GEO_PROVIDER: 'bing', REDIS_URL: 'http://x' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    for (const name of ['PORT', 'DATABASE_URL', 'GEO_PROVIDER', 'REDIS_URL']) expect(message).toContain(name);
  });

  it('requires a Google key only for the google provider', () => {
    expect(() => parseEnv({ GEO_PROVIDER: 'google' })).toThrow(/GOOGLE_MAPS_API_KEY/);
    expect(parseEnv({ GEO_PROVIDER: 'google', GOOGLE_MAPS_API_KEY: 'k' }).GEO_PROVIDER).toBe('google');
  });

  it('turns the marketplace clock every 30 s unless told, within 1 to 300 s', () => {
    expect(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'jala-config-')) }).tripClockMs).toBe(30_000);
    expect(parseEnv({ TRIP_CLOCK_SECONDS: '2' }).TRIP_CLOCK_SECONDS).toBe(2);
    for (const wrong of ['0', '301', 'treinta'])
      expect(() => parseEnv({ TRIP_CLOCK_SECONDS: wrong })).toThrow(/TRIP_CLOCK_SECONDS/);
  });

  it('takes METRICS_TOKEN as a long token, and never prints a wrong one', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'jala-config-'));
    expect(loadConfig({ DATA_DIR: dataDir }).metricsToken).toBeUndefined();
    const token = 'a1'.repeat(20);
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: token }).metricsToken).toBe(token);
    for (const wrong of ['corto-secreto', `${token} ${token}`]) {
      expect(() => parseEnv({ METRICS_TOKEN: wrong })).toThrow(/METRICS_TOKEN.*a value, not shown/);
      expect(() => parseEnv({ METRICS_TOKEN: wrong })).not.toThrow(wrong);
    }
  });

  it("reads 'Saldo con Jala': a fee for every service type or per type, off by default; refuses bad values", () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'jala-config-'));
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      platformFee: { 1: 0, 2: 0 },
      driverMinBalanceCents: null,
    });
    expect(loadConfig({ DATA_DIR: dataDir, PLATFORM_FEE_PERCENT: '10', DRIVER_MIN_BALANCE: '5.50' })).toMatchObject({
      platformFee: { 1: 1000, 2: 1000 },
      driverMinBalanceCents: 550,
    });
    expect(loadConfig({ DATA_DIR: dataDir, PLATFORM_FEE_PERCENT: 'mototaxi:8,auto:12.5' }).platformFee).toEqual({
      1: 800,
      2: 1250,
    });
    expect(loadConfig({ DATA_DIR: dataDir, DRIVER_MIN_BALANCE: '-20' }).driverMinBalanceCents).toBe(-2000);
    for (const wrong of ['diez', '120', 'taxi:10', 'auto:10,auto:5', '7.555'])
      expect(() => parseEnv({ PLATFORM_FEE_PERCENT: wrong })).toThrow(/PLATFORM_FEE_PERCENT/);
    expect(() => parseEnv({ PLATFORM_FEE_PERCENT: 'taxi:10' })).toThrow(
      /"taxi" is not a service type \(use mototaxi, auto\)/,
    );
    for (const wrong of ['S/ 5', '5,50', 'cinco', '1.234'])
      expect(() => parseEnv({ DRIVER_MIN_BALANCE: wrong })).toThrow(/DRIVER_MIN_BALANCE/);
  });

  it('treats empty variables as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('generates the token secret once and keeps it in the data folder', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'jala-config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.tokenSecret).toMatch(/^.{32,}$/);
    expect(second.tokenSecret).toBe(first.tokenSecret);
    expect(readFileSync(join(dataDir, 'token-secret'), 'utf8')).toBe(first.tokenSecret);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) }).tokenSecret).toBe('x'.repeat(40));
  });

  it("leaves a cluster's generated secret to the database, never to one node's data folder", () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'jala-config-'));
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db.example/jala' });
    expect(config.tokenSecret).toBeNull();
    expect(existsSync(join(dataDir, 'token-secret'))).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db.example/jala', JWT_SECRET: 'y'.repeat(40) })
        .tokenSecret,
    ).toBe('y'.repeat(40));
  });

  it('checks the cluster variables', () => {
    expect(() => parseEnv({ REDIS_PREFIX: 'con espacios' })).toThrow(/REDIS_PREFIX/);
    expect(() => parseEnv({ NODE_ID: 'a/b' })).toThrow(/NODE_ID/);
    expect(loadConfig({ NODE_ID: 'nodo-1', JWT_SECRET: 'z'.repeat(40) }).nodeId).toBe('nodo-1');
  });
});
