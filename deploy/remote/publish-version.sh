#!/bin/sh
# Run by the nginx image's entrypoint before nginx starts. Adds this image's version of the
# remote (/usr/share/vigil/this-version) to the versions the service serves, in the remote's
# volume (docker-compose.yml): the versions that ran before stay, so a page opened before a
# release still loads its chunks and a roll-back finds its files. Publishing a version again
# adds its files over the old ones, keeping the chunks an earlier build of it named.
# Without a volume (a plain `docker run`) it fills the container's own folder the same way.
set -eu
versions="/usr/share/nginx/html/remotes/${VIGIL_REMOTE}"
mkdir -p "${versions}/${VIGIL_REMOTE_VERSION}"
cp -R /usr/share/vigil/this-version/. "${versions}/${VIGIL_REMOTE_VERSION}/"
echo "$0: ${VIGIL_REMOTE} ${VIGIL_REMOTE_VERSION} published; versions served: $(ls "${versions}" | tr '\n' ' ')"
