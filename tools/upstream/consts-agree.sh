#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# consts-agree.sh: make check's proof that two independent generators give
# the upstream series the same constants (issue 4.1 item 1). It writes the
# kernel's scripts/gen-crc-consts.py with the powerpc_vpmsum type
# (edit-tree.py on the pristine 7.2 script of tools/upstream/tree.sh), runs
# consts-agree.py against crc-constgen for every CRC of the series, then
# its self-test: the same with one fold exponent changed in the script
# must fail for every CRC. Prints PASS|FAIL <TAB> name [<TAB> reason] and
# exits 1 if any failed.
#   --constgen BIN   the crc-constgen binary (default build/host's)
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"

constgen="$top/build/host/tools/constgen/crc-constgen"
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) sed -n '3,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	--constgen) [ $# -ge 2 ] || die 2 "--constgen needs a path"; constgen=$2; shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ -x "$constgen" ] || die "no crc-constgen at $constgen: cmake --build build/host --target crc-constgen"

tree=$("$top/tools/upstream/tree.sh")/src || die "tools/upstream/tree.sh failed"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
script=$scratch/gen-crc-consts.py
if ! git -C "$tree" show pristine:scripts/gen-crc-consts.py |
	python3 "$top/tools/upstream/edit-tree.py" 1 gen-crc-consts.py >"$script"; then
	printf 'FAIL\tgen-crc-consts.py takes the powerpc_vpmsum type\tedit-tree.py failed\n'
	exit 1
fi
printf 'PASS\tgen-crc-consts.py takes the powerpc_vpmsum type\n'

python3 "$top/tools/upstream/consts-agree.py" --script "$script" --constgen "$constgen"
rc=$?

# The self-test: x^(d + 64) becomes x^(d + 65) in the fold rows of both bit
# orders, a change every CRC's table shows.
sed 's/d + 64/d + 65/g' "$script" >"$scratch/mutant.py"
if cmp -s "$script" "$scratch/mutant.py"; then
	printf 'FAIL\tgenerators agree self-test\tthe self-test edit no longer changes the script: update it\n'
	exit 1
fi
out=$(python3 "$top/tools/upstream/consts-agree.py" --script "$scratch/mutant.py" --constgen "$constgen")
n=$(grep -c '^FAIL' <<<"$out")
if [ "$n" -eq "$(grep -c . <<<"$out")" ] && [ "$n" -gt 0 ]; then
	printf 'PASS\tgenerators agree self-test (a changed fold exponent fails every CRC)\n'
else
	printf 'FAIL\tgenerators agree self-test (a changed fold exponent fails every CRC)\tonly %d of its lines failed:\n%s\n' "$n" "$out"
	rc=1
fi
exit "$rc"
