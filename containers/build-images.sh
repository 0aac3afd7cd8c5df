#!/usr/bin/env bash
# Builds tunelab's tier images from the base image (containers/base-image.sh, made first when
# missing) and the tier jars of this checkout (`./mvnw -DskipTests package` first), tagged as .env
# pins them (TUNELAB_DB_BUILT, ..._BROKER_..., ..._MOCKS_...). BASE=debian:bookworm-slim uses the registry's Debian instead.
# The builds use the host's network (the engine here runs without a bridge).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
base=${BASE:-tunelab/debian-base:bookworm}
for dist in broker mocks; do
  [ -f "$root/harness/$dist/target/dist/tunelab-$dist.jar" ] || {
    echo "build-images: harness/$dist/target/dist is missing: run ./mvnw -DskipTests package" >&2
    exit 2
  }
done
if [ "$base" = tunelab/debian-base:bookworm ]; then
  "$root/containers/base-image.sh"
fi
# the tags .env pins (TUNELAB_*_BUILT), which the testcontainers provider runs
tag() { sed -n "s/^$1=//p" "$root/.env"; }
db=$(tag TUNELAB_DB_BUILT)
broker=$(tag TUNELAB_BROKER_BUILT)
mocks=$(tag TUNELAB_MOCKS_BUILT)
build() { docker build --network host -q --build-arg BASE="$base" "$@" > /dev/null; }
build -t "$db" "$root/containers/db"
echo "build-images: $db"
build -f "$root/containers/broker/Dockerfile" -t "$broker" "$root/harness/broker"
echo "build-images: $broker"
staged=$(mktemp -d)
trap 'rm -rf "$staged"' EXIT
cp -r "$root/harness/mocks/target/dist" "$staged/dist"
cp -r "$root/mocks" "$staged/mocks"
build -f "$root/containers/mocks/Dockerfile" -t "$mocks" "$staged"
echo "build-images: $mocks"
