#!/bin/sh
# Rolls one remote of a Kubernetes overlay out or back (docs/deploy/releasing.md, "Kubernetes"):
#
#   deploy/kubernetes/release.sh <overlay> <remote> <version>           e.g. … overlays/ha alerts 1.1.0
#   deploy/kubernetes/release.sh --apply <overlay> <remote> <version>   and apply it to the cluster
#   deploy/kubernetes/release.sh --list <overlay>                       each remote's version there
#
# In the overlay's folder it changes, together:
# 1. kustomization.yaml's images: the remote's newTag becomes <version>, and its -previous entry
#    the version it replaces, which the remote's pods keep serving (base/remote/remote.yaml), so
#    consoles opened before the release keep loading their chunks;
# 2. remotes-map.json: the remote's entry names <version> (the map the shell loads and the API
#    renders the public action page by).
# Then it prints the difference in what `kubectl kustomize` renders. Without --apply nothing
# reaches the cluster: commit the change, or apply it as you apply the overlay. With --apply it
# applies the remote's own objects first and waits for their rollout, then everything (the new
# map rolls the gateway's and the API's web pods). When the overlay does not render, or the
# remote's pods do not come up, the files are put back (and the remote's objects too).
set -eu

USAGE="Usage:
  deploy/kubernetes/release.sh [--apply] <overlay> <remote> <version>   make a version of a remote live in an overlay
                                                                        (e.g. deploy/kubernetes/release.sh deploy/kubernetes/overlays/ha alerts 1.1.0)
  deploy/kubernetes/release.sh --list <overlay>                         show each remote's version, and the one before it, in the overlay"
KUBECTL=${KUBECTL:-kubectl}
ROLLOUT_TIMEOUT=${ROLLOUT_TIMEOUT:-300s}

fail() {
  echo "release: $*" >&2
  exit 1
}

# tag_of <kustomization> <image name>: the newTag of that entry of images:, if any.
tag_of() {
  awk -v want="$2" '
    /^[^ #]/ { inimages = ($0 ~ /^images:/); entry = 0; next }
    inimages && /^  - name: / { entry = ($3 == want); next }
    inimages && entry && /^    newTag: / { print $2; exit }
  ' "$1"
}

# set_tag <kustomization> <image name> <tag> <output>: the file with that entry's newTag set.
set_tag() {
  awk -v want="$2" -v tag="$3" '
    /^[^ #]/ { inimages = ($0 ~ /^images:/); entry = 0 }
    inimages && /^  - name: / { entry = ($3 == want) }
    inimages && entry && /^    newTag: / { print "    newTag: " tag; entry = 0; next }
    { print }
  ' "$1" >"$4"
}

# version_in <map> <remote>: the version the map names for the remote.
version_in() {
  sed -n "s|.*\"/remotes/$2/\([^/\"]*\)/mf-manifest.json\".*|\1|p" "$1"
}

apply=
case ${1:-} in
  --apply) apply=1; shift ;;
  --list)
    [ $# -eq 2 ] || fail "$USAGE"
    overlay=$2
    [ -f "$overlay/remotes-map.json" ] || fail "$overlay has no remotes-map.json: not an overlay of deploy/kubernetes"
    printf '%-20s %-10s %-10s %s\n' remote map image previous
    for r in $(sed -n 's/^ *"\(remote_[a-z0-9_]*\)":.*/\1/p' "$overlay/remotes-map.json" | tr _ -); do
      printf '%-20s %-10s %-10s %s\n' "$r" "$(version_in "$overlay/remotes-map.json" "$r")" \
        "$(tag_of "$overlay/kustomization.yaml" "vigil/$r")" "$(tag_of "$overlay/kustomization.yaml" "vigil/$r-previous")"
    done
    exit 0
    ;;
  --help | -h) echo "$USAGE"; exit 0 ;;
esac
[ $# -eq 3 ] || fail "$USAGE"

overlay=${1%/}
kustomization=$overlay/kustomization.yaml
map=$overlay/remotes-map.json
[ -f "$kustomization" ] && [ -f "$map" ] || fail "$overlay has no kustomization.yaml and remotes-map.json: not an overlay of deploy/kubernetes"
REMOTES=$(sed -n 's/^ *"\(remote_[a-z0-9_]*\)":.*/\1/p' "$map" | tr _ -)
case $2 in
  remote-*) remote=$2 ;;
  *) remote=remote-$2 ;;
