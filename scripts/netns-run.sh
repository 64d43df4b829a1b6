#!/usr/bin/env bash
# Runs a command inside a fresh private network namespace, so WebRTC tests never touch this machine's real
# network: the namespace holds only loopback and a veth pair with test addresses. Janus skips loopback
# interfaces when it gathers ICE candidates, hence the veth pair (this kernel has no `dummy` link type).
#
#   bash scripts/netns-run.sh npx vitest run apps/media/test/janus
#
# The command sees BELFRY_NETNS_IP (the address Janus and its peers should use). Needs root, or an
# unprivileged user namespace where the kernel allows one.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

setup='
set -euo pipefail
ip link set lo up
ip link add bv0 type veth peer name bv1
ip addr add 10.213.0.1/24 dev bv0
ip addr add 10.213.0.2/24 dev bv1
ip link set bv0 up
ip link set bv1 up
export BELFRY_NETNS_IP=10.213.0.1
exec "$@"
'

if [ "$(id -u)" -eq 0 ]; then
  exec unshare --net -- bash -c "$setup" netns-run "$@"
fi
exec unshare --user --map-root-user --net -- bash -c "$setup" netns-run "$@"
