#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# mutants.sh: make check-upstream's mutants of the lib/crc/powerpc series.
# Each tools/upstream/mutants/NAME.patch (header: Mutant, Defect, Catch,
# optional Expect, Why; then a diff against the patched tree) is applied on
# top of the series with git apply, built as a whole kernel
# (tools/upstream/build-kernel.sh --mutant: ccache makes that mostly
# hits) and booted in a POWER8 guest running the set upstream-kunit.
# Caught means:
#   Catch: RESULT   that result of the set is "not ok" (the crc_kunit case
#                   failed an assertion), in a run that otherwise finished;
#   Catch: crash    with "Expect: crash": the guest died with a kernel
#                   oops in its console log (run-guest.sh exit 3; a
#                   timeout, exit 4, is not one).
# Prints "PASS|FAIL<TAB>mutant NAME caught[<TAB>why]" per mutant and exits 1
# if any was missed (or failed to build).
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
# shellcheck source=../lib/common.sh
. tools/lib/common.sh

usage() {
	cat <<USAGE
Usage: ${0##*/} [--only NAME] [--help]
Builds and boots every mutant of tools/upstream/mutants/ (or NAME only) and
prints one verdict each. Needs what make check-upstream builds first: the
sysroot (tools/setup.sh) and build/upstream-kernel/nvme_pi_io.
Exit codes: 0 every mutant caught, 1 one missed or not built, 2 bad usage.
USAGE
}
only=
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--only) [ $# -ge 2 ] || die 2 "--only needs a mutant name"; only=$2; shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done

B=build/upstream-kernel
APPEND="kunit.filter_glob=crc brd.rd_size=524288"
[ -x "$B/nvme_pi_io" ] || die "$B/nvme_pi_io is missing: run make check-upstream (it builds it first)"
field() { sed -n "/^diff /q; s/^$1: *//p" "$2" | head -n 1; }

n=0
for p in tools/upstream/mutants/*.patch; do
	name=$(basename "$p" .patch)
	[ -z "$only" ] || [ "$only" = "$name" ] || continue
	n=$((n + 1))
	catch=$(field Catch "$p")
	[ -n "$catch" ] || { verdict "mutant $name caught" 1 "no Catch: line in $p"; continue; }
	env=$B/kernel-mutant-$name.env initrd=$B/initramfs-mutant-$name.cpio.gz
	log=$B/guest-mutant-$name.log
	say "mutants: $name: building (log $B/build-mutant-$name.log)"
	if ! tools/upstream/build-kernel.sh --variant patched --mutant "$p" --env-out "$env" \
		>"$B/build-mutant-$name.log" 2>&1; then
		verdict "mutant $name caught" 1 "the mutant kernel did not build ($B/build-mutant-$name.log)"
		continue
	fi
	tools/vm/mkinitramfs.sh --kernel-env "$env" --sysroot "$CRCVMX_CACHE/sysroot-ppc64el" \
		--out "$initrd" --bin "$B/nvme_pi_io" >"$B/initramfs-mutant-$name.log" 2>&1 ||
		{ verdict "mutant $name caught" 1 "no initramfs ($B/initramfs-mutant-$name.log)"; continue; }
	rc=0
	tools/vm/run-guest.sh --kernel-env "$env" --initrd "$initrd" --set upstream-kunit --cpu POWER8 \
		--timeout "${CRCVMX_GUEST_TIMEOUT:-900}" --log "$log" --show none --append "$APPEND" || rc=$?
	console=${log%.log}.console.log
	if [ "$catch" = crash ]; then
		if [ "$rc" -eq 3 ] && grep -qE 'Oops|Unable to handle kernel|Kernel panic' "$console"; then
			verdict "mutant $name caught" 0
		else
			verdict "mutant $name caught" 1 "expected a kernel oops, got run-guest exit $rc ($console)"
		fi
		continue
	fi
	if [ "$rc" -eq 3 ] || [ "$rc" -eq 4 ]; then
		verdict "mutant $name caught" 1 "the guest crashed or timed out: not the declared catch '$catch' ($console)"
	elif grep -qE "^not ok [0-9]+ - $catch( #|\$)" "$log"; then
		verdict "mutant $name caught" 0
	else
		verdict "mutant $name caught" 1 "'$catch' did not fail ($log)"
	fi
done
[ "$n" -gt 0 ] || verdict mutants 1 "no mutant${only:+ named $only} in tools/upstream/mutants/"
exit "$VERDICT_RC"
