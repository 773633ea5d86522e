import { describe, expect, it, vi } from 'vitest';

// The logger is built when the handler module loads: quiet it before that.
vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});
import { emailOfRecord, MailMessageError, sendEmailCommand } from '../../../functions/handlers/mailer.js';

const event = (detail: unknown) => ({ body: JSON.stringify({ 'detail-type': 'EmailRequested', source: 'vtu.platform', detail }) });

describe('mailer message parsing', () => {
  it('reads the EmailRequested detail out of the EventBridge event in the SQS body', () => {
    expect(emailOfRecord(event({ to: 'a@b.co', subject: 'Hi', text: 'Hello' }))).toEqual({ to: 'a@b.co', subject: 'Hi', text: 'Hello' });
  });

  it('rejects a body that is not JSON or not an EmailRequested', () => {
    expect(() => emailOfRecord({ body: 'not json' })).toThrow(MailMessageError);
    expect(() => emailOfRecord(event({ to: 'not-an-address', subject: 'Hi', text: 'x' }))).toThrow(MailMessageError);
    expect(() => emailOfRecord({ body: 'null' })).toThrow(MailMessageError);
  });

  it('sends text always and HTML only when given, from the configured sender', () => {
    const withHtml = sendEmailCommand({ to: 'a@b.co', subject: 'S', text: 'T', html: '<p>T</p>' }, 'from@x.co').input;
    expect(withHtml.FromEmailAddress).toBe('from@x.co');
    expect(withHtml.Destination?.ToAddresses).toEqual(['a@b.co']);
    expect(withHtml.Content?.Simple?.Body?.Html?.Data).toBe('<p>T</p>');
    const textOnly = sendEmailCommand({ to: 'a@b.co', subject: 'S', text: 'T' }, 'from@x.co').input;
    expect(textOnly.Content?.Simple?.Body?.Html).toBeUndefined();
  });
});

describe('mailer handler', () => {
  it('sends each e-mail through SES and reports only the failed messages for retry', async () => {
    const { createServer } = await import('node:http');
    const received: any[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const request = JSON.parse(body);
        received.push({ path: req.url, request });
        if (request.Destination.ToAddresses[0] === 'rejected@example.com') {
          res.writeHead(400, { 'content-type': 'application/json', 'x-amzn-errortype': 'MessageRejected' });
          res.end(JSON.stringify({ message: 'Email address is not verified' }));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ MessageId: `m-${received.length}` }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_SESV2: `http://127.0.0.1:${port}`,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      MAIL_FROM: 'platform@example.com',
    });
    try {
      const { handler } = await import('../../../functions/handlers/mailer.js');
      const record = (messageId: string, body: string) => ({ messageId, body }) as any;
      const result = await handler({
        Records: [
          record('ok', event({ to: 'ada@example.com', subject: 'Reset', text: 'Link', html: '<p>Link</p>' }).body),
          record('garbage', 'not json'),
          record('rejected', event({ to: 'rejected@example.com', subject: 'Reset', text: 'Link' }).body),
        ],
      });
      expect(result.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['garbage', 'rejected']);
      const sent = received.find((r) => r.request.Destination.ToAddresses[0] === 'ada@example.com');
      expect(sent.path).toBe('/v2/email/outbound-emails');
      expect(sent.request).toMatchObject({ FromEmailAddress: 'platform@example.com', Content: { Simple: { Subject: { Data: 'Reset' } } } });
    } finally {
      server.close();
    }
  });
});
