/**
 * Captured e-mail of the local cloud: each message is written to `<DATA_DIR>/mail/` as a real
 * `.eml` file (open it in any mail client) plus a JSON twin that the mail viewer and tests read.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CapturedMail {
  id: string;
  from: string;
  /** All recipients, comma-separated (the common case is one). */
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** ISO time it was sent. */
  date: string;
}

const encodeHeader = (value: string) =>
  // eslint-disable-next-line no-control-regex
  /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
const base64Lines = (value: string) =>
  (
    Buffer.from(value, 'utf8')
      .toString('base64')
      .match(/.{1,76}/g) ?? ['']
  ).join('\r\n');

/** RFC 5322 message with a text part and, when given, an HTML alternative. */
export function toEml(mail: CapturedMail): string {
  const boundary = `=_local_${randomBytes(8).toString('hex')}`;
  const headers = [
    `From: ${encodeHeader(mail.from)}`,
    `To: ${encodeHeader(mail.to)}`,
    `Subject: ${encodeHeader(mail.subject)}`,
    `Date: ${new Date(mail.date).toUTCString()}`,
    `Message-ID: <${mail.id}@local-cloud>`,
    'MIME-Version: 1.0',
  ];
  const part = (type: string, body: string) =>
    [`Content-Type: ${type}; charset=UTF-8`, 'Content-Transfer-Encoding: base64', '', base64Lines(body)].join('\r\n');
  if (!mail.html) return `${[...headers, part('text/plain', mail.text)].join('\r\n')}\r\n`;
  return `${[
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    part('text/plain', mail.text),
    `--${boundary}`,
    part('text/html', mail.html),
    `--${boundary}--`,
  ].join('\r\n')}\r\n`;
}

export class MailStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'mail');
    mkdirSync(this.dir, { recursive: true });
  }

  save(mail: Omit<CapturedMail, 'id' | 'date'>): CapturedMail {
    const now = new Date();
    // Sortable by name: time first, then randomness against collisions within a millisecond.
    const id = `${now.getTime().toString().padStart(14, '0')}-${randomBytes(4).toString('hex')}`;
    const full: CapturedMail = { id, date: now.toISOString(), ...mail };
    writeFileSync(join(this.dir, `${id}.eml`), toEml(full));
    const json = join(this.dir, `${id}.json`);
    writeFileSync(`${json}.tmp`, JSON.stringify(full, null, 2));
    renameSync(`${json}.tmp`, json);
    return full;
  }

  /** Newest first. */
  list(): CapturedMail[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .reverse()
      .map((name) => JSON.parse(readFileSync(join(this.dir, name), 'utf8')) as CapturedMail);
  }

  get(id: string): CapturedMail | undefined {
    if (!/^[\w-]+$/.test(id)) return undefined;
    const file = join(this.dir, `${id}.json`);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CapturedMail) : undefined;
  }
}
