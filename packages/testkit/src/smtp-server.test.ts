import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEncodedWords, decodeQuotedPrintable } from './smtp/mail-decode.ts';
import { type SmtpTestServer, startSmtpServer } from './smtp/server.ts';

let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.stop();
});

describe('SMTP test server', () => {
  it('receives a nodemailer message and decodes a long quoted-printable link intact', async () => {
    const link = `http://localhost:3000/confirm-email?token=${'a1B2c3D4e5F6='.repeat(12)}&next=%2Fdashboard`;
    const transport = nodemailer.createTransport(smtp.url);
    await transport.sendMail({
      from: 'Tidewatch <no-reply@tidewatch.test>',
      to: 'ana@example.com',
      subject: 'Confirm your e-mail — Tidewatch',
      text: `Hello Ana,\n\nconfirm here: ${link}\n\nThanks, café team`,
      textEncoding: 'quoted-printable',
    });
    const mail = await smtp.waitForMessage((m) => m.to.includes('ana@example.com'), 5_000);
    expect(mail.raw).toMatch(/quoted-printable/i);
    expect(mail.from).toBe('no-reply@tidewatch.test');
    expect(mail.subject).toBe('Confirm your e-mail — Tidewatch');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('café');
  });

  it('decodes base64 multipart bodies', async () => {
    const transport = nodemailer.createTransport(smtp.url);
    await transport.sendMail({
      from: 'no-reply@tidewatch.test',
      to: 'bo@example.com',
      subject: 'Reset',
      // Non-ASCII text makes nodemailer actually apply the requested transfer encoding.
      text: 'Réinitialiser: http://localhost:3000/reset?token=xyz',
      html: '<p>Réinitialiser: <a href="http://localhost:3000/reset?token=xyz">link</a></p>',
      textEncoding: 'base64',
    });
    const mail = await smtp.waitForMessage((m) => m.to.includes('bo@example.com'));
    expect(mail.raw).toMatch(/base64/i);
    expect(mail.text).toContain('Réinitialiser: http://localhost:3000/reset?token=xyz');
    expect(mail.html).toContain('<a href=');
  });

  it('times out waiting for a message that never comes', async () => {
    await expect(smtp.waitForMessage((m) => m.to.includes('nobody@example.com'), 100)).rejects.toThrow(
      /no matching/,
    );
  });

  it('decodes quoted-printable and encoded words', () => {
    expect(decodeQuotedPrintable('caf=C3=A9 a=\r\nb').toString('utf8')).toBe('café ab');
    expect(decodeEncodedWords('=?UTF-8?B?w6k=?= and =?utf-8?Q?caf=C3=A9_x?=')).toBe('é and café x');
  });
});
