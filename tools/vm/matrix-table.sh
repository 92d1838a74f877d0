#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The kernel x CPU x set table of a make check run. Reads build/matrix.tsv
# (one row per guest set run: kernel, CPU, set, passed, failed, seconds;
# tools/check.sh writes it) and replaces the part of a Markdown file between
# the lines "<!-- matrix:begin -->" and "<!-- matrix:end -->" with a table:
# one row per kernel, one column per CPU model, each cell the sets that ran
# there with their passed/failed counts and guest seconds.
# Exit codes: 0 written and every kernel ran on every CPU model, 1 a cell is
# empty or a set failed (the table is still written, the gap marked), 2 bad
# usage.
set -euo pipefail
usage() {
	cat <<USAGE
Usage: ${0##*/} MATRIX.TSV MARKDOWN-FILE
  [--kernels "6.1 6.12 6.12-64k newest debug"] [--cpus "POWER8 POWER9 POWER10"]
USAGE
}
kernels="6.1 6.12 6.12-64k newest debug" cpus="POWER8 POWER9 POWER10" args=()
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--kernels) [ $# -ge 2 ] || { usage >&2; exit 2; }; kernels=$2; shift ;;
	--cpus) [ $# -ge 2 ] || { usage >&2; exit 2; }; cpus=$2; shift ;;
	-*) echo "${0##*/}: error: unknown option '$1' (try --help)" >&2; exit 2 ;;
	*) args+=("$1") ;;
	esac
	shift
done
[ ${#args[@]} -eq 2 ] || { usage >&2; exit 2; }
tsv=${args[0]} md=${args[1]}
[ -f "$md" ] || { echo "${0##*/}: error: $md does not exist" >&2; exit 2; }
grep -qx '<!-- matrix:begin -->' "$md" && grep -qx '<!-- matrix:end -->' "$md" || {
	echo "${0##*/}: error: $md has no '<!-- matrix:begin -->' / '<!-- matrix:end -->' lines" >&2
	exit 2
}
[ -f "$tsv" ] || : >"$tsv"

table=$(mktemp)
trap 'rm -f "$table"' EXIT
status=0
{
	echo "<!-- matrix:begin -->"
	echo "Written by the last \`make check\` ($(date -u +%Y-%m-%d), tools/vm/matrix-table.sh); do not edit."
	echo "Each cell: the sets that ran, passed/failed results, guest seconds."
	echo
	printf '| kernel |'
	for c in $cpus; do printf ' %s |' "$c"; done
	printf '\n|---|'
	for c in $cpus; do printf -- '---|'; done
	printf '\n'
	for k in $kernels; do
		printf '| %s |' "$k"
		for c in $cpus; do
			cell=$(awk -F'\t' -v k="$k" -v c="$c" '$1 == k && $2 == c {
				s = s (s ? "; " : "") $3 " " $4 "/" $5 " (" $6 " s)" } END { print s }' "$tsv")
			if [ -z "$cell" ]; then
				cell="**not run**"
				status=1
			fi
			printf ' %s |' "$cell"
		done
		printf '\n'
	done
	echo "<!-- matrix:end -->"
} >"$table"
if awk -F'\t' '$5 != 0 { bad = 1 } END { exit !bad }' "$tsv"; then
	status=1
fi
awk -v t="$table" '
	$0 == "<!-- matrix:begin -->" { while ((getline l < t) > 0) print l; skip = 1; next }
	$0 == "<!-- matrix:end -->" { skip = 0; next }
	!skip { print }' "$md" >"$md.tmp"
mv "$md.tmp" "$md"
exit "$status"
