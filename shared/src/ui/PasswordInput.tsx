import { Button, Input, type InputProps, makeStyles } from '@fluentui/react-components';
import { EyeOffRegular, EyeRegular } from '@fluentui/react-icons';
import { useState } from 'react';

const useStyles = makeStyles({
  // The toggle sits inside the input's border: no extra padding around the icon button.
  toggle: { minWidth: 'auto' },
});

export type PasswordInputProps = Omit<InputProps, 'type' | 'contentAfter'>;

/**
 * A password input with a show/hide toggle (docs/product.md §2.11). Put it inside a Fluent `<Field>`: the
 * inner `Input` picks up the field's label, id and error state from the field's context.
 */
export function PasswordInput(props: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const styles = useStyles();
  return (
    <Input
      autoComplete="current-password"
      {...props}
      type={visible ? 'text' : 'password'}
      contentAfter={
        // A native title, not Fluent's Tooltip: the tooltip's positioning code cost /login ~14 KiB gz.
        <Button
          className={styles.toggle}
          appearance="transparent"
          size="small"
          aria-label="Toggle password visibility"
          aria-pressed={visible}
          icon={visible ? <EyeOffRegular /> : <EyeRegular />}
          title={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((v) => !v)}
        />
      }
    />
  );
}
