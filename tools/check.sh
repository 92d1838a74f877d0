#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# `make check`: every test of the project, then one summary line
# "N passed, N failed" (the last line; CI reads it). Stages:
#   host     CTest: unit tests, generator/model/harness tests
#   static   checkpatch.pl --strict and sparse on the kernel C, clang-format
#            on the C++
#   install  `make install INSTALL_MOD_PATH=...` of the cross-built module
#   harness  the guest runner itself: a WARNING, a panic and a hang must fail
#   guest    all kselftests in a POWER8 guest, the core subset in POWER9
#            and POWER10 guests
# Logs go to build/; each failure names its log.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/common.sh
. "$top/tools/lib/common.sh"
cd "$top"

usage() {
	cat <<USAGE
Usage: ${0##*/} [--cpus "POWER8 POWER9 POWER10"]
Runs all tests; prints "N passed, N failed" last. Exit 0 only if none failed.
Environment: CRCVMX_CACHE (download cache), CRCVMX_GUEST_TIMEOUT (seconds per guest run, default 900).
USAGE
}
cpus="POWER8 POWER9 POWER10"
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--cpus) [ $# -ge 2 ] || die 2 "--cpus needs a list"; cpus=$2; shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done

passed=0
failed=0
failures=()
result() { # result NAME RC
	if [ "$2" -eq 0 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		failures+=("$1")
	fi
}

# Every top-level KTAP/TAP result of a guest run counts; the run itself (it
# finished, the kernel logged no oops/BUG/WARNING/panic) is one more.
count_guest_results() { # NAME LOG RUN_GUEST_EXIT
	local line
	while read -r line; do
		case "$line" in
		"ok "*) result "$1:${line#ok }" 0 ;;
		"not ok "*) result "$1:${line#not ok }" 1 ;;
		esac
	done < <(grep -E '^(not )?ok [0-9]+' "$2")
	result "$1:guest-run (finished, kernel clean)" \
		"$({ [ "$3" -eq 0 ] || [ "$3" -eq 1 ]; } && ! grep -q 'CRCVMX-KERNEL-PROBLEM' "$2" &&
		   grep -q '^CRCVMX-END' "$2" && echo 0 || echo 1)"
}

tools/setup.sh || die "setup failed (see the messages above)"
. build/kernel.env

# --- host: CTest ------------------------------------------------------------
say "check: host unit tests (CTest)"
if cmake -S userspace -B build/host -DCMAKE_BUILD_TYPE=RelWithDebInfo >build/host-configure.log 2>&1 &&
   cmake --build build/host -j2 >build/host-build.log 2>&1; then
	ctest --test-dir build/host -j2 --output-on-failure >build/ctest.log 2>&1
	# One result per CTest test; a run whose results cannot all be read
	# (crash, changed output format) is a failure of its own.
	nparsed=0
	while read -r status name; do
		result "ctest:$name" "$([ "$status" = Passed ] && echo 0 || echo 1)"
		nparsed=$((nparsed + 1))
	done < <(sed -nE 's/^ *[0-9]+\/[0-9]+ Test +#[0-9]+: ([^ ]+) [ .*]+(Passed|\*\*\*Failed|Failed|\*\*\*Timeout|\*\*\*Exception.*|Not Run).*/\2 \1/p' build/ctest.log)
	ntotal=$(sed -nE 's/.*tests failed out of ([0-9]+).*/\1/p' build/ctest.log)
	if [ -z "$ntotal" ] || [ "$nparsed" -ne "$ntotal" ] || [ "$nparsed" -eq 0 ]; then
		say "check: read $nparsed CTest results, ctest reported ${ntotal:-none} (build/ctest.log)"
		result "ctest:all results read" 1
	fi
	tail -n 3 build/ctest.log | sed 's/^/   /' >&2
else
	say "check: host build failed (build/host-configure.log, build/host-build.log)"
	result "host-build" 1
fi

# --- static: checkpatch, clang-format ----------------------------------------
say "check: checkpatch.pl --strict on the kernel C"
kfiles=$(git ls-files 'module/*.c' 'module/*.h' 'selftests/kmod/*.c' 'tools/bench-model/kmod/*.c' \
	'tools/bench-model/kmod/*.h')
if perl "$KSRC/scripts/checkpatch.pl" --strict --no-tree --quiet --show-types \
	--ignore FILE_PATH_CHANGES -f $kfiles >build/checkpatch.log 2>&1; then
	result checkpatch 0
