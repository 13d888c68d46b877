// CSV (RFC 4180) safe to open in a spreadsheet: a cell that a spreadsheet would read as a
// formula (starting with = + - @, a tab or a carriage return) gets a leading apostrophe (OWASP,
// "CSV Injection"); a cell holding a comma, a quote or a line break is quoted.

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as written: neutralised, then quoted when it must be. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV text: CRLF after each, the header first. */
export function writeCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
