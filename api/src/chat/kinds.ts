import { mattermostChatProvider } from './mattermost/mattermostProvider.js';
import { msteamsChatProvider } from './msteams/msteamsProvider.js';
import type { ChatProvider } from './provider.js';
import { rocketchatChatProvider } from './rocketchat/rocketchatProvider.js';
import { slackChatProvider } from './slack/slackProvider.js';
import { telegramChatProvider } from './telegram/telegramProvider.js';

/** Every kind of team chat channel this build posts to, each in its own module (chat/<kind>/). */
export const CHAT_PROVIDERS: readonly ChatProvider[] = [
  slackChatProvider,
  mattermostChatProvider,
  rocketchatChatProvider,
  msteamsChatProvider,
  telegramChatProvider,
];
