import { Button, Caption1, Card, Subtitle2, Text, Toolbar } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import type { RotationPublic } from '@vigil/shared';
import { joinNames } from '../format';
import { describeRotation } from './rotationValues';
import { useScheduleStyles } from './scheduleStyles';

/** A schedule's rotations: who takes turns, and how; Add, Edit and Delete for who may change it. */
export function RotationsCard({
  rotations,
  canEdit,
  nameOf,
  onAdd,
  onEdit,
  onDelete,
}: {
  rotations: RotationPublic[];
  canEdit: boolean;
  nameOf: (id: string) => string;
  onAdd: () => void;
  onEdit: (rotation: RotationPublic) => void;
  onDelete: (rotation: RotationPublic) => void;
}) {
  const styles = useScheduleStyles();
  return (
    <Card>
      <div className={styles.sectionHead}>
        <Subtitle2 as="h3">Rotations</Subtitle2>
        {canEdit && (
          <Button icon={<AddRegular />} onClick={onAdd}>
            Add Rotation
          </Button>
        )}
      </div>
      {rotations.length === 0 ? (
        <Text className={styles.muted}>No rotation yet: no one is on call.</Text>
      ) : (
        <ul className={styles.list} aria-label="Rotations">
          {rotations.map((r) => (
            <li key={r.id} className={styles.item}>
              <div className={styles.itemText}>
                <Text weight="semibold">{r.name}</Text>
                <Caption1>{joinNames(r.user_ids.map(nameOf))}</Caption1>
                <Caption1 className={styles.muted}>{describeRotation(r)}</Caption1>
              </div>
              {canEdit && (
                <Toolbar aria-label={`Actions for rotation ${r.name}`} size="small">
                  <Button size="small" icon={<EditRegular />} onClick={() => onEdit(r)}>
                    Edit
                  </Button>
                  <Button size="small" icon={<DeleteRegular />} aria-label={`Delete rotation ${r.name}`} onClick={() => onDelete(r)} />
                </Toolbar>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