esac
version=$3
echo "$REMOTES" | grep -qx -- "$remote" || fail "no remote named \"$2\" in $map; the remotes are: $(echo $REMOTES)"
echo "$version" | grep -Eqx '[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.+-]+)?' || fail "\"$version\" is not a version (e.g. 1.4.0)"
from=$(tag_of "$kustomization" "vigil/$remote")
[ -n "$from" ] || fail "$kustomization has no images: entry \"- name: vigil/$remote\" with a newTag: add it (and vigil/$remote-previous) first"
[ -n "$(tag_of "$kustomization" "vigil/$remote-previous")" ] ||
  fail "$kustomization has no images: entry \"- name: vigil/$remote-previous\" (newName: vigil/$remote) with a newTag: add it first"
command -v "$KUBECTL" >/dev/null || fail "kubectl is not installed: it renders the overlay (its built-in kustomize)"

if [ "$from" = "$version" ] && [ "$(version_in "$map" "$remote")" = "$version" ]; then
  echo "$remote $version is already the version in $overlay: nothing changed."
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$KUBECTL" kustomize "$overlay" >"$work/before.yaml" 2>"$work/err" ||
  fail "$overlay does not render as it is, so nothing changed: $(cat "$work/err")"

# The new files beside the old ones, then each put in place in one rename (cp -p keeps the mode).
cp -p "$kustomization" "$work/kustomization.yaml.orig"
cp -p "$map" "$work/remotes-map.json.orig"
set_tag "$kustomization" "vigil/$remote-previous" "$from" "$work/k1"
set_tag "$work/k1" "vigil/$remote" "$version" "$work/k2"
cp -p "$kustomization" "$kustomization.release.$$" && cat "$work/k2" >"$kustomization.release.$$"
sed "/^ *\"$(echo "$remote" | tr - _)\":/s|/remotes/$remote/[^/\"]*/mf-manifest.json|/remotes/$remote/$version/mf-manifest.json|" "$map" >"$work/map"
cp -p "$map" "$map.release.$$" && cat "$work/map" >"$map.release.$$"
mv -f "$kustomization.release.$$" "$kustomization"
mv -f "$map.release.$$" "$map"

put_back() {
  cp -p "$work/kustomization.yaml.orig" "$kustomization"
  cp -p "$work/remotes-map.json.orig" "$map"
}
if ! "$KUBECTL" kustomize "$overlay" >"$work/after.yaml" 2>"$work/err"; then
  put_back
  fail "$overlay does not render with $remote $version, so nothing changed: $(cat "$work/err")"
fi

echo "$remote: $from → $version in $overlay (the pods keep serving $from beside it)"
echo "What kubectl kustomize renders now, against before:"
diff -u "$work/before.yaml" "$work/after.yaml" | sed -e "1s|.*|--- $overlay (before)|" -e "2s|.*|+++ $overlay (after)|" || true

if [ -z "$apply" ]; then
  echo "Nothing was applied: commit the change, or apply it with --apply (or kubectl apply -k $overlay)."
  exit 0
fi

# The remote's own objects first, and its pods ready (serving both versions), before the map
# that names the new version reaches the gateway and the API.
namespace=$(awk '/^kind: Deployment$/ { d = 1 } d && /^  namespace: / { print $2; exit }' "$work/after.yaml")
selector="app.kubernetes.io/name=$remote"
echo "Applying $remote's Deployment and waiting for its rollout…"
if ! "$KUBECTL" apply -f "$work/after.yaml" -l "$selector" ||
  ! "$KUBECTL" -n "$namespace" rollout status "deployment/$remote" --timeout="$ROLLOUT_TIMEOUT"; then
  echo "release: $remote $version did not roll out; putting $remote $from back" >&2
  "$KUBECTL" apply -f "$work/before.yaml" -l "$selector" || true
  put_back
  fail "nothing changed: $remote $from stays live"
fi
echo "Applying the overlay (the new map rolls the gateway's and the API's web pods)…"
"$KUBECTL" apply -f "$work/after.yaml" ||
  fail "$remote $version runs, but the overlay did not apply: the files name $version; run kubectl apply -k $overlay again"
echo "Open consoles load $remote $version on their next navigation to it, or on reload."
