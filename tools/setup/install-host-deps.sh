#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Install the Debian packages listed in host-packages.txt that are missing and
# enable the ppc64el architecture (for the guest's userland .debs).
# A fast no-op when everything is present. Needs root (or sudo) only when
# something must be installed.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
list="$here/host-packages.txt"

usage() {
	cat <<USAGE
Usage: $(basename "$0") [--help]
Installs the host packages named in $list (Debian 12, amd64)
and adds the ppc64el dpkg architecture. Exit codes: 0 ok, 1 install failed,
2 bad usage.
USAGE
}

case "${1:-}" in
-h|--help) usage; exit 0 ;;
"") ;;
*) echo "install-host-deps: unknown argument '$1' (try --help)" >&2; exit 2 ;;
esac

mapfile -t pkgs < <(sed -e 's/#.*//' -e 's/[[:space:]]//g' "$list" | grep -v '^$')

missing=()
for p in "${pkgs[@]}"; do
	if ! dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$'; then
		missing+=("$p")
	fi
done
need_arch=0
dpkg --print-foreign-architectures | grep -qx ppc64el || need_arch=1

if [ ${#missing[@]} -eq 0 ] && [ $need_arch -eq 0 ] &&
   apt-cache show busybox-static:ppc64el >/dev/null 2>&1; then
	exit 0
fi

SUDO=
if [ "$(id -u)" -ne 0 ]; then
	command -v sudo >/dev/null || {
		echo "install-host-deps: must run as root (or have sudo) to install: ${missing[*]}" >&2
		exit 1
	}
	SUDO=sudo
fi

echo ">> setup: installing host packages: ${missing[*]:-(none)}"
[ $need_arch -eq 0 ] || $SUDO dpkg --add-architecture ppc64el
# bookworm-security's ppc64el index has been seen failing mid-sync ("File has
# unexpected size"); apt-get update then exits non-zero but main still works.
# Accept that as long as the main ppc64el index is usable afterwards.
if ! $SUDO apt-get update -qq >/tmp/crc32c-vmx-apt-update.log 2>&1; then
	echo ">> setup: apt-get update reported errors (see /tmp/crc32c-vmx-apt-update.log); continuing with the indexes that did load"
fi
apt-cache show busybox-static:ppc64el >/dev/null 2>&1 || {
	echo "install-host-deps: the Debian ppc64el package index is unavailable; check the mirror and re-run" >&2
	exit 1
}
if [ ${#missing[@]} -gt 0 ]; then
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
		"${missing[@]}" >/tmp/crc32c-vmx-apt-install.log 2>&1 || {
		echo "install-host-deps: apt-get install failed (log: /tmp/crc32c-vmx-apt-install.log)" >&2
		tail -5 /tmp/crc32c-vmx-apt-install.log >&2
		exit 1
	}
fi
