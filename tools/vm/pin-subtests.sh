#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# pin-subtests.sh: writes tools/vm/guest/pins/<label>-<set>-<cpu>.pins, the
# nested subtest plans and names that make check holds each guest run to
# (ktap-check.py --pins), from the result channels of a passing run.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} [--from DIR] [LOG...]
Writes the pin file of each guest result channel LOG (default: every
build/guest-*.log of make check's guest sets that has a pin file already,
or DIR/guest-*.log with --from) whose verdicts all passed. Review the diff
before committing: a pin changes only when a test's plan or subtests do.
Exit codes: 0 written, 1 a LOG did not pass (nothing written for it), 2 bad usage.
USAGE
}
from=$top/build logs=()
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--from) [ $# -ge 2 ] || die 2 "--from needs a directory"; from=$2; shift ;;
	-*) die 2 "unknown option '$1' (try --help)" ;;
	*) logs+=("$1") ;;
	esac
	shift
done
if [ ${#logs[@]} -eq 0 ]; then
	for p in "$top"/tools/vm/guest/pins/*.pins; do
		[ -e "$p" ] || continue
		logs+=("$from/guest-$(basename "$p" .pins).log")
	done
fi
[ ${#logs[@]} -gt 0 ] || die 2 "no result channels given and no pin files to refresh (try --help)"
mkdir -p "$top/tools/vm/guest/pins"
st=0
for log in "${logs[@]}"; do
	[ -s "$log" ] || { say "pin-subtests: no $log"; st=1; continue; }
	v=${log%.log}.verdicts
	if [ ! -s "$v" ] || grep -q '^FAIL' "$v"; then
		say "pin-subtests: $log did not pass (see $v): not pinned"
		st=1
		continue
	fi
	out=$top/tools/vm/guest/pins/$(basename "$log" .log | sed 's/^guest-//').pins
	{
		echo "# SPDX-License-Identifier: GPL-2.0-only"
		echo "# Written by tools/vm/pin-subtests.sh from a passing run; see ktap-check.py --pins."
		python3 "$top/tools/vm/ktap-check.py" --dump-pins "$log"
	} >"$out"
	say "pin-subtests: $out"
done
exit "$st"
