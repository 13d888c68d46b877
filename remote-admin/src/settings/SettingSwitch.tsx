import { Card, makeStyles, Skeleton, SkeletonItem, Subtitle2, Switch, Text, tokens } from '@fluentui/react-components';
import { errorText, type SettingsPublic, useAppSettings, useNotify, useUpdateAppSettings } from '@vigil/shared';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  card: { marginTop: tokens.spacingVerticalXXL, padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** The run-time settings a switch turns on and off (PATCH /settings/ takes each alone). */
export type SwitchedSetting = 'require_signed_links' | 'signup_open';

/**
 * One run-time setting as a card on /admin: a heading, a Fluent Switch (PATCH /settings/ with
 * that setting alone; a toast says what changed), and a hint read from the settings. Superusers
 * only: the page is theirs, and `enabled` keeps anyone else from asking (a 403 would end their
 * session).
 */
export function SettingSwitch({
  enabled,
  setting,
  heading,
  label,
  turnedOn,
  turnedOff,
  hint,
}: {
  enabled: boolean;
  setting: SwitchedSetting;
  heading: string;
  label: string;
  /** The toasts after a change. */
  turnedOn: string;
  turnedOff: string;
  hint: (settings: SettingsPublic) => ReactNode;
}) {
  const styles = useStyles();
  const settings = useAppSettings({ enabled });
  const update = useUpdateAppSettings();
  const notify = useNotify();
  if (!enabled) return null;

  const change = async (on: boolean) => {
    try {
      await update.mutateAsync({ [setting]: on });
      notify.success(on ? turnedOn : turnedOff);
    } catch (error) {
      notify.error(error);
    }
  };

  const headingId = `${setting}-heading`;
  const data = settings.data;
  return (
    <Card className={styles.card} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        {heading}
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
            label={label}
            checked={update.isPending ? Boolean(update.variables?.[setting]) : data[setting]}
            disabled={update.isPending}
            onChange={(_, { checked }) => void change(checked)}
          />
          <Text size={200} className={styles.hint}>
            {hint(data)}
          </Text>
        </>
      )}
    </Card>
  );
}
