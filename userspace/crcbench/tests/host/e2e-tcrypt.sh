#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# End-to-end tests of run --backend tcrypt: the real binary, its AF_ALG
# calls answered by the LD_PRELOAD fake, tcrypt by fake-modprobe.sh (records
# recorded in a POWER8 guest on 6.1) writing into a file the tool reads as
# its kernel log (--kmsg). One case per call, named on the command line.
#
# Usage: e2e-tcrypt.sh CASE   with CRCBENCH, JSONCHECK, FAKE_AFALG, FIXTURES set.
# Exit: 0 pass, 1 fail.
set -u
: "${CRCBENCH:?}" "${JSONCHECK:?}" "${FAKE_AFALG:?}" "${FIXTURES:?}"
PC="$FIXTURES/proc-crypto-fake.txt"
TMP=$(mktemp -d "${TMPDIR:-/tmp}/crcbench-e2e-tcrypt.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=e2e-lib.sh
. "$here/e2e-lib.sh"

# Noise from before the run: the tool must read only what follows.
printf '6,1,1,-;boot: something\n6,2,2,-;testing speed of async crc32c-generic (crc32c-x)\n' \
	>"$TMP/kmsg"
FAKES="FAKE_KMSG=$TMP/kmsg FAKE_TCRYPT_DIR=$FIXTURES FAKE_TCRYPT_ALIAS=crc32c-fakevec=crc32c-vmx"
HOOKS="--kmsg $TMP/kmsg --modprobe $here/fake-modprobe.sh"
SHORT="-s 64..4K -n 5 --trials 2 --warmup 0"

case_both_backends() {
	# shellcheck disable=SC2086
	run both 0 $FAKES -- run -q -d crc32c-generic,crc32c-fakevec --user-baselines $SHORT \
		--backend afalg,tcrypt $HOOKS --json "$TMP/both.json" --csv "$TMP/both.csv"
	has both.out "end to end (AF_ALG)"
	has both.out "in-kernel vs generic"
	has both.out "user:slice8: no tcrypt row"
	# The recorded 16-byte rows: 2833545 and 977545 operations per second.
	has both.out "crc32c-generic    16             -                    -            352.9                 1.00x"
	has both.out "crc32c-fakevec    16             -                    -           1023.0                 0.34x"
	has both.out "crc32c-fakevec  tcrypt   16..8K"
	"$JSONCHECK" --schema run --expect-verdict ok "$TMP/both.json" >"$TMP/chk" ||
		{ cat "$TMP/chk"; fail "JSON of both backends invalid"; }
	grep -q '"driver_reported": "crc32c-fakevec"' "$TMP/both.json" || fail "no tcrypt rows in JSON"
	# 7 tcrypt rows per kernel driver beside 2 kernel drivers x 7 sizes of
	# AF_ALG and user:slice8's 7, labelled "user" as in the JSON's fits.
	[ "$(grep -c ',tcrypt,' "$TMP/both.csv")" = 14 ] || fail "CSV: expected 14 tcrypt rows"
	[ "$(grep -c ',afalg,' "$TMP/both.csv")" = 14 ] || fail "CSV: expected 14 afalg rows"
	[ "$(grep -c '^user:slice8,.*,user,' "$TMP/both.csv")" = 7 ] || fail "CSV: expected 7 user rows"
}

# --alg crct10dif through both backends: tcrypt's rows under the drivers it
# was asked for, the in-kernel ratios to crct10dif-generic. (The records
# are the crc32c recordings with the driver renamed: the fake tests the
# tool's plumbing; a 6.1 guest ran tcrypt on crct10dif-vmx and
# crc64-rocksoft-generic, docs/crcbench-alg.md.)
case_tcrypt_alg() {
	# (exported: run's ENV=VALUE words cannot hold the space)
	export FAKE_TCRYPT_ALIAS="crct10dif-generic=crc32c-generic crct10dif-fakevec=crc32c-vmx"
	# shellcheck disable=SC2086
	run alg 0 FAKE_KMSG="$TMP/kmsg" FAKE_TCRYPT_DIR="$FIXTURES" -- run --alg crct10dif -q \
		-d crct10dif-generic,crct10dif-fakevec $SHORT --backend afalg,tcrypt $HOOKS -f json
	"$JSONCHECK" --schema run --expect-alg crct10dif --expect-verdict ok "$TMP/alg.out" \
		>"$TMP/chk" || { cat "$TMP/chk"; fail "JSON of --alg crct10dif with tcrypt invalid"; }
	has alg.out '"driver_reported": "crct10dif-fakevec"'
	has alg.out '"ratio_to_generic": 0.3449901095624033'
}

case_tcrypt_only() {
	# shellcheck disable=SC2086
	run only 0 $FAKES -- run -q -d crc32c-generic --backend tcrypt --tcrypt-sec 2 $HOOKS -f json
	"$JSONCHECK" --schema run "$TMP/only.out" >"$TMP/chk" ||
		{ cat "$TMP/chk"; fail "JSON of tcrypt alone invalid"; }
	has only.out '"results": \[\]'
	has only.out '"tcrypt_sec": 2'
	# What modprobe is asked for.
	printf '#!/bin/sh\necho "$*" >"%s/args"\nexec "%s/fake-modprobe.sh" "$@"\n' "$TMP" "$here" \
		>"$TMP/modprobe"
	chmod +x "$TMP/modprobe"
	# shellcheck disable=SC2086
	run args 0 $FAKES -- run -q -d crc32c-generic --backend tcrypt --tcrypt-sec 3 \
		--kmsg "$TMP/kmsg" --modprobe "$TMP/modprobe"
	[ "$(cat "$TMP/args")" = "tcrypt mode=300 alg=crc32c-generic sec=3" ] ||
		fail "modprobe got: $(cat "$TMP/args")"
}

case_tcrypt_errors() {
	# shellcheck disable=SC2086
	run missing 7 $FAKES FAKE_TCRYPT=missing -- run -q -d crc32c-generic --backend tcrypt $HOOKS
	one_line missing.err
	has missing.err "cannot load tcrypt: .* Module tcrypt not found"
	has missing.err "CONFIG_CRYPTO_TEST=m"
	# shellcheck disable=SC2086
	run wrong 7 $FAKES FAKE_TCRYPT=wrong-driver -- run -q -d crc32c-generic --backend tcrypt $HOOKS
	one_line wrong.err
	has wrong.err "tcrypt measured driver 'crc32c-other' instead of 'crc32c-generic'"
	# shellcheck disable=SC2086
	run loaded 7 $FAKES FAKE_TCRYPT=loaded -- run -q -d crc32c-generic --backend tcrypt $HOOKS
	has loaded.err "already loaded? rmmod tcrypt"
	# A driver tcrypt cannot allocate (no recording: "failed to load transform").
	# shellcheck disable=SC2086
	run noalloc 7 $FAKES -- run -q -d crc32c-broken --backend tcrypt $HOOKS
	has noalloc.err "could not allocate crc32c-broken (-2)"
	run badsec 2 -- run --backend tcrypt --tcrypt-sec 0
	run badbackend 2 -- run --backend kernel
	has badbackend.err "'kernel' must be afalg or tcrypt"
}

case_tcrypt_not_root() {
	setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null ||
		{ echo "cannot drop privileges (setpriv)"; exit 77; }
	chmod 755 "$TMP"
	env LD_PRELOAD="$FAKE_AFALG" CRCBENCH_PROC_CRYPTO="$PC" \
		setpriv --reuid=65534 --regid=65534 --clear-groups "$CRCBENCH" run -q \
		-d crc32c-generic --backend afalg,tcrypt -n 5 --trials 1 --warmup 0 \
		--kmsg "$TMP/kmsg" --modprobe "$here/fake-modprobe.sh" >"$TMP/nr.out" 2>"$TMP/nr.err"
	rc=$?
	[ "$rc" = 6 ] || { cat "$TMP/nr.err"; fail "as nobody: exit code $rc, expected 6"; }
	one_line nr.err
	has nr.err "permission denied: the tcrypt backend needs root"
	# Nothing was measured first: the check comes before the AF_ALG run.
	[ ! -s "$TMP/nr.out" ] || fail "as nobody: output before the error"
}

"case_${1:?case name}"
echo "ok - $1"
