import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { ApiError, errorText, type TelegramLink } from '@vigil/shared';

/** Whole minutes left until `expiresAt` (at least 1: the link was just made). */
const minutesLeft = (expiresAt: string) => Math.max(1, Math.round((new Date(expiresAt).getTime() - Date.now()) / 60_000));

/**
 * The one-time t.me link "Link Telegram" asked for (docs/oncall/channels/telegram.md, "Link your
 * Telegram account"): opened in Telegram, its Start button links the account that presses it.
 */
/** `onDone`: pressed once back from Telegram (the list is read again). */
export function TelegramLinkReady({ link, onDone }: { link: TelegramLink; onDone: () => void }) {
  const until = new Date(link.expires_at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <MessageBar intent="info" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>Your Telegram link is ready</MessageBarTitle>
        Open it in Telegram and press Start: the bot links the Telegram account that does to you. It works once, for{' '}
        {minutesLeft(link.expires_at)} minutes (until {until}).
      </MessageBarBody>
      <MessageBarActions>
        <Button as="a" appearance="primary" href={link.link} target="_blank" rel="noopener noreferrer">
          Open in Telegram
        </Button>
        <Button onClick={onDone}>Done</Button>
      </MessageBarActions>
    </MessageBar>
  );
}

/** Why no link was made: a 409 is the bot not set up, or Telegram unreachable or refusing its token. */
export function TelegramLinkRefused({ error }: { error: unknown }) {
  const superuserCan = error instanceof ApiError && error.status === 409;
  const text = errorText(error).replace(/\.$/, '');
  return (
    <MessageBar intent="error" role="alert" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>Telegram cannot be linked</MessageBarTitle>
        {text}.{superuserCan && ' A superuser sets up the Telegram bot under Admin › Notification providers.'}
      </MessageBarBody>
    </MessageBar>
  );
}
