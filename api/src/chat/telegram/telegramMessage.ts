import type { AlertAction } from '../../db/schema.js';
import { ACTION_LABELS, actionsFor, CONSOLE_LABEL, factsOf, headlineOf, shortDescription, stateLineOf } from '../alertText.js';
import type { ChatAlertView } from '../provider.js';

/** HTML parse mode's escaping (core.telegram.org/bots/api#html-style): an alert's text is not markup. */
export const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const CODES: Record<AlertAction, string> = { acknowledge: 'a', escalate: 'e', close: 'c' };
const ACTIONS_BY_CODE: Record<string, AlertAction> = { a: 'acknowledge', e: 'escalate', c: 'close' };

/** A button's callback_data: the action's letter and the alert id without dashes, 34 bytes (Telegram allows 64). */
export const callbackDataOf = (action: AlertAction, alertId: string) => `${CODES[action]}:${alertId.replaceAll('-', '')}`;

/** The action and alert a button's callback_data names, or null when it is not one of ours. */
export function parseCallbackData(data: unknown): { action: AlertAction; alertId: string } | null {
  const match = typeof data === 'string' ? /^([aec]):([0-9a-f]{32})$/.exec(data) : null;
  if (!match) return null;
  const [, code = '', hex = ''] = match;
  const action = ACTIONS_BY_CODE[code];
  if (!action) return null;
  return { action, alertId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` };
}

/** The text and buttons of an alert's message, as posted and as each change edits it. */
export function telegramMessage(alert: ChatAlertView) {
  const description = shortDescription(alert);
  const lines = [
    `<b>${escapeHtml(headlineOf(alert))}</b>`,
    `<i>${escapeHtml(stateLineOf(alert))}</i>`,
    ...(description ? ['', escapeHtml(description)] : []),
    '',
    ...factsOf(alert)
      .filter(([label]) => label !== 'State')
      .map(([label, value]) => `${label}: ${escapeHtml(value)}`),
  ];
  const buttons = actionsFor(alert.state).map((action) => ({
    text: ACTION_LABELS[action],
    callback_data: callbackDataOf(action, alert.id),
  }));
  return {
    text: lines.join('\n'),
    parse_mode: 'HTML',
    link_preview_options: { is_disabled: true },
    reply_markup: { inline_keyboard: [...(buttons.length > 0 ? [buttons] : []), [{ text: CONSOLE_LABEL, url: alert.consoleLink }]] },
  };
}
