#!/bin/sh
# Rolls one remote of the Compose deployment out or back, with no restart of the gateway, the
# shell or the API (docs/deploy/releasing.md):
#
#   deploy/release.sh <remote> <version>    e.g. deploy/release.sh alerts 1.1.0
#   deploy/release.sh --list                each remote's live version and the versions served
#   deploy/release.sh --kubernetes …        the same on a Kubernetes overlay: deploy/kubernetes/release.sh
#
# 1. Runs the remote's service on that version's image (VIGIL_REMOTE_<NAME>_VERSION) and waits
#    for its health check. The service's volume keeps every version it ran, so pages opened
#    before the release still load their chunks, and a roll-back finds its files.
# 2. Pins every remote's version in .env, so a later `docker compose up -d` keeps them.
# 3. Replaces the remotes map the gateway serves, deploy/remotes-map/live.json, in one rename.
#    The gateway opens it on every request: consoles load the version on their next
#    navigation to that remote, or on reload.
# When the service does not come up healthy, it is put back on the version it ran and .env
# and the map stay as they were.
set -eu

# The Kubernetes form takes its overlay's path as given, from where it is run.
if [ "${1:-}" = --kubernetes ]; then
  shift
  exec sh "$(dirname "$0")/kubernetes/release.sh" "$@"
fi

cd "$(dirname "$0")/.."
MAP_DIR=deploy/remotes-map
DEFAULT_MAP=$MAP_DIR/default.json
LIVE_MAP=$MAP_DIR/live.json
# Where each remote's image keeps its versions (its volume; see deploy/remote/Dockerfile).
SERVED_DIR=/usr/share/nginx/html/remotes
USAGE="Usage:
  deploy/release.sh <remote> <version>   make a version of a remote live (e.g. deploy/release.sh alerts 1.1.0)
  deploy/release.sh --list               show each remote's live version and the versions its service holds
  deploy/release.sh --kubernetes [--apply] <overlay> <remote> <version>
                                         the same in a Kubernetes overlay (deploy/kubernetes/release.sh --help)"

fail() {
  echo "release: $*" >&2
  exit 1
}

# The remotes, as the default map names them: remote-actions, remote-admin, …
REMOTES=$(sed -n 's/^ *"\(remote_[a-z0-9_]*\)":.*/\1/p' "$DEFAULT_MAP" | tr _ -)
[ -n "$REMOTES" ] || fail "$DEFAULT_MAP names no remote"

# The map in force: the last release's, else the checkout's default.
current_map() {
  if [ -f "$LIVE_MAP" ]; then echo "$LIVE_MAP"; else echo "$DEFAULT_MAP"; fi
}

# version_in <map file> <remote>: the version that map names for the remote.
version_in() {
  sed -n "s|.*\"/remotes/$2/\([^/\"]*\)/mf-manifest.json\".*|\1|p" "$1"
}

# remote-alerts → VIGIL_REMOTE_ALERTS_VERSION, the variable docker-compose.yml tags its image with.
version_variable() {
  echo "VIGIL_$(echo "$1" | tr 'a-z-' 'A-Z_')_VERSION"
}

# new_version <remote>: the version the new map gives the remote ($remote gets $version).
new_version() {
  if [ "$1" = "$remote" ]; then echo "$version"; else version_in "$map" "$1"; fi
}

# Every remote's version line in .env, replaced in one rename (cp -p keeps its mode, 600).
pin_versions() {
  tmp=.env.release.$$
  cp -p .env "$tmp"
  {
    grep -v -e '^VIGIL_REMOTE_[A-Z_]*_VERSION=' -e '^# Pinned by deploy/release.sh' .env || true
    echo '# Pinned by deploy/release.sh: change them with it, so the remotes map agrees.'
    for r in $REMOTES; do echo "$(version_variable "$r")=$(new_version "$r")"; done
  } >"$tmp"
  mv -f "$tmp" .env
}

# entry_line <remote> <version>: the remote's line of the default map at that version. A line
# is either `"remote_x": "<manifest URL>"` or `"remote_x": {"entry": "<manifest URL>", "route":
# {…}}`, the route a remote declares for its menu entry (docs/console/adding-a-remote.md): it is kept as it is.
# One line per remote in default.json, so a line holds the whole entry.
entry_line() {
  grep "^ *\"$(echo "$1" | tr - _)\":" "$DEFAULT_MAP" \
    | sed -e 's/,[[:space:]]*$//' -e "s|/remotes/$1/[^/\"]*/mf-manifest.json|/remotes/$1/$2/mf-manifest.json|"
}

# The new map, in the shape the shell reads, replaced in one rename.
write_map() {
  tmp=$MAP_DIR/.live.json.$$
  last=$(echo "$REMOTES" | tail -n 1)
  {
    echo '{'
    for r in $REMOTES; do
      comma=,
      [ "$r" = "$last" ] && comma=
      printf '%s%s\n' "$(entry_line "$r" "$(new_version "$r")")" "$comma"
    done
    echo '}'
  } >"$tmp"
  chmod 644 "$tmp"
  mv -f "$tmp" "$LIVE_MAP"
}

list() {
  map=$(current_map)
  echo "Remotes map: $map"
  printf '%-20s %-10s %s\n' remote live 'versions its service holds'
  for r in $REMOTES; do
    if held=$(docker compose exec -T "$r" ls "$SERVED_DIR/$r" 2>/dev/null); then
      held=$(echo $held)
    else
      held='(service not running)'
    fi
    printf '%-20s %-10s %s\n' "$r" "$(version_in "$map" "$r")" "$held"
  done
}

if [ $# -eq 1 ] && [ "$1" = --list ]; then
  list
  exit 0
fi
if [ $# -eq 1 ] && { [ "$1" = --help ] || [ "$1" = -h ]; }; then
  echo "$USAGE"
  exit 0
fi
[ $# -eq 2 ] || fail "$USAGE"

case $1 in
  remote-*) remote=$1 ;;
  *) remote=remote-$1 ;;
esac
version=$2
echo "$REMOTES" | grep -qx -- "$remote" || fail "no remote named \"$1\"; the remotes are: $(echo $REMOTES)"
echo "$version" | grep -Eqx '[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.+-]+)?' || fail "\"$version\" is not a version (e.g. 1.4.0)"
[ -f .env ] || fail "no .env beside docker-compose.yml: cp deploy/env.example .env first (docs/deploy/compose.md)"

map=$(current_map)
from=$(version_in "$map" "$remote")
variable=$(version_variable "$remote")

echo "Starting $remote $version and waiting for its health check…"
# A variable of the command's environment wins over .env: .env changes only once it is up.
if ! env "$variable=$version" docker compose up -d --no-deps --wait "$remote"; then
  echo "release: $remote $version did not start healthy; putting $remote $from back" >&2
  env "$variable=$from" docker compose up -d --no-deps "$remote" || true
  fail "nothing changed: $remote $from stays live"
fi
pin_versions
write_map
if [ "$from" = "$version" ]; then
  echo "$remote $version was already live."
else
  echo "$remote: $from → $version"
fi
echo "Open consoles load it on their next navigation to it, or on reload."
