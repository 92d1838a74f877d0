#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The kernel x CPU x set table. Reads the rows of one or more TSV files (one
# row per guest set run: kernel, CPU, set, passed, failed, seconds, target;
# tools/lib/guest-sets.sh writes them: build/matrix.tsv from make check,
# build/matrix-cells.tsv from make check-matrix) and replaces the part of a
# Markdown file between the lines "<!-- matrix:begin -->" and
# "<!-- matrix:end -->" with a table: one row per kernel, one column per CPU
# model, each cell the sets that ran there with their passed/failed counts
# and guest seconds, marked with the target when it is not make check.
# Exit codes: 0 written, every required cell ran and no set failed; 1 a
# required cell is empty or a set failed (the table is still written, the
# gap marked); 2 bad usage.
set -euo pipefail
usage() {
	cat <<USAGE
Usage: ${0##*/} [options] TSV... MARKDOWN-FILE   (a missing TSV counts as empty)
  --kernels "6.1 6.12 6.12-64k newest debug"   rows
  --cpus "POWER8 POWER9 POWER10"                columns
  --require "K:CPU ..."   the cells that must have run (default: every cell)
USAGE
}
kernels="6.1 6.12 6.12-64k newest debug" cpus="POWER8 POWER9 POWER10" args=() require=
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--kernels) [ $# -ge 2 ] || { usage >&2; exit 2; }; kernels=$2; shift ;;
	--cpus) [ $# -ge 2 ] || { usage >&2; exit 2; }; cpus=$2; shift ;;
	--require) [ $# -ge 2 ] || { usage >&2; exit 2; }; require=$2; shift ;;
	-*) echo "${0##*/}: error: unknown option '$1' (try --help)" >&2; exit 2 ;;
	*) args+=("$1") ;;
	esac
	shift
done
[ ${#args[@]} -ge 2 ] || { usage >&2; exit 2; }
md=${args[-1]}
unset 'args[-1]'
if [ -z "$require" ]; then
	for k in $kernels; do for c in $cpus; do require="$require $k:$c"; done; done
fi
[ -f "$md" ] || { echo "${0##*/}: error: $md does not exist" >&2; exit 2; }
grep -qx '<!-- matrix:begin -->' "$md" && grep -qx '<!-- matrix:end -->' "$md" || {
	echo "${0##*/}: error: $md has no '<!-- matrix:begin -->' / '<!-- matrix:end -->' lines" >&2
	exit 2
}
table=$(mktemp) tsv=$(mktemp)
trap 'rm -f "$table" "$tsv"' EXIT
for f in "${args[@]}"; do
	[ ! -f "$f" ] || cat "$f"
done >"$tsv"
status=0
{
	echo "<!-- matrix:begin -->"
	echo "Written by the last \`make check\` ($(date -u +%Y-%m-%d), tools/vm/matrix-table.sh); do not edit."
	echo "Each cell: the sets that ran, passed/failed results, guest seconds; \`[check-matrix]\`"
	echo "marks a set that \`make check-matrix\` ran (its last run in the same checkout)."
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
				s = s (s ? "; " : "") $3 " " $4 "/" $5 " (" $6 " s)" ($7 != "" && $7 != "check" ? " [" $7 "]" : "") }
				END { print s }' "$tsv")
			if [ -z "$cell" ]; then
				cell="**not run**"
				case " $require " in *" $k:$c "*) status=1 ;; esac
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
