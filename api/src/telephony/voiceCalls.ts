import type { AlertActionDeps } from '../alerts/alertActions.js';
import type { AlertAction } from '../db/schema.js';
import { actAndSay } from './phoneReplies.js';
import { alertCall, spokenAnswer, twiml, xmlEscaped } from './phoneTexts.js';

const KEYS: Record<string, AlertAction> = { '1': 'acknowledge', '2': 'escalate', '3': 'close' };
export const CALL_GONE = 'This call is about an alert or a contact method that no longer exists. Goodbye.';

/** The alert call's notification, its alert as it is now, and the user whose voice method it rang. */
function callOf(deps: Pick<AlertActionDeps, 'db'>, notificationId: string) {
  return deps.db
    .selectFrom('notifications as n')
    .innerJoin('alerts as a', 'a.id', 'n.alert_id')
    .innerJoin('contact_methods as m', 'm.id', 'n.contact_method_id')
    .leftJoin('integrations as i', 'i.id', 'a.integration_id')
    .select(['n.kind', 'n.level', 'a.id as alert_id', 'a.title', 'a.severity', 'a.state', 'i.title as integration_title', 'm.user_id'])
    .where('n.id', '=', notificationId)
    .where('n.channel', '=', 'voice')
    .where('m.kind', '=', 'voice')
    .where('m.verified_at', 'is not', null)
    .executeTakeFirst();
}

/** The TwiML Twilio runs when the alert call is answered: the alert as it is now, and the menu. */
export async function renderAlertCall(deps: Pick<AlertActionDeps, 'db'>, notificationId: string, action: string): Promise<string> {
  const call = await callOf(deps, notificationId);
  if (!call) return spokenAnswer(CALL_GONE);
  const kind = call.kind === 'new_alert' ? ('new_alert' as const) : ('escalation' as const);
  const alert = { title: call.title, severity: call.severity, integrationTitle: call.integration_title, kind, level: call.level };
  return alertCall(alert, call.state, action);
}

/**
 * A key pressed on an alert call: 1 acknowledges, 2 escalates, 3 closes, as the user whose
 * verified voice method was called, `via` voice; the outcome is said and the call ends. Another
 * key hears the alert and the menu again (`callUrl`).
 */
export async function answerVoiceKey(deps: AlertActionDeps, notificationId: string, digits: string, callUrl: string): Promise<string> {
  const call = await callOf(deps, notificationId);
  if (!call) return spokenAnswer(CALL_GONE);
  const action = KEYS[digits];
  if (!action) return twiml(`<Say>That key does nothing.</Say><Redirect method="POST">${xmlEscaped(callUrl)}</Redirect>`);
  return spokenAnswer(`${await actAndSay(deps, call.user_id, call.alert_id, action, 'voice')}. Goodbye.`);
}
