import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

/** The highest score `passwordScore` gives. */
export const PASSWORD_SCORE_MAX = 4;

export type StrengthLabel = 'Low' | 'Medium' | 'High';

/**
 * How strong a password looks, from 0 to 4 (the console's own rule; the spec leaves it open):
 *  - empty: 0;
 *  - shorter than the 8-character minimum: 1 at most (it cannot be saved anyway), i.e. Low;
 *  - otherwise 1 for reaching 8 characters,
 *    +1 for 12 characters or more,
 *    +1 for mixing at least 3 character classes (lowercase, uppercase, digits, symbols),
 *    +1 for using all 4 classes.
 * Examples: 'password' 1 (Low), 'Password1' 2 (Medium), 'Password1!' 3 (High),
 * 'Longpassword12' 3 (High), 'Longpassword12!' 4 (High).
 */
export function passwordScore(password: string): number {
  if (!password) return 0;
  if (password.length < 8) return 1;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(password)).length;
  let score = 1;
  if (password.length >= 12) score += 1;
  if (classes >= 3) score += 1;
  if (classes === 4) score += 1;
  return Math.min(score, PASSWORD_SCORE_MAX);
}

/** Spec §2/§9: the label comes from the percentage of the maximum: < 33 Low, < 66 Medium, else High. */
export function strengthLabel(percent: number): StrengthLabel {
  if (percent < 33) return 'Low';
  if (percent < 66) return 'Medium';
  return 'High';
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, marginTop: tokens.spacingVerticalXS },
  bar: { display: 'flex', gap: tokens.spacingHorizontalXS },
  segment: { flex: '1 1 0', height: '4px', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralStroke2 },
  Low: { backgroundColor: tokens.colorPaletteRedBackground3 },
  Medium: { backgroundColor: tokens.colorPaletteDarkOrangeBackground3 },
  High: { backgroundColor: tokens.colorPaletteGreenBackground3 },
  caption: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 },
  value: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground2 },
});

export interface PasswordStrengthMeterProps {
  password: string;
  /** How many segments the bar has (spec: up to 4, default 4). */
  segments?: number;
  className?: string;
}

/** A segmented strength bar with its Low / Medium / High label, exposed as an ARIA meter. */
export function PasswordStrengthMeter({ password, segments = 4, className }: PasswordStrengthMeterProps) {
  const styles = useStyles();
  const score = passwordScore(password);
  const percent = (score / PASSWORD_SCORE_MAX) * 100;
  const label = strengthLabel(percent);
  const filled = Math.round((percent / 100) * segments);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot draw the segmented bar
    <div
      className={mergeClasses(styles.root, className)}
      role="meter"
      aria-label="Password strength"
      aria-valuemin={0}
      aria-valuemax={PASSWORD_SCORE_MAX}
      aria-valuenow={score}
      aria-valuetext={label}
      data-strength={label}
    >
      <div className={styles.bar} aria-hidden="true">
        {Array.from({ length: segments }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed positional segments
          <div key={i} data-filled={i < filled} className={mergeClasses(styles.segment, i < filled && styles[label])} />
        ))}
      </div>
      <span className={styles.caption}>
        Password strength: <span className={styles.value}>{label}</span>
      </span>
    </div>
  );
}
