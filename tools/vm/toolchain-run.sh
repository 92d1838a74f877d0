#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Run one command inside the toolchain chroot of tools/vm/toolchain-chroot.sh,
# with the work tree and the download cache visible at the same absolute
# paths as on the host. Paths then mean the same inside and out: the
# flavour headers' Makefile includes the common tree by the absolute path
# fetch-kernel.sh wrote into it (under $CRCVMX_CACHE), and M=<dir> of a
# module build is the host's directory. The bind mounts live in a private
# mount namespace (unshare) and vanish with the command.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$here/../lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} --root DIR [--bind DIR]... -- COMMAND [ARG]...
Runs COMMAND in the chroot DIR (printed by tools/vm/toolchain-chroot.sh),
in the current directory, with $top, $CRCVMX_CACHE and
each --bind DIR mounted at their own paths. Needs root.
Exit codes: COMMAND's, or 1 if the chroot cannot be entered, 2 bad usage.
USAGE
}
root=''
binds=("$top" "$CRCVMX_CACHE")
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--root) [ $# -ge 2 ] || die 2 "--root needs a directory"; root=$2; shift ;;
	--bind) [ $# -ge 2 ] || die 2 "--bind needs a directory"; binds+=("$(cd "$2" && pwd)"); shift ;;
	--) shift; break ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ $# -gt 0 ] || die 2 "no command given (try --help)"
[ -e "$root/.complete" ] || die "no complete toolchain chroot at '$root' (make it with tools/vm/toolchain-chroot.sh)"
[ "$(id -u)" -eq 0 ] || die "must run as root (mount namespaces and chroot)"

# Inside the new namespace: mount, then chroot into the current directory.
# The arguments reach the inner shell as positional parameters, unquoted
# nowhere.
# shellcheck disable=SC2016 # the inner script expands its own variables
exec unshare --mount --propagation private -- bash -euc '
	root=$1 cwd=$2 n=$3
	shift 3
	for ((i = 0; i < n; i++)); do
		mkdir -p "$root$1"
		mount --bind "$1" "$root$1"
		shift
	done
	mount --rbind /dev "$root/dev"
	mount -t proc proc "$root/proc"
	exec chroot "$root" /usr/bin/env -C "$cwd" PATH=/usr/bin:/bin:/usr/sbin:/sbin "$@"
' toolchain-run "$root" "$PWD" "${#binds[@]}" "${binds[@]}" "$@"
