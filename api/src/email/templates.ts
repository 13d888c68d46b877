import type { EmailMessage } from './mailer.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

interface Layout {
  to: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  button?: { label: string; href: string };
  footer?: string;
}

/** One layout for every email: an HTML part and a plain-text part with the same words and links. */
function render({ to, subject, heading, paragraphs, button, footer }: Layout): EmailMessage {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f5;font-family:Segoe UI,Helvetica,Arial,sans-serif;color:#242424">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<tr><td>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="font-size:14px;line-height:20px;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${
  button
    ? `<p style="margin:20px 0"><a href="${escapeHtml(button.href)}" style="background:#0f6cbd;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none;font-weight:600">${escapeHtml(button.label)}</a></p>
<p style="font-size:12px;color:#616161">Or open this link: <a href="${escapeHtml(button.href)}">${escapeHtml(button.href)}</a></p>`
    : ''
}
${footer ? `<p style="font-size:12px;color:#616161;margin-top:24px">${escapeHtml(footer)}</p>` : ''}
</td></tr></table></body></html>`;
  const text = [
    heading,
    '',
    ...paragraphs,
    ...(button ? ['', `${button.label}: ${button.href}`] : []),
    ...(footer ? ['', footer] : []),
  ].join('\n');
  return { to, subject, html, text };
}

/** Longest alert title a subject carries; the email's body has it whole. */
const SUBJECT_TITLE_MAX = 80;
// Controls (line breaks included), line and paragraph separators, and the invisible format
// characters: zero-width ones and the marks that reorder text (bidi overrides).
const UNSAFE_IN_SUBJECT = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu;

/**
 * An alert title as a subject shows it. The title is the sender's text (ingestion, or any
 * signed-in user), and anyone holding an alert's link can have it mailed again by escalating, so
 * the subject is Vigil's: a fixed `[Vigil]…` prefix, then the title on one line, without
 * invisible or reordering characters, cut to 80 characters. It cannot pass for another subject.
 */
export function subjectTitle(title: string): string {
  const line = title.replace(UNSAFE_IN_SUBJECT, ' ').replace(/\s+/g, ' ').trim() || 'Untitled alert';
  return line.length <= SUBJECT_TITLE_MAX ? line : `${line.slice(0, SUBJECT_TITLE_MAX - 1).trimEnd()}…`;
}

export function passwordRecoveryEmail(opts: { to: string; link: string; validMinutes: number }): EmailMessage {
  return render({
    to: opts.to,
    subject: `Vigil - Password recovery for ${opts.to}`,
    heading: 'Reset your password',
    paragraphs: [
      `We received a request to reset the password of the Vigil account ${opts.to}.`,
      `The link below works once and expires in ${opts.validMinutes} minutes.`,
    ],
    button: { label: 'Reset password', href: opts.link },
    footer: "If you didn't ask for this, you can ignore this email: your password stays as it is.",
  });
}

export function newAccountEmail(opts: { to: string; loginLink: string }): EmailMessage {
  return render({
    to: opts.to,
    subject: `Vigil - New account for ${opts.to}`,
    heading: 'Welcome to Vigil',
    paragraphs: [
      `An account was created for ${opts.to}.`,
      'Log in with this email address and the password you were given; you can change it under User Settings.',
    ],
    button: { label: 'Log in to Vigil', href: opts.loginLink },
  });
}

export function teamInviteEmail(opts: {
  to: string;
  teamName: string;
  role: string;
  inviter: string;
  link: string;
  days: number;
}): EmailMessage {
  return render({
    to: opts.to,
    subject: `Vigil - ${opts.inviter} invites you to the team ${opts.teamName}`,
    heading: `Join ${opts.teamName} on Vigil`,
    paragraphs: [
      `${opts.inviter} invites ${opts.to} to the team ${opts.teamName} as ${opts.role}.`,
      `Accept with the button below: sign in with this address, or create your account. The link works for ${opts.days} days, once.`,
    ],
    button: { label: 'Accept the invitation', href: opts.link },
  });
}

export function newAlertEmail(opts: {
  to: string;
  title: string;
  description: string | null;
  severity: string;
  actionLink: string;
}): EmailMessage {
  return render({
    to: opts.to,
    subject: `[Vigil][${opts.severity.toUpperCase()}] ${subjectTitle(opts.title)}`,
    heading: `New ${opts.severity} alert: ${opts.title}`,
    paragraphs: [opts.description ?? 'No description.', 'Acknowledge, escalate or close it from the alert page; no login needed.'],
    button: { label: 'Open alert actions', href: opts.actionLink },
  });
}

/** What happens after this level, so every recipient knows who is notified next. */
export type EscalationNext =
  | { kind: 'timer'; level: number; afterMinutes: number; recipients: string[] }
  | { kind: 'by-hand'; level: number; recipients: string[] }
  | { kind: 'last-level' };

export function escalationEmail(opts: {
  to: string;
  title: string;
  severity: string;
  level: number;
  integrationTitle: string | null;
  actionLink: string;
  next: EscalationNext;
}): EmailMessage {
  const source = opts.integrationTitle
    ? `the escalation policy of the integration "${opts.integrationTitle}"`
    : 'Vigil (no escalation policy: superusers)';
  return render({
    to: opts.to,
    subject: `[Vigil][ESCALATED L${opts.level}][${opts.severity.toUpperCase()}] ${subjectTitle(opts.title)}`,
    heading: `Escalated to level ${opts.level}: ${opts.title}`,
    paragraphs: [
      `This ${opts.severity} alert was escalated to level ${opts.level}. You receive this as a level ${opts.level} contact of ${source}.`,
      escalationNextText(opts.next),
      'Acknowledge it to stop further escalation, or escalate or close it, from the alert page; no login needed.',
    ],
    button: { label: 'Open alert actions', href: opts.actionLink },
  });
}

export function escalationNextText(next: EscalationNext): string {
  const who = (recipients: string[]) => (recipients.length > 0 ? recipients.join(', ') : 'nobody (no active superuser)');
  switch (next.kind) {
    case 'timer':
      return `Notified next: if nobody acknowledges it within ${next.afterMinutes} minutes, level ${next.level}: ${who(next.recipients)}.`;
    case 'by-hand':
      return `Notified next: if someone escalates it again, level ${next.level}: ${who(next.recipients)}.`;
    case 'last-level':
      return 'This is the last level of automatic escalation: nobody else is notified unless someone escalates it by hand.';
  }
}

/** Asks an escalation contact to confirm its address (docs/api/contact-confirmation.md); no alert text in it. */
export function contactConfirmationEmail(opts: { to: string; requestedBy: string; link: string; validHours: number }): EmailMessage {
  return render({
    to: opts.to,
    subject: `Vigil - Confirm that ${opts.to} receives alerts from ${opts.requestedBy}`,
    heading: 'Confirm your address for alert emails',
    paragraphs: [
      `${opts.requestedBy} named ${opts.to} as an escalation contact in Vigil: when one of their alerts is escalated, Vigil would email this address.`,
      `Nothing is sent to you until you confirm. You can also decline, and you will not be asked again. The link works once and expires in ${opts.validHours} hours.`,
    ],
    button: { label: 'Confirm or decline', href: opts.link },
    footer: "If you don't know why you got this, ignore it or decline: no alert is emailed to an address that has not confirmed.",
  });
}

/**
 * The code that verifies an email contact method (docs/oncall/contact-methods.md):
 * Vigil's words only, the code and the account it is for, never the
 * method's label; and the code is not in the subject, which mail logs and previews keep.
 */
export function contactMethodCodeEmail(opts: {
  to: string;
  code: string;
  account: string;
  host: string;
  validMinutes: number;
}): EmailMessage {
  return render({
    to: opts.to,
    subject: 'Vigil - Your verification code',
    heading: 'Verify a contact method',
    paragraphs: [
      `Your verification code is ${opts.code}.`,
      `Enter it in Vigil (${opts.host}) within ${opts.validMinutes} minutes to receive the alerts of the Vigil account ${opts.account} at this address.`,
    ],
    footer: "If you didn't ask for it, ignore this email: nothing more is sent to this address unless the code is entered.",
  });
}

/**
 * A test an email contact method's owner asked for (docs/oncall/contact-methods.md): Vigil's
 * words only, the account and the console's host, never the method's label.
 */
export function contactMethodTestEmail(opts: { to: string; account: string; host: string }): EmailMessage {
  return render({
    to: opts.to,
    subject: 'Vigil - Test of a contact method',
    heading: 'This is a test from Vigil',
    paragraphs: [
      `This is a test from Vigil (${opts.host}) for ${opts.account}.`,
      'Alerts sent through this contact method will arrive like this.',
    ],
  });
}

/** The alerts held past a person's limit, told at once (contactMethods/bundleMessages.ts). */
export function bundleEmail(opts: {
  to: string;
  headline: string;
  total: number;
  alerts: { title: string; severity: string; link: string }[];
  listLink: string;
}): EmailMessage {
  const listed = opts.alerts.map((a) => `[${a.severity.toUpperCase()}] ${a.title}: ${a.link}`);
  const unlisted = opts.total - opts.alerts.length;
  return render({
    to: opts.to,
    subject: `[Vigil] ${subjectTitle(opts.headline)}`,
    heading: opts.headline,
    paragraphs: [
      'More alerts came than your notification limit lets through one by one; these are still open:',
      ...listed,
      ...(unlisted > 0 ? [`and ${unlisted} more.`] : []),
    ],
    button: { label: 'Open the alerts', href: opts.listLink },
  });
}
