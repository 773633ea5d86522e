/**
 * Free text is plain text, over HTTP on the local cloud: every free-text field (contact names,
 * refund reasons, the notice to users, an admin's mail, plan names, bank details) refuses control
 * characters with a 400 naming the field, and loses the invisible format characters (zero-width,
 * bidi overrides) that make text read other than it is. Line breaks are taken only where the text is
 * several lines (the notice, a mail's message). The notice, served to every client, is never markup:
 * a notice with a tag is refused, and one stored before that rule is answered without its tags.
 */
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient } from '../support/platform-client.js';
import { usePlatformTable } from '../support/platform-table.js';

const cloud = useLocalCloud();
const { api, admin, fundedUser } = platformClient(cloud, 'plaintext');

const notAllowed = (field: string) => ({ status: 400, body: { msg: `${field} contains characters that are not allowed` } });

describe('contact names are plain text', () => {
  it('a contact name with NUL, another C0 or C1 control, a tab or a line break is refused with 400 naming the field, on add and on edit', async () => {
    const owner = await fundedUser(0);
    for (const contactName of ['Mum\u0000', 'Mum\u0007', '\u001b[31mMum', 'Mum\u009b', 'Mum\tDad', 'Mum\nDad', 'Mum\u2028Dad']) {
      expect(
        await api('POST', '/auth/contact', { token: owner.token, body: { contactName, contactNumber: '08011111111' } }),
        JSON.stringify(contactName),
      ).toEqual(notAllowed('Contact name'));
    }
    expect((await api('GET', '/auth/contact', { token: owner.token })).body.contactList).toEqual([]);
    const saved = await api('POST', '/auth/contact', { token: owner.token, body: { contactName: 'Mum', contactNumber: '08011111111' } });
    expect(saved.status).toBe(201);
    const edited = await api('PATCH', `/auth/contact/${saved.body.contact._id}`, { token: owner.token, body: { contactName: 'Mum\u0000' } });
    expect(edited).toEqual(notAllowed('Contact name'));
    expect((await api('GET', '/auth/contact', { token: owner.token })).body.contactList).toEqual([expect.objectContaining({ contactName: 'Mum' })]);
  });

  it('zero-width and bidi override characters are stripped from a contact name (it is stored as it reads); a name of nothing else is empty', async () => {
    const owner = await fundedUser(0);
    const saved = await api('POST', '/auth/contact', {
      token: owner.token,
      body: { contactName: '\u202Emum\u200B Dad\u2066\uFEFF', contactNumber: '08011111111' },
    });
    expect(saved).toMatchObject({ status: 201, body: { contact: { contactName: 'mum Dad' } } });
    const edited = await api('PATCH', `/auth/contact/${saved.body.contact._id}`, { token: owner.token, body: { contactName: 'Ay\u200Dò\u200E' } });
    expect(edited.body.contact).toMatchObject({ contactName: 'Ayò' });
    expect((await api('GET', '/auth/contact', { token: owner.token })).body.contactList).toEqual([expect.objectContaining({ contactName: 'Ayò' })]);
    expect(await api('POST', '/auth/contact', { token: owner.token, body: { contactName: '\u200B\u202E', contactNumber: '08022222222' } })).toEqual({
      status: 400,
      body: { msg: 'All fields are required' },
    });
  });
});

