import { Field, makeStyles, Radio, RadioGroup, tokens } from '@fluentui/react-components';
import { isThemeChoice, themeAtom } from '@vigil/shared';
import { useAtom } from 'jotai';
import { SettingsSection } from './SettingsSection';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

const OPTIONS = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light Mode' },
  { value: 'dark', label: 'Dark Mode' },
] as const;

/** Appearance (docs/product.md §2.7): the shared theme atom, so the whole console repaints at once and the choice persists. */
export function AppearanceTab() {
  const styles = useStyles();
  const [theme, setTheme] = useAtom(themeAtom);
  return (
    <SettingsSection title="Appearance" description="System follows the light or dark setting of your device.">
      <Field label="Theme">
        <RadioGroup
          className={styles.group}
          value={theme}
          onChange={(_, data) => {
            if (isThemeChoice(data.value)) setTheme(data.value);
          }}
        >
          {OPTIONS.map((option) => (
            <Radio key={option.value} value={option.value} label={option.label} />
          ))}
        </RadioGroup>
      </Field>
    </SettingsSection>
  );
}
