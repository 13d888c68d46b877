import { Button, Caption1, Card, Subtitle2, Text } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import type { OverridePublic } from '@vigil/shared';
import { formatSpan } from '../format';
import { useScheduleStyles } from './scheduleStyles';

const OVERRIDE_TEXT = {
  replace: (who: string, whom: string) => `${who} replaces ${whom}`,
  add: (who: string) => `${who} is added`,
  remove: (who: string) => `${who} is taken off`,
} as const;

/** The overrides not yet over, with their span on the schedule's clock; Add and Delete for who may change them. */
export function OverridesCard({
  overrides,
  timeZone,
  canEdit,
  nameOf,
  onAdd,
  onDelete,
}: {
  overrides: OverridePublic[];
  timeZone: string;
  canEdit: boolean;
  nameOf: (id: string) => string;
  onAdd: () => void;
  onDelete: (override: OverridePublic) => void;
}) {
  const styles = useScheduleStyles();
  return (
    <Card>
      <div className={styles.sectionHead}>
        <Subtitle2 as="h3">Overrides</Subtitle2>
        {canEdit && (
          <Button icon={<AddRegular />} onClick={onAdd}>
            Add Override
          </Button>
        )}
      </div>
      {overrides.length === 0 ? (
        <Text className={styles.muted}>No override ahead.</Text>
      ) : (
        <ul className={styles.list} aria-label="Overrides">
          {overrides.map((o) => (
            <li key={o.id} className={styles.item}>
              <div className={styles.itemText}>
                <Text weight="semibold">
                  {OVERRIDE_TEXT[o.kind](nameOf(o.user_id), o.replaces_user_id ? nameOf(o.replaces_user_id) : '')}
                </Text>
                <Caption1 className={styles.muted}>{formatSpan(o.starts_at, o.ends_at, timeZone)}</Caption1>
              </div>
              {canEdit && <Button size="small" icon={<DeleteRegular />} aria-label="Delete override" onClick={() => onDelete(o)} />}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
