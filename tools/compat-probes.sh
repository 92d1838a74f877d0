#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# compat-probes.sh: the kernel API probes of module/compat.mk, run against
# one kernel's headers and configuration and checked against what that
# kernel is known to have (tools/compat-probes.expect, read from each
# kernel's headers by hand).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/common.sh
. "$top/tools/lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} --kernel-env FILE [--print]
Evaluates module/compat.mk for the kernel FILE names (tools/vm/fetch-kernel.sh
and build-debug-kernel.sh write such files) and compares the -D flags with
the first line of tools/compat-probes.expect whose pattern matches its
release (KREL, a shell pattern).
  --print   print the flags only, compare nothing
Exit codes: 0 as expected, 1 different or no expectation, 2 bad usage.
USAGE
}
kenv= print=0
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--kernel-env) [ $# -ge 2 ] || die 2 "--kernel-env needs a file"; kenv=$2; shift ;;
	--print) print=1 ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ -s "$kenv" ] || die 2 "no kernel env file '$kenv' (try --help)"
KDIR=$(sed -n 's/^KDIR=//p' "$kenv")
KREL=$(sed -n 's/^KREL=//p' "$kenv")
[ -s "$KDIR/.config" ] || die "no $KDIR/.config: is $kenv's kernel fetched?"
# Debian's flavour headers include the common tree, which holds include/.
srctree=$KDIR
inc=$(sed -n 's/^include \(.*\)\/Makefile$/\1/p' "$KDIR/Makefile" | head -1)
[ -z "$inc" ] || srctree=$inc
[ -d "$srctree/include/linux" ] || die "no include/linux under $srctree"

got=$(make -s -f "$top/tools/compat-probes.mk" srctree="$srctree" KCONFIG="$KDIR/.config")
if [ "$print" -eq 1 ]; then
	echo "$got"
	exit 0
fi
want= found=0
while read -r pat flags; do
	case "$pat" in ''|'#'*) continue ;; esac
	# shellcheck disable=SC2053 # the pattern is a glob on purpose
	if [[ $KREL == $pat ]]; then
		want=$flags found=1
		break
	fi
done <"$top/tools/compat-probes.expect"
[ "$found" -eq 1 ] ||
	die "no pattern in tools/compat-probes.expect matches $KREL: read its headers and add a line"
if [ "$(tr ' ' '\n' <<<"$got" | sort)" = "$(tr ' ' '\n' <<<"$want" | sort)" ]; then
	say "compat-probes: $KREL: $got"
	exit 0
fi
say "compat-probes: $KREL: got '$got', expected '$want'"
exit 1
