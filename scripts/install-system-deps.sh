#!/usr/bin/env bash
# Installs the Debian packages the tests and the demo need, only those missing, unattended.
set -euo pipefail
wanted=(chromium xvfb radosgw ceph-mon ceph-osd ceph-common iproute2 nftables iptables gcc libnetfilter-queue-dev rclone awscli time openssl faketime)
missing=()
for p in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
