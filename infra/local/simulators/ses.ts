/**
 * Amazon SES v2 `SendEmail` (`POST /v2/email/outbound-emails`, REST JSON), enough for the real
 * @aws-sdk/client-sesv2 with AWS_ENDPOINT_URL_SESV2. Nothing leaves the machine: each message is
 * captured in the mail store, which the mail viewer (/_local/mail) shows.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MailStore } from './mail.js';
import { readBody, sendJson } from '../util.js';

const error = (res: ServerResponse, status: number, type: string, message: string) =>
  sendJson(res, status, { message }, { 'x-amzn-errortype': type, 'x-amzn-requestid': randomUUID() });

function headerValue(raw: string, name: string): string {
  const match = new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw);
  return match ? match[1]!.replace(/\r?\n[ \t]+/g, ' ').trim() : '';
}

export class SesSimulator {
  constructor(private readonly mail: MailStore) {}

  /** Handles requests whose path starts with /v2/email/. Returns false when the path is not SES's. */
  async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    if (!path.startsWith('/v2/email/')) return false;
    if (req.method !== 'POST' || path !== '/v2/email/outbound-emails') {
      error(res, 400, 'BadRequestException', `${req.method} ${path} is not emulated by the local SES (SendEmail only)`);
      return true;
    }
    let input: any;
    try {
      input = JSON.parse((await readBody(req, 10 * 1024 * 1024)).toString('utf8') || '{}');
    } catch {
      error(res, 400, 'BadRequestException', 'request body is not valid JSON');
      return true;
    }
    const to: string[] = [...(input.Destination?.ToAddresses ?? []), ...(input.Destination?.CcAddresses ?? []), ...(input.Destination?.BccAddresses ?? [])];
    const simple = input.Content?.Simple;
    const raw = input.Content?.Raw?.Data;
    const invalid = (message: string) => {
      error(res, 400, 'BadRequestException', message);
      return true;
    };
    if (simple) {
      if (!input.FromEmailAddress) return invalid('FromEmailAddress is required');
      if (to.length === 0) return invalid('Destination needs at least one address');
      if (!simple.Subject?.Data) return invalid('Content.Simple.Subject.Data is required');
      const text = simple.Body?.Text?.Data;
      const html = simple.Body?.Html?.Data;
      if (!text && !html) return invalid('Content.Simple.Body needs Text or Html');
      const saved = this.mail.save({
        from: input.FromEmailAddress,
        to: to.join(', '),
        subject: simple.Subject.Data,
        text: text ?? html.replace(/<[^>]+>/g, ''),
        ...(html ? { html } : {}),
      });
      sendJson(res, 200, { MessageId: `${saved.id}@local-cloud` }, { 'x-amzn-requestid': randomUUID() });
      return true;
    }
    if (raw) {
      // Raw MIME: keep the headers we can read; the .eml viewer shows the body as sent.
      const message = Buffer.from(raw, 'base64').toString('utf8');
      const [head = '', ...rest] = message.split(/\r?\n\r?\n/);
      const saved = this.mail.save({
        from: input.FromEmailAddress ?? headerValue(head, 'From'),
        to: to.length ? to.join(', ') : headerValue(head, 'To'),
        subject: headerValue(head, 'Subject'),
        text: rest.join('\n\n'),
      });
      sendJson(res, 200, { MessageId: `${saved.id}@local-cloud` }, { 'x-amzn-requestid': randomUUID() });
      return true;
    }
    return invalid('only Content.Simple and Content.Raw are emulated by the local SES');
  }
}