else
	say "check: checkpatch found problems (build/checkpatch.log):"
	head -20 build/checkpatch.log >&2
	result checkpatch 1
fi

say "check: clang-format on the C++"
cxx=$(git ls-files 'userspace/*.cpp' 'userspace/*.h' 'tools/constgen/*.cpp' 'tools/constgen/*.h' \
	'tools/fold-model/*.cpp' 'tools/fold-model/*.h')
if clang-format --dry-run --Werror $cxx >build/clang-format.log 2>&1; then
	result clang-format 0
else
	say "check: not clang-formatted (build/clang-format.log; fix: clang-format -i FILE):"
	grep -o '^[^:]*' build/clang-format.log | sort -u | head >&2
	result clang-format 1
fi

# --- guest build + install ----------------------------------------------------
if tools/build-guest.sh >build/build-guest.log 2>&1; then
	result guest-build 0
	# sparse, on every kernel object it can parse (it cannot parse AltiVec
	# vector types, so the VMX core is left out).
	{
		KM=(make -s -C "$KDIR" ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu- C=2 CHECK=sparse)
		"${KM[@]}" M="$top" module/crc32c_vmx_glue.o module/crc32c_vmx_stats.o &&
		"${KM[@]}" M="$top/selftests/kmod" &&
		"${KM[@]}" M="$top/tools/bench-model/kmod" bench_main.o
	} >build/sparse.log 2>&1
	if [ $? -eq 0 ] && ! grep -qE 'warning|error' build/sparse.log; then
		result sparse 0
	else
		say "check: sparse reports problems (build/sparse.log)"
		result sparse 1
	fi
	# `make install` with INSTALL_MOD_PATH, as a packager or a POWER host runs it.
	inst=build/install-root
	rm -rf "$inst"
	if make -s install KDIR="$KDIR" ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu- \
		INSTALL_MOD_PATH="$top/$inst" >build/install.log 2>&1 &&
	   [ -f "$inst/lib/modules/$KREL/extra/crc32c_vmx.ko" ] &&
	   grep -q '^extra/crc32c_vmx.ko:' "$inst/lib/modules/$KREL/modules.dep"; then
		result make-install 0
	else
		say "check: make install INSTALL_MOD_PATH=... failed (build/install.log)"
		result make-install 1
	fi

	# --- harness: a guest failure of any kind must fail the run -------------
	for f in warn:1 panic:3 hang:3; do
		set_name=fault-${f%%:*}
		say "check: harness self-test '$set_name' (must fail with exit ${f#*:})"
		tools/vm/run-guest.sh --kernel-env build/kernel.env --initrd build/initramfs.cpio.gz \
			--set "$set_name" --timeout 45 --log "build/guest-$set_name.log" --show none 2>/dev/null
		result "harness:$set_name detected" "$([ $? -eq "${f#*:}" ] && echo 0 || echo 1)"
	done

	# --- guest: kselftests ----------------------------------------------------
	# crcbench-alg's in-guest tests (POWER8).
	say "check: crcbench-alg in a POWER8 guest"
	tools/vm/run-guest.sh --kernel-env build/kernel.env --initrd build/initramfs.cpio.gz \
		--set crcbench --cpu POWER8 --smp 2 --timeout "${CRCVMX_GUEST_TIMEOUT:-900}" \
		--log build/guest-crcbench-POWER8.log --show ktap
	count_guest_results POWER8-crcbench build/guest-crcbench-POWER8.log $?

	# POWER8 runs the whole suite; the other models the CPU-sensitive core.
	for cpu in $cpus; do
		set_name=check-core
		[ "$cpu" != POWER8 ] || set_name=check
		say "check: kselftests ($set_name) in a $cpu guest"
		log=build/guest-$set_name-$cpu.log
		tools/vm/run-guest.sh --kernel-env build/kernel.env --initrd build/initramfs.cpio.gz \
			--set "$set_name" --cpu "$cpu" --smp 2 --timeout "${CRCVMX_GUEST_TIMEOUT:-900}" \
			--log "$log" --show ktap
		count_guest_results "$cpu" "$log" $?
	done
else
	say "check: building the guest failed (build/build-guest.log):"
	tail -20 build/build-guest.log >&2
	result guest-build 1
fi

if [ ${#failures[@]} -gt 0 ]; then
	say "check: FAILED:"
	printf '   %s\n' "${failures[@]}" >&2
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
