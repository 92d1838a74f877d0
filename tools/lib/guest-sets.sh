# SPDX-License-Identifier: GPL-2.0-only
#
# Booting guest sets and counting them, shared by tools/check.sh and
# tools/check-matrix.sh. Source it after tools/lib/common.sh and
# tools/lib/accounting.sh, from the top of the checkout.

# Each run_set appends one row to $MATRIX_TSV (kernel, CPU, set, passed,
# failed, seconds, the target that ran it); tools/vm/matrix-table.sh turns
# the rows into docs/testing.md's table.
MATRIX_TSV=${MATRIX_TSV:-build/matrix.tsv}
MATRIX_TARGET=${MATRIX_TARGET:-check}

# run_set LABEL SET CPU [run-guest.sh options]: boot, run SET, count it.
# KENV and INITRD choose the kernel (default: Debian's, build/kernel.env),
# KNAME names it in the matrix table (default 6.1).
run_set() {
	local label=$1 set=$2 cpu=$3 log rc t
	shift 3
	log=build/guest-${label//\//-}-$set-$cpu.log
	say "check: $label: set '$set' in a $cpu guest"
	t=$(date +%s)
	tools/vm/run-guest.sh --kernel-env "${KENV:-build/kernel.env}" \
		--initrd "${INITRD:-build/initramfs.cpio.gz}" \
		--set "$set" --cpu "$cpu" --smp 2 --timeout "${CRCVMX_GUEST_TIMEOUT:-900}" \
		--log "$log" --show ktap "$@"
	rc=$?
	count_guest_results "$label" "$set" "$log" "$rc"
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "${KNAME:-6.1}" "$cpu" "$set" \
		"$(grep -c '^PASS' "${log%.log}.verdicts")" "$(grep -c '^FAIL' "${log%.log}.verdicts")" \
		"$(($(date +%s) - t))" "$MATRIX_TARGET" >>"$MATRIX_TSV"
}

# run_matrix LABEL: the CPU-sensitive core set on POWER9 and POWER10 for the
# kernel that KENV, INITRD and KNAME name (POWER8 runs a fuller set there),
# so that every kernel meets every CPU model's code path (docs/testing.md,
# "The matrix"). Quick depth: the full sweeps run on 6.1.
run_matrix() {
	local cpu
	for cpu in POWER9 POWER10; do
		run_set "$1/$cpu" check-core "$cpu" --append crcvmx.depth=quick
	done
}

# kernel_env K / kernel_out K: the env file and the guest build folder of
# kernel K (6.12, 6.12-64k, newest: fetched; debug, 5.10: built from source).
kernel_env() { echo "build/kernel-$1.env"; }
kernel_out() { case "$1" in debug) echo build/debug ;; *) echo "build/k$1" ;; esac; }

# build_for_kernel K LANE: fetch (or build, for debug and 5.10) kernel K
# and cross-build the guest for it with LANE's mutants (none, debug). Logs
# in build/fetch-K.log (build/debug-kernel.log, build/kernel-5.10.log) and
# build/build-guest-K.log.
# The kselftests of 5.10's guest build with Debian 12's (6.1's) kselftest
# framework: 5.10's kselftest.h has no ksft_test_result() or ksft_finished()
# (docs/testing.md, "The 5.x generation").
build_for_kernel() {
	local k=$1 lane=$2 ksft=()
	if [ "$k" = debug ]; then
		tools/vm/build-debug-kernel.sh --env-out "$(kernel_env "$k")" >build/debug-kernel.log 2>&1
	elif [ "$k" = 5.10 ]; then
		ksft=(--ksft-src "$(sed -n 's/^KSRC=//p' build/kernel.env)")
		tools/vm/build-debug-kernel.sh --flavour 5.10 --env-out "$(kernel_env "$k")" \
			>build/kernel-5.10.log 2>&1
	else
		tools/vm/fetch-kernel.sh --kernel "$k" --env-out "$(kernel_env "$k")" >"build/fetch-$k.log" 2>&1
	fi &&
	tools/build-guest.sh --kernel-env "$(kernel_env "$k")" --out "$(kernel_out "$k")" \
		--lane "$lane" "${ksft[@]}" >"build/build-guest-$k.log" 2>&1
}
