import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { ConfirmDialog, useDeleteMe, useNotify } from '@vigil/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SettingsSection } from './SettingsSection';

const useStyles = makeStyles({
  danger: {
    alignSelf: 'flex-start',
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorPaletteRedForeground1, color: tokens.colorNeutralForegroundOnBrand },
    ':hover:active': { backgroundColor: tokens.colorPaletteDarkRedBackground2, color: tokens.colorNeutralForegroundOnBrand },
  },
});

/** Danger zone (docs/product.md §2.7, §4.2): deleting one's own account ends the session and goes to /login. */
export function DangerZoneTab() {
  const styles = useStyles();
  const [confirming, setConfirming] = useState(false);
  const deleteMe = useDeleteMe();
  const notify = useNotify();
  const navigate = useNavigate();

  const confirm = async () => {
    try {
      await deleteMe.mutateAsync();
      notify.success('Your account has been successfully deleted');
      navigate('/login', { replace: true });
    } catch (error) {
      setConfirming(false);
      notify.error(error);
    }
  };

  return (
    <SettingsSection danger title="Delete Account" description="Permanently delete your account, with all your alerts and integrations.">
      <Button className={styles.danger} appearance="primary" icon={<DeleteRegular />} onClick={() => setConfirming(true)}>
        Delete account
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Confirm account deletion"
        confirmLabel="Delete"
        destructive
        busy={deleteMe.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        All your account data will be <strong>permanently deleted</strong>: your profile, alerts and integrations. If you are sure, click{' '}
        <strong>Delete</strong> to proceed. This cannot be undone.
      </ConfirmDialog>
    </SettingsSection>
  );
}
