import type { AlertSeverity, AlertState, ChatChannelRow, ChatKind } from '../db/schema.js';
import type { ProviderStore } from '../providers/store.js';

/** An alert as a chat message shows it, read when the message is sent (a retry shows it as it is then). */
export interface ChatAlertView {
  id: string;
  title: string;
  description: string | null;
  severity: AlertSeverity;
  state: AlertState;
  escalationLevel: number;
  occurrences: number;
  integrationTitle: string | null;
  teamName: string;
  createdAt: Date;
  /** Who acknowledged or closed it last, and how (the history's latest change), if anyone. */
  lastChange: { action: string; by: string | null; via: string } | null;
  /** The alert's public action page, signed for the channel (docs/api/signed-links.md). */
  actionLink: string;
  /** The alert in the console. */
  consoleLink: string;
}

export interface ChatSendContext {
  providers: ProviderStore;
  /** Whether outbound calls may reach private addresses (CONTACT_METHODS_ALLOW_PRIVATE_NETWORKS): for a webhook URL a team admin typed. */
  allowPrivateNetworks: boolean;
  /** The API's public base (FRONTEND_HOST + /api/v1): where a message's buttons call back (Mattermost). */
  apiBase: string;
  now: Date;
}

/**
 * One kind of chat channel (docs/oncall/channels.md). A team's channel of this kind gets a
 * message on each new alert of the team and, where the kind can, that message brought up to date
 * on every change of the alert's state (chatMessages.ts calls these; the kind's own module
 * handles its button presses).
 */
export interface ChatProvider {
  kind: ChatKind;
  /** As the console names it. */
  title: string;
  /** A channel's target as stored (a channel id, a chat id, a webhook URL), or a 422 naming `target`. */
  checkTarget(raw: string, options: { allowPrivateNetworks: boolean }): string;
  /** Whether a channel of this kind gets a secret of its own at creation (a callback's shared secret). */
  hasSecret: boolean;
  /**
   * Posts the alert; answers its id there, to update it later (null: this kind cannot update a
   * message it posted). Rejects when the provider did not take it (the attempt is retried).
   */
  post(channel: ChatChannelRow, alert: ChatAlertView, context: ChatSendContext): Promise<string | null>;
  /** Brings the posted message up to date; absent where the kind cannot. */
  update?(channel: ChatChannelRow, externalId: string, alert: ChatAlertView, context: ChatSendContext): Promise<void>;
  /** Posts a short test message ("send a test"). */
  test(channel: ChatChannelRow, context: ChatSendContext): Promise<void>;
}
