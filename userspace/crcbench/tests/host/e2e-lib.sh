# SPDX-License-Identifier: GPL-2.0-only
#
# Helpers of the end-to-end scripts (e2e.sh, e2e-tcrypt.sh); sourced, with
# CRCBENCH, FAKE_AFALG, PC (the /proc/crypto fixture) and TMP set.

fail() { echo "FAIL: $*"; exit 1; }

# run NAME EXPECTED_RC [ENV=VALUE ...] -- ARGS: runs the tool with the fake,
# stdout in $TMP/NAME.out, stderr in $TMP/NAME.err, checks the exit code.
run() {
	name=$1 want=$2
	shift 2
	envs=""
	while [ "$1" != "--" ]; do envs="$envs $1"; shift; done
	shift
	# shellcheck disable=SC2086
	env LD_PRELOAD="$FAKE_AFALG" CRCBENCH_PROC_CRYPTO="$PC" $envs \
		"$CRCBENCH" "$@" >"$TMP/$name.out" 2>"$TMP/$name.err"
	rc=$?
	if [ "$rc" != "$want" ]; then
		echo "--- stdout"; cat "$TMP/$name.out"; echo "--- stderr"; cat "$TMP/$name.err"
		fail "$name: exit code $rc, expected $want (crcbench-alg $*)"
	fi
}

has() { grep -q -- "$2" "$TMP/$1" || { cat "$TMP/$1"; fail "$1 lacks '$2'"; }; }
one_line() {
	n=$(wc -l <"$TMP/$1")
	[ "$n" -eq 1 ] || { cat "$TMP/$1"; fail "$1: $n lines, expected one clear line"; }
}