describe('the notice to users is plain text, never markup', () => {
  it('a notice with an HTML tag is refused with 400 and the current notice stays; one with a control character too; line breaks and a bare "<" are taken', async () => {
    const token = await admin();
    const reader = await fundedUser(0);
    expect((await api('POST', '/admin/notification', { token, body: { msg: 'Data is back on MTN' } })).status).toBe(200);
    for (const msg of ['<img src=x onerror=alert(1)>', 'Hello <b>all</b>', 'Sale </p>', '<!-- hidden -->', '<script>alert(1)</script>']) {
      expect(await api('POST', '/admin/notification', { token, body: { msg } }), msg).toEqual({
        status: 400,
        body: { msg: 'The notification must be plain text, without HTML tags' },
      });
    }
    expect(await api('POST', '/admin/notification', { token, body: { msg: 'Promo\u0000' } })).toEqual(notAllowed('Notification'));
    expect((await api('GET', '/admin/notification', { token: reader.token })).body.msg).toBe('Data is back on MTN');
    const multiLine = await api('POST', '/admin/notification', { token, body: { msg: 'Airtime 2% off\r\nData < ₦300 a GB\u200B' } });
    expect(multiLine).toMatchObject({ status: 200, body: { notification: { msg: 'Airtime 2% off\nData < ₦300 a GB' } } });
    expect((await api('GET', '/admin/notification', { token: reader.token })).body.msg).toBe('Airtime 2% off\nData < ₦300 a GB');
  });

  it('a notice stored with markup before this rule is answered without it, to GET and to the acknowledgement', async () => {
    await usePlatformTable(cloud());
    const { dynamoNotification } = await import('../../functions/adapters/dynamo/purchases/settings.js');
    const id = ulid();
    await dynamoNotification.set({
      msg: '<b>Hi</b> <img src=x onerror=alert(1)>all\u202E, <<img>script>data is back',
      id,
      updatedAt: new Date().toISOString(),
      updatedBy: 'admin',
    });
    const reader = await fundedUser(0);
    const read = await api('GET', '/admin/notification', { token: reader.token });
    expect(read).toEqual({ status: 200, body: { msg: 'Hi all, data is back', id, checked: false } });
    const acked = await api('POST', '/admin/notification/ack', { token: reader.token, body: { id } });
    expect(acked.body.notification).toEqual({ msg: 'Hi all, data is back', id, checked: true });
  });
});

describe('every other free-text field is plain text too', () => {
  it("a refund's reason, an admin mail's subject and link text, a plan's name and validity and a bank's name refuse control characters with 400 naming the field", async () => {
    const token = await admin();
    expect(await api('POST', `/admin/refund/${ulid()}`, { token, body: { reason: 'customer said so\u0000' } })).toEqual(notAllowed('Reason'));
    const target = await fundedUser(0);
    const mail = {
      userAccount: target.userName,
      subject: 'Prices',
      message: 'Data is cheaper today.',
      url: 'https://example.com/prices',
      linkMessage: 'See the prices',
    };
    expect(await api('POST', '/admin/sendMail', { token, body: { ...mail, subject: 'Prices\r\nBcc: everyone@example.com' } })).toEqual(notAllowed('Subject'));
    expect(await api('POST', '/admin/sendMail', { token, body: { ...mail, linkMessage: 'See\u0000' } })).toEqual(notAllowed('Link text'));
    expect(await api('POST', '/admin/sendMail', { token, body: { ...mail, message: 'Cheaper\u0007' } })).toEqual(notAllowed('Message'));
    const plan = { planType: 'GLO', planName: '2GB', planValidity: '30 days', smartEarnerPrice: 700 };
    expect(await api('POST', '/dataPlan/add', { token, body: { ...plan, planName: '2GB\u0000' } })).toEqual(notAllowed('Plan name'));
    expect(await api('POST', '/dataPlan/add', { token, body: { ...plan, planValidity: '30\u0085days' } })).toEqual(notAllowed('Validity'));
    expect(await api('POST', '/withdraw/validate', { token: target.token, body: { accountNumber: '0123456789', bankName: 'GTBank\u0000' } })).toEqual(
      notAllowed('Bank name'),
    );
  });

  it("an admin mail's message keeps its line breaks and loses its invisible characters; its subject loses them too", async () => {
    const token = await admin();
    const target = await fundedUser(0);
    const subject = `Prices ${Date.now()}`;
    const answer = await api('POST', '/admin/sendMail', {
      token,
      body: {
        userAccount: target.userName,
        subject: `\u202E${subject}`,
        message: 'Line one\r\nLine\u200B two',
        url: 'https://example.com/prices',
        linkMessage: 'See the prices',
      },
    });
    expect(answer.status).toBe(200);
    const mail = await cloud().waitForMail(`${target.userName}@example.com`, { subject });
    expect(mail.text).toContain('Line one\nLine two');
  });
});
