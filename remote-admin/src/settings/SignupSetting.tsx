import { SettingSwitch } from './SettingSwitch';

export const ALLOW_SIGNUP_LABEL = 'Allow sign-up';
export const SIGNUP_OPENED = 'Anyone can now create an account.';
export const SIGNUP_CLOSED = 'Sign-up is closed: only administrators add users.';

/**
 * "Allow sign-up" (PATCH /settings/ {signup_open}): on, the spec's open registration; off, the
 * sign-up page says it is closed, POST /users/signup is a 403, and only superusers add users.
 */
export function SignupSetting({ enabled }: { enabled: boolean }) {
  return (
    <SettingSwitch
      enabled={enabled}
      setting="signup_open"
      heading="Accounts"
      label={ALLOW_SIGNUP_LABEL}
      turnedOn={SIGNUP_OPENED}
      turnedOff={SIGNUP_CLOSED}
      hint={() =>
        'On, anyone who reaches Vigil can create an account from the sign-up page. Off, that page says sign-up is closed, and only ' +
        'administrators add users (Add User, above). Every API server applies a change within seconds.'
      }
    />
  );
}
