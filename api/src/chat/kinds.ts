import type { ChatProvider } from './provider.js';
import { slackChatProvider } from './slack/slackProvider.js';

/** Every kind of team chat channel this build posts to, each in its own module (chat/<kind>/). */
export const CHAT_PROVIDERS: readonly ChatProvider[] = [slackChatProvider];
