import { Card, makeStyles, Skeleton, SkeletonItem, Subtitle2, Switch, Text, tokens } from '@fluentui/react-components';
import { errorText, useAppSettings, useNotify, useUpdateAppSettings } from '@vigil/shared';

const useStyles = makeStyles({
  card: { marginTop: tokens.spacingVerticalXXL, padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
});

export const REQUIRE_SIGNED_LINKS_LABEL = 'Require signed links';

/**
 * "Require signed links" (PATCH /settings/): on, an alert's public page opens only from the
 * signed link of its notification email; off, the bare /actions/{id} of the spec works too.
 * Superusers only: the page is theirs, and `enabled` keeps anyone else from asking (a 403
 * would end their session).
 */
export function SignedLinksSetting({ enabled }: { enabled: boolean }) {
  const styles = useStyles();
  const settings = useAppSettings({ enabled });
  const update = useUpdateAppSettings();
  const notify = useNotify();
  if (!enabled) return null;

  const change = async (on: boolean) => {
    try {
      await update.mutateAsync({ require_signed_links: on });
      notify.success(on ? 'Signed links are now required.' : 'Alert pages open from bare links again.');
    } catch (error) {
      notify.error(error);
    }
  };

  const data = settings.data;
  return (
    <Card className={styles.card} aria-labelledby="public-links-heading">
      <Subtitle2 as="h2" id="public-links-heading" className={styles.heading}>
        Public alert links
      </Subtitle2>
      {settings.isError && <Text role="alert">{errorText(settings.error)}</Text>}
      {settings.isPending && (
        <Skeleton aria-label="Loading the setting">
          <SkeletonItem />
        </Skeleton>
      )}
      {data && (
        <>
          <Switch
            label={REQUIRE_SIGNED_LINKS_LABEL}
            checked={update.isPending ? Boolean(update.variables?.require_signed_links) : data.require_signed_links}
            disabled={update.isPending}
            onChange={(_, { checked }) => void change(checked)}
          />
          <Text size={200} className={styles.hint}>
            Notification emails always carry a link signed for their recipient, valid for {data.signed_link_ttl_hours} hours and until the
            alert is closed; each use is recorded with the recipient. When signed links are required, the bare {'/actions/{id}'} address no
            longer opens an alert's page, except for its owner and superusers signed in to the console.
          </Text>
        </>
      )}
    </Card>
  );
}
