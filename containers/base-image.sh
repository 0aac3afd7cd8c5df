#!/usr/bin/env bash
# Makes the base image tunelab's container images build FROM where no image registry is reachable
# (issue 35): a minimal Debian root file system made by debootstrap from a Debian mirror, imported
# into the local Docker engine. Where a registry is reachable, debian:bookworm-slim does the same
# job (build the images with --build-arg BASE=debian:bookworm-slim).
#
#   containers/base-image.sh            # once; does nothing when the image exists
#   TUNELAB_DEBIAN_MIRROR=http://... containers/base-image.sh
#
# Needs root (debootstrap), debootstrap and a running Docker engine.
set -euo pipefail

image=${TUNELAB_BASE_IMAGE:-tunelab/debian-base:bookworm}
mirror=${TUNELAB_DEBIAN_MIRROR:-http://deb.debian.org/debian}

if docker image inspect "$image" > /dev/null 2>&1; then
  echo "base-image: $image is there"
  exit 0
fi
for tool in debootstrap docker; do
  command -v "$tool" > /dev/null || {
    echo "base-image: $tool is missing: apt-get install debootstrap docker.io" >&2
    exit 2
  }
done
if [ "$(id -u)" -ne 0 ]; then
  echo "base-image: debootstrap needs root: run this as root once, or build FROM a registry's Debian (BASE=debian:bookworm-slim containers/build-images.sh)" >&2
  exit 2
fi
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
echo "base-image: debootstrap bookworm from $mirror"
debootstrap --variant=minbase bookworm "$root" "$mirror" > "$root.log" 2>&1 || {
  echo "base-image: debootstrap failed; its log: $root.log" >&2
  exit 3
}
rm -f "$root.log"
# the apt lists and caches are rebuilt by each image's own apt-get update
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/archives/*.deb
tar -C "$root" -c . | docker import --change 'CMD ["/bin/bash"]' - "$image" > /dev/null
echo "base-image: $image imported"
