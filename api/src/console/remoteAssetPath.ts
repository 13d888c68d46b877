/** A remote's folder in the built console: `remote-alerts`, `remote-oncall`, … */
const REMOTE_FOLDER = /^remote-[a-z0-9][a-z0-9-]*$/;
/**
 * In the URL as sent: an encoded `/`, `\`, NUL or `%` (a second encoding). None is ever in a
 * built asset's URL; each means something else once decoded (a separator, a truncation, a
 * `..` after a second decoding), so a request carrying one is refused rather than interpreted.
 */
const ENCODED_TROUBLE = /%(?:2f|5c|00|25)/i;

/**
 * Whether `/remotes/<path>` names a file inside the remote folder its first segment names.
 * `decodedPath` is the path after the prefix as the static server reads it (the router decoded
 * it once: `/remote-alerts/1.0.0/x.js`); `rawUrl` the request's URL as sent. The path is
 * normalised first (`.` and empty segments dropped, `..` resolved, the literal and `%2e%2e`
 * forms alike), and only then checked: a `..` that would leave the named remote's folder (into
 * the shell's files, another remote's, or the console folder) refuses the request, as does a
 * backslash or NUL anywhere.
 */
export function isRemoteAssetPath(decodedPath: string, rawUrl: string): boolean {
  const rawPath = rawUrl.split('?', 1)[0]!;
  if (ENCODED_TROUBLE.test(rawPath) || rawPath.includes('\\')) return false;
  if (decodedPath.includes('\0') || decodedPath.includes('\\')) return false;
  const segments = decodedPath.split('/').filter((segment) => segment !== '' && segment !== '.');
  const folder = segments[0];
  if (folder === undefined || !REMOTE_FOLDER.test(folder)) return false;
  const resolved: string[] = [];
  for (const segment of segments) {
    if (segment !== '..') resolved.push(segment);
    // Up from the remote's own folder: out of it.
    else if (resolved.length <= 1) return false;
    else resolved.pop();
  }
  return resolved.length >= 2;
}
