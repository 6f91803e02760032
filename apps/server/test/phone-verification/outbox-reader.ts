import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface OutboxMessage {
  file: string;
  to: string;
  body: string;
}

/** Every SMS the outbox provider wrote to `dir`, newest last (the file names start with the time written). */
export function outboxMessages(dir: string): OutboxMessage[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.startsWith('sms-') && name.endsWith('.txt'));
  } catch {
    return [];
  }
  return files.sort().map((file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    const [head = '', ...rest] = text.split('\n\n');
    const to = /^To: (.+)$/m.exec(head)?.[1] ?? '';
    return { file, to, body: rest.join('\n\n').trim() };
  });
}

/** The code of the newest SMS to `to` (E.164); throws when none was written. */
export function codeSentTo(dir: string, to: string): string {
  const message = outboxMessages(dir)
    .filter((m) => m.to === to)
    .at(-1);
  const code = message && /tu código es (\d{6})/.exec(message.body)?.[1];
  if (!code) throw new Error(`no SMS code for ${to} in ${dir}`);
  return code;
}
