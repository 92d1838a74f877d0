#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# A Debian testing (amd64) chroot that can build out-of-tree modules for
# Debian testing's ppc64el kernel, cached under $CRCVMX_CACHE/toolchain/.
#
# Why: Debian builds its newest kernel (7.2 today) with gcc 16. Its
# CONFIG_CC_VERSION_TEXT names that compiler, Kbuild warns when a module is
# built with another one, and flags in its config need a gcc that knows
# them; bookworm's cross gcc-12 does not. Debian testing's amd64
# linux-kbuild binaries (fixdep, modpost, ...) need testing's glibc. So the
# module builds for that kernel run inside this chroot (tools/vm/toolchain-run.sh),
# which holds exactly:
#   gcc-<N>-powerpc64le-linux-gnu  the compiler the kernel names
#   binutils-powerpc64le-linux-gnu, make, mawk
#   linux-kbuild-<abi> (amd64)     the kernel's host tools and their libraries
#                                  (libelf, libssl, pahole for module BTF)
# The cache key is a hash of those package versions and of this script, so
# a new kernel or compiler upload gives a new chroot; it is built in a
# temporary directory and renamed into place only when complete.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib/common.sh
. "$here/../lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} --kernel-env FILE [--help]
Makes (once) and verifies the Debian testing chroot that builds modules for
the kernel FILE describes (a kernel.env from tools/vm/fetch-kernel.sh
--kernel newest, which also leaves the private testing apt configuration
this script resolves versions with). Prints the chroot's path on stdout.
Needs root (mmdebstrap --mode=root, from tools/setup/host-packages.txt).
Exit codes: 0 ready, 1 creation or verification failed, 2 bad usage.
USAGE
}
kenv=
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--kernel-env) [ $# -ge 2 ] || die 2 "--kernel-env needs a file"; kenv=$2; shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ -s "$kenv" ] || die 2 "--kernel-env FILE is required (make it with tools/vm/fetch-kernel.sh --kernel newest)"
# shellcheck disable=SC1090
. "$kenv"
[ "$(id -u)" -eq 0 ] || die "must run as root: mmdebstrap --mode=root and chroot need it"
command -v mmdebstrap >/dev/null || die "mmdebstrap missing: run tools/setup/install-host-deps.sh"

suite=testing
apt_conf="$CRCVMX_CACHE/apt/$suite/apt.conf"
[ -s "$apt_conf" ] || die "no private $suite apt configuration ($apt_conf): run tools/vm/fetch-kernel.sh --kernel newest first"

# The compiler the kernel was built with, from its config:
#   CONFIG_CC_VERSION_TEXT="powerpc64le-linux-gnu-gcc-16 (Debian 16.2.0-3) 16.2.0"
cc_text=$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\(.*\)"$/\1/p' "$KDIR/.config")
cc_prog=${cc_text%% *}
cc_major=${cc_prog##*-gcc-}
[[ "$cc_prog" == powerpc64le-linux-gnu-gcc-* && "$cc_major" =~ ^[0-9]+$ ]] ||
	die "cannot tell the compiler from CONFIG_CC_VERSION_TEXT='$cc_text' in $KDIR/.config"
cc_debver=$(sed -n 's/.*(Debian \([^)]*\)).*/\1/p' <<<"$cc_text")

kbuild=linux-kbuild-${KREL%-powerpc64le*}
pkgs=("gcc-$cc_major-powerpc64le-linux-gnu" binutils-powerpc64le-linux-gnu make mawk "$kbuild")
# Their candidates in one apt-cache run (it reads the large index once).
declare -A cand
while read -r p v; do
	cand[$p]=$v
done < <(APT_CONFIG=$apt_conf apt-cache policy "${pkgs[@]/%/:amd64}" 2>/dev/null |
	awk '/^[^ ].*:$/ { sub(/(:amd64)?:$/, ""); p = $0 } /^  Candidate:/ && $2 != "(none)" { print p, $2 }')
pinned=()
for p in "${pkgs[@]}"; do
	[ -n "${cand[$p]:-}" ] || die "Debian $suite has no $p for amd64 (indexes in $CRCVMX_CACHE/apt/$suite; delete its lists/ to refresh)"
	pinned+=("$p=${cand[$p]}")
done
# The cross compiler's version is the native one plus "crossN": it must be
# the build the kernel names, or Kbuild warns that the compilers differ.
case "${pinned[0]#*=}" in
"$cc_debver"cross*) ;;
*) die "the kernel was built with gcc $cc_debver but Debian $suite now offers ${pinned[0]}; wait for the kernel's rebuild (or its next upload) and retry" ;;
esac
[ "${pinned[4]#*=}" = "$KVER" ] ||
	die "Debian $suite offers ${pinned[4]}, the kernel is $KVER: run tools/vm/fetch-kernel.sh --kernel newest again"

key=$( { printf '%s\n' "${pinned[@]}"; cat "$0"; } | sha256sum | cut -c1-16)
root="$CRCVMX_CACHE/toolchain/$key"

if [ ! -e "$root/.complete" ]; then
	say "toolchain: Debian $suite chroot with ${pinned[*]} -> $root"
	mkdir -p "$CRCVMX_CACHE/toolchain"
	tmp="$root.tmp.$$"
	rm -rf "$tmp"
	trap 'rm -rf "$tmp"' EXIT
	incl=$(IFS=,; echo "${pinned[*]}")
	# The mirror's testing Release file has been seen past its Valid-Until
	# date (apt then refuses it); the signature is still checked.
	mmdebstrap --mode=root --variant=essential --architectures=amd64 \
		--keyring=/usr/share/keyrings/debian-archive-keyring.gpg \
		--include="$incl" --aptopt='Acquire::Check-Valid-Until "false"' --dpkgopt='path-exclude=/usr/share/{doc,man,locale}/*' \
		"$suite" "$tmp" http://deb.debian.org/debian >"$tmp.log" 2>&1 ||
		{ tail -15 "$tmp.log" >&2; die "mmdebstrap failed (log: $tmp.log)"; }
	rm -f "$tmp.log"
	printf '%s\n' "${pinned[@]}" >"$tmp/.toolchain-packages"
	rm -rf "$root"
	mv "$tmp" "$root"
	trap - EXIT
	# Verify before marking it complete: the compiler says what the kernel says.
	got=$(chroot "$root" "$cc_prog" --version | head -1)
	[ "$got" = "$cc_text" ] ||
		die "the chroot's compiler reports '$got', the kernel was built with '$cc_text'"
	chroot "$root" make --version >/dev/null || die "make does not run in $root"
	touch "$root/.complete"
fi
echo "$root"
