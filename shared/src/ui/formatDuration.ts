/** The dash shown for a figure with nothing to measure yet (e.g. MTTA with no acknowledged alert). */
export const NO_VALUE = '—';

/**
 * Seconds as a person reads them, the two largest units: "45 s", "4 min 12 s", "3 h 5 min",
 * "2 d 4 h". Null (nothing measured) is "—".
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return NO_VALUE;
  const total = Math.round(seconds);
  const units: [number, string][] = [
    [Math.floor(total / 86_400), 'd'],
    [Math.floor((total % 86_400) / 3_600), 'h'],
    [Math.floor((total % 3_600) / 60), 'min'],
    [total % 60, 's'],
  ];
  const first = units.findIndex(([value]) => value > 0);
  if (first === -1) return '0 s';
  return units
    .slice(first, first + 2)
    .filter(([value]) => value > 0)
    .map(([value, unit]) => `${value} ${unit}`)
    .join(' ');
}
