import nodemailer from 'nodemailer';
import { leadEmail, type LeadRow } from '../payload.ts';
import type { Transport } from './crm.ts';

/**
 * Sends the lead to the sales team's mailbox over SMTP. The Message-ID is derived from the lead id, so a
 * resend after a crash is recognisable as the same message by mail systems and by people.
 */
export function emailTransport(options: { smtpUrl: string; to: string; from: string; timeoutMs: number }): Transport {
  const transporter = nodemailer.createTransport(options.smtpUrl, {
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  } as Record<string, unknown>);
  return {
    async send(lead: LeadRow) {
      const { subject, text } = leadEmail(lead);
      await transporter.sendMail({
        from: options.from,
        to: options.to,
        subject,
        text,
        messageId: `<${lead.id}@leads.severnaya-liniya>`,
        headers: { 'X-Lead-Id': lead.id },
      });
    },
    async close() {
      transporter.close();
    },
  };
}
