#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# End-to-end tests of crcbench-alg --alg crct10dif and --alg crc64-rocksoft:
# the real binary and libkcapi against the LD_PRELOAD fake, whose crct10dif
# and crc64-rocksoft drivers compute those CRCs bit by bit (and whose
# "-broken" ones flip a bit). One case per call, as e2e.sh.
#
# Usage: e2e-alg.sh CASE|all   with CRCBENCH, JSONCHECK, FAKE_AFALG, FIXTURES set.
# Exit: 0 pass, 1 fail.
set -u
: "${CRCBENCH:?}" "${JSONCHECK:?}" "${FAKE_AFALG:?}" "${FIXTURES:?}"
PC="$FIXTURES/proc-crypto-fake.txt"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/crcbench-e2e-alg.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=e2e-lib.sh
. "$here/e2e-lib.sh"

# Each algorithm's deliberately wrong driver is caught by verify's fixed
# cases, the reproducer names --alg and reproduces it, a correct driver
# passes the same case, and no case carries a key.
case_alg_verify_broken() {
	for alg in crct10dif crc64-rocksoft; do
		run "vb_$alg" 1 -- verify --alg "$alg" --max-length 70000 --random 0
		has "vb_$alg.out" "FAIL $alg-broken"
		has "vb_$alg.out" "PASS $alg-generic"
		has "vb_$alg.out" "PASS $alg-fakevec"
		has "vb_$alg.out" "reproduce: crcbench-alg verify --alg $alg --driver $alg-broken --case "
		! grep -q "seed=0x" "$TMP/vb_$alg.out" || fail "$alg: a case with a key"
		spec=$(sed -n 's/.*--case \([^ ]*\)$/\1/p' "$TMP/vb_$alg.out" | head -n 1)
		[ -n "$spec" ] || fail "$alg: no --case in the reproducer"
		run "again_$alg" 1 -- verify --alg "$alg" --driver "$alg-broken" --case "$spec"
		has "again_$alg.out" "1 of 1 cases differ"
		run "again_ok_$alg" 0 -- verify --alg "$alg" --driver "$alg" --case "$spec"
	done
	# The digest widths in the reproducer: 4 and 16 hex digits.
	has vb_crct10dif.out "expected=0x[0-9a-f]\{4\} got=0x[0-9a-f]\{4\} "
	has vb_crc64-rocksoft.out "expected=0x[0-9a-f]\{16\} got=0x[0-9a-f]\{16\} "
}

# run: the JSON names the algorithm, the ratio is to its generic driver;
# the table and CSV say so too; a mismatch is caught while measuring.
case_alg_run() {
	run r64 0 -- run --alg crc64-rocksoft -d crc64-rocksoft-generic,crc64-rocksoft-fakevec \
		-s 64,4K -n 10 --trials 2 --warmup 0 -f json --csv "$TMP/r64.csv"
	"$JSONCHECK" --schema run --expect-alg crc64-rocksoft --expect-driver crc64-rocksoft-fakevec \
		--expect-verdict ok "$TMP/r64.out" >"$TMP/chk" || { cat "$TMP/chk"; fail "run JSON"; }
	has r64.out '"baseline": "crc64-rocksoft-generic"'
	[ "$(grep -c ',crc64-rocksoft,crc64-rocksoft-generic,' "$TMP/r64.csv")" = 4 ] ||
		fail "CSV: 4 rows with alg and baseline expected"
	run t10 0 -- run --alg crct10dif -s 64 -n 10 --trials 1 --warmup 0 -d crct10dif-generic
	has t10.out "algorithm: crct10dif (CRC-T10DIF: polynomial 0x8BB7"
	has t10.out "crct10dif-generic in the same trial"
	run t10b 1 -- run --alg crct10dif -s 4K -n 5 --trials 1 --warmup 0 -d crct10dif-broken
	has t10b.err "MISMATCH driver=crct10dif-broken"
	# The checker holds a report to its own algorithm.
	"$JSONCHECK" --expect-alg crct10dif "$TMP/r64.out" >"$TMP/chk" &&
		fail "the checker accepted a crc64-rocksoft report as crct10dif"
	sed 's/"baseline": "crc64-rocksoft-generic"/"baseline": "crc32c-generic"/' "$TMP/r64.out" \
		>"$TMP/wrongbase.json"
	"$JSONCHECK" "$TMP/wrongbase.json" >"$TMP/chk" && fail "the checker accepted a wrong baseline"
	grep -q 'not crc64-rocksoft-generic' "$TMP/chk" || { cat "$TMP/chk"; fail "checker message"; }
}

# file: whole-file and per-page CRCs of the algorithm; InnoDB is crc32c only.
case_alg_file() {
	head -c 3000000 /dev/urandom >"$TMP/data"
	run f64 1 -- file --alg crc64-rocksoft -q "$TMP/data"
	has f64.out "CRC64-ROCKSOFT"
	has f64.err "reproduce: crcbench-alg file --alg crc64-rocksoft --driver crc64-rocksoft-broken"
	[ "$(grep -c ' ok$' "$TMP/f64.out")" = 2 ] || fail "generic and fakevec must agree"
	head -c 40960 /dev/urandom >"$TMP/pages"
	run ft10 0 -- file --alg crct10dif -q -d crct10dif-generic,crct10dif-fakevec \
		--page-size 4K --per-page "$TMP/pages"
	has ft10.out "page crct10dif"
	[ "$(grep -c '^  [0-9] 0x[0-9a-f]\{4\}$' "$TMP/ft10.out")" = 10 ] ||
		fail "10 page CRCs of 4 hex digits expected"
	run finno 2 -- file --alg crct10dif --innodb "$TMP/pages"
	one_line finno.err
	has finno.err "InnoDB full_crc32 page checksums are crc32c"
}

# What the other algorithms lack: keys, userspace baselines; a kernel
# without their drivers; an unknown --alg.
case_alg_refusals() {
	run seed 2 -- verify --alg crct10dif --case 64:0:0x1:digest
	one_line seed.err
	has seed.err "crct10dif has no key"
	run user 5 -- run --alg crc64-rocksoft -d user:slice8 -s 64
	one_line user.err
	has user.err "computes crc32c only"
	run ub 0 -- run --alg crct10dif --user-baselines -d crct10dif-generic -s 64 -n 2 --trials 1 \
		--warmup 0 -f json
	has ub.err "leaves out user:slice8: computes crc32c only"
	has ub.out '"unavailable_reason": "computes crc32c only'
	# shellcheck disable=SC2034 # PC: read by e2e-lib.sh's run
	PC="$FIXTURES/proc-crypto-guest.txt" # crc32c drivers only, like 7.2
	run none 5 -- verify --alg crct10dif
	one_line none.err
	has none.err "no usable crct10dif driver is registered"
	has none.err "from 6.15 on"
	run none_list 0 -- list --alg crc64-rocksoft
	has none_list.out "no crc64-rocksoft driver is registered"
	run bad 2 -- list --alg crc16
	one_line bad.err
	has bad.err "unknown algorithm 'crc16'; valid: crc32c, crct10dif, crc64-rocksoft"
	run help 0 -- --help
	has help.out "--alg ALG"
	has help.out "no driver of the --alg algorithm"
}

all="alg_verify_broken alg_run alg_file alg_refusals"
if [ "${1:-}" = all ]; then
	for c in $all; do ("case_$c") || exit 1; echo "ok - $c"; done
	exit 0
fi
"case_${1:?case name}"
echo "ok - $1"
