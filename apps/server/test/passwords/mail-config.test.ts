import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadConfig, parseEnv } from '../../src/config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'jala-config-'));

describe('mail configuration', () => {
  it('writes mail to DATA_DIR/outbox from Jala <no-reply@jala.pe> unless told otherwise', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).mail).toEqual({
      smtpUrl: undefined,
      from: 'Jala <no-reply@jala.pe>',
      outboxDir: join(dir, 'outbox'),
    });
    const set = loadConfig({
      DATA_DIR: dir,
      SMTP_URL: 'smtps://jala:clave@smtp.ejemplo.pe:465',
      MAIL_FROM: 'avisos@jala.pe',
    });
    expect(set.mail).toMatchObject({ smtpUrl: 'smtps://jala:clave@smtp.ejemplo.pe:465', from: 'avisos@jala.pe' });
  });

  it('takes smtp:// and smtps:// only, and never prints a wrong SMTP_URL (it holds a password)', () => {
    expect(parseEnv({ SMTP_URL: 'smtp://u:p@127.0.0.1:2525' }).SMTP_URL).toBe('smtp://u:p@127.0.0.1:2525');
    let message = '';
    try {
      parseEnv({ SMTP_URL: 'http://usuario:clave-secreta@smtp.ejemplo.pe' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('SMTP_URL: must be a URL starting with smtp:// or smtps://');
    expect(message).not.toContain('clave-secreta');
    expect(() => parseEnv({ MAIL_FROM: 'Jala' })).toThrow(/MAIL_FROM/);
    expect(parseEnv({ MAIL_FROM: 'Jala Perú <hola@jala.pe>' }).MAIL_FROM).toBe('Jala Perú <hola@jala.pe>');
  });

  it('builds the links of mails from PUBLIC_URL, else from its own address, never from a request', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://app.jala.pe/' }).publicUrl).toBe(
      'https://app.jala.pe',
    );
    expect(loadConfig({ DATA_DIR: dataDir() }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '10.0.0.5' }).publicUrl).toBe('http://10.0.0.5:3000');
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0', PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(() => parseEnv({ PUBLIC_URL: 'jala.pe' })).toThrow(/PUBLIC_URL/);
  });
});
