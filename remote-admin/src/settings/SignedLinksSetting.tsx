import { SettingSwitch } from './SettingSwitch';

export const REQUIRE_SIGNED_LINKS_LABEL = 'Require signed links';

/**
 * "Require signed links" (PATCH /settings/): on, an alert's public page opens only from the
 * signed link of its notification email; off, the bare /actions/{id} of the spec works too.
 */
export function SignedLinksSetting({ enabled }: { enabled: boolean }) {
  return (
    <SettingSwitch
      enabled={enabled}
      setting="require_signed_links"
      heading="Public alert links"
      label={REQUIRE_SIGNED_LINKS_LABEL}
      turnedOn="Signed links are now required."
      turnedOff="Alert pages open from bare links again."
      hint={(data) => (
        <>
          Notification emails always carry a link signed for their recipient, valid for {data.signed_link_ttl_hours} hours and until the
          alert is closed; each use is recorded with the recipient. When signed links are required, the bare {'/actions/{id}'} address no
          longer opens an alert's page, except for its owner and superusers signed in to the console.
        </>
      )}
    />
  );
}
