/** The SMS the e2e server wrote to DATA_DIR/outbox/ (SMS_PROVIDER=outbox, the default): the codes a walk types. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { expect, inject } from 'vitest';

function messagesTo(to: string): string[] {
  const dir = join(inject('dataDir'), 'outbox');
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.startsWith('sms-') && name.endsWith('.txt'));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .filter((text) => text.startsWith(`To: ${to}\n`));
}

/** The code of the newest SMS to `to` (E.164, '+51987654321'), once one more than `after` has arrived. */
export async function smsCodeFor(to: string, after = 0): Promise<string> {
  await expect.poll(() => messagesTo(to).length).toBeGreaterThan(after);
  const code = /tu código es (\d{6})/.exec(messagesTo(to).at(-1) ?? '')?.[1];
  if (!code) throw new Error(`the SMS to ${to} has no code`);
  return code;
}

/** How many SMS `to` has received so far. */
export const smsCountFor = (to: string): number => messagesTo(to).length;
