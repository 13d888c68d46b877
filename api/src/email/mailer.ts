import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';

export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The Message-ID header (`<…@…>`); nodemailer makes a random one when unset. */
  messageId?: string;
}

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
  close(): void;
}

const LINK_RE = /https?:\/\/[^\s"'<>]+/g;

/** Links of a message, for the log mailer. */
export const linksIn = (text: string): string[] => [...new Set(text.match(LINK_RE) ?? [])];

/**
 * SMTP through nodemailer when SMTP_HOST is set; otherwise every email is written to the
 * log (recipient, subject, links) so that nothing is silently dropped in development.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const from = { name: config.emailsFromName, address: config.emailsFromEmail };
  const smtp = config.smtp;
  if (!smtp) {
    return {
      async send(message) {
        log.info(
          { email: { to: message.to, subject: message.subject, links: linksIn(message.text) } },
          'email not sent (no SMTP_HOST): logged instead',
        );
      },
      close() {},
    };
  }
  const transport: Transporter = nodemailer.createTransport({
    // A few reused connections: the notification worker sends a batch at once, and an SMTP
    // server should not see a connection per email.
    pool: true,
    maxConnections: 5,
    host: smtp.host,
    port: smtp.port,
    secure: smtp.ssl,
    requireTLS: smtp.tls,
    // Plain SMTP (SMTP_TLS=false) must not upgrade opportunistically to a certificate it cannot verify.
    ignoreTLS: !smtp.tls && !smtp.ssl,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
      log.info({ email: { to: message.to, subject: message.subject } }, 'email sent');
    },
    close() {
      transport.close();
    },
  };
}
