#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# lintian on the packages `make deb` builds: prints one verdict line per
# package, "PASS<TAB>lintian <package>" or "FAIL<TAB>lintian <package><TAB>why"
# (the format tools/check.sh counts), with lintian's own output on stderr.
# A package fails on any error or warning lintian reports; the overrides
# in debian/*.lintian-overrides each carry their reason.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} DEB...
Runs lintian on each .deb; exit 0 only when none has an error or warning.
Exit codes: 0 clean, 1 lintian found problems, 2 bad usage.
USAGE
}
case "${1:-}" in
-h|--help) usage; exit 0 ;;
"") usage >&2; exit 2 ;;
esac
command -v lintian >/dev/null ||
	die "lintian not found: run tools/setup/install-host-deps.sh (package lintian)"

rc=0
for deb in "$@"; do
	[ -s "$deb" ] || die 2 "no such package: $deb (run make deb)"
	name=$(dpkg-deb -f "$deb" Package)
	# (lintian warns that it runs as root, which the build machine is)
	report=$(lintian --tag-display-limit 0 --display-info "$deb" 2>&1 |
		grep -v '^running with root privileges is not recommended' || true)
	[ -z "$report" ] || printf '%s\n' "$report" | sed 's/^/   lintian: /' >&2
	bad=$(printf '%s\n' "$report" | grep -cE '^[EW]: ' || true)
	if [ "$bad" -eq 0 ] && ! printf '%s\n' "$report" | grep -qE '^(internal error|Error)'; then
		printf 'PASS\tlintian %s\n' "$name"
	else
		printf 'FAIL\tlintian %s\t%s errors or warnings (see above)\n' "$name" "$bad"
		rc=1
	fi
done
exit "$rc"
