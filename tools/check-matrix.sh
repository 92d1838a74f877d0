#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# `make check-matrix`: the cells of the kernel x CPU matrix that make check
# leaves out for its 35-minute budget: the core set (check-core) on POWER9
# and POWER10 for 6.12, 6.12-64k, Debian testing's newest kernel and the
# debug kernel (PREEMPT, DEBUG_PREEMPT, lockdep), eight boots. make check
# runs 6.1 on every CPU model and POWER8 on every kernel. The rows go to
# build/matrix-cells.tsv, which make check's table (docs/testing.md) shows
# beside its own; this run also rewrites that table. Ends with
# "N passed, N failed"; exit 0 only if none failed.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
# shellcheck source=lib/common.sh
. tools/lib/common.sh
no_arguments "the POWER9/POWER10 cells of 6.12, 6.12-64k, newest and debug (make check-matrix); see docs/testing.md" "$@"
# shellcheck source=lib/accounting.sh
. tools/lib/accounting.sh
MATRIX_TSV=build/matrix-cells.tsv MATRIX_TARGET=check-matrix
# shellcheck source=lib/guest-sets.sh
. tools/lib/guest-sets.sh
tools/setup.sh || die "setup failed (see the messages above)"
acc_reset build/check-matrix-results.tsv
rm -f "$MATRIX_TSV"
kernels="6.12 6.12-64k newest debug"
for k in $kernels; do
	say "check-matrix: Linux $k"
	# The debug kernel's guest needs no mutants here: lane none for all.
	if build_for_kernel "$k" none; then
		result "$k:build" 0
		KENV=$(kernel_env "$k") INITRD=$(kernel_out "$k")/initramfs.cpio.gz KNAME=$k run_matrix "$k"
	else
		say "check-matrix: fetching or building for $k failed (build/fetch-$k.log or build/debug-kernel.log, build/build-guest-$k.log)"
		result "$k:build" 1
	fi
done
req=
for k in $kernels; do req="$req $k:POWER9 $k:POWER10"; done
tools/vm/matrix-table.sh --require "$req" build/matrix.tsv "$MATRIX_TSV" docs/testing.md
result "matrix: check-matrix's cells ran, no set failed (docs/testing.md)" $?
acc_summary
