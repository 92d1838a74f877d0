#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# `make check`: every test of the project, then one summary line
# "N passed, N failed" (the last line; CI reads it). Stages:
#   host     CTest: unit tests, generator/model/harness tests; crcbench-alg
#            file --innodb vs innochecksum on a real mariadbd's tablespace
#   static   checkpatch.pl --strict and sparse on the kernel C, clang-format
#            on the C++, the object check (vector instructions only in the
#            core, vpmsumd in the module)
#   upstream the lib/crc/powerpc series: up to date with its generator,
#            applies to linux-source-7.2, checkpatch, W=1 lib/crc
#            (tools/upstream, docs/upstream.md)
#   install  `make install INSTALL_MOD_PATH=...` of the cross-built modules
#   harness  the result checker's unit tests; guest sets that warn, panic,
#            hang, fail before any result, omit a test or skip must fail
#   guest    all kselftests in a POWER8 guest, the core subset in POWER9
#            and POWER10 guests, crcbench-alg's guest tests; every set is
#            held to its .expect list (tools/vm/ktap-check.py)
#   6.12     the whole suite on Debian 13's kernel line (bookworm-backports'
#            6.12, 4K pages), the core subset and dm-integrity on its 64K-page
#            flavour
#   newest   the whole suite on Debian testing's kernel (7.2 today)
#   execution  a QEMU plugin counts what ran where (vpmsumd, lxvp, xxeval by
#            PC, attributed to the kernel or a module): POWER8 with the
#            NVMe namespaces, POWER9, POWER10
#   mutants  every mutant (tools/mutants) caught by the tests named for it;
#            the table goes to docs/mutants.md
#   debug    the whole suite and the debug-only mutants on a PREEMPT,
#            DEBUG_PREEMPT, lockdep kernel built from linux-source (cached);
#            module signatures enforced on it (set "signing")
#   deb      make deb: the Debian packages build, lintian-clean; dkms
#            builds both packaged sources and make dist's tarballs, and
#            skips crc-family-vmx where the kernel lacks its algorithms;
#            the initramfs-tools hook with and without the module
# Logs go to build/; each failure names its log. See docs/testing.md.
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

# Result accounting (tools/lib/accounting.sh): result, count_lane,
# count_guest_results, the background lane and the manifest check, all of
# which fail closed. tools/test-accounting.sh proves it with crafted inputs.
# shellcheck source=lib/accounting.sh
. "$top/tools/lib/accounting.sh"
# Every result name a run must produce (a missing one fails the run).
manifest=tools/check-results.txt
# Every guest run's nested subtests are held to their pin file
# (tools/vm/guest/pins/, ktap-check.py --pins).
export CRCVMX_PINS=1

# run_set, run_matrix (tools/check-matrix.sh), build_for_kernel.
# shellcheck source=lib/guest-sets.sh
. "$top/tools/lib/guest-sets.sh"

# Seconds since the start, for the stage lines (the time budget).
t0=$(date +%s)
stage() { say "check: [$(( ($(date +%s) - t0) / 60 ))m$(( ($(date +%s) - t0) % 60 ))s] $*"; }

# harness_selftest SET EXPECTED_RUN_GUEST_EXIT PATTERN...: a deliberately
# broken set must fail the strict accounting, with a FAIL verdict matching
# each PATTERN (the reasons it must be caught for).
harness_selftest() {
	local set=$1 want=$2 log=build/guest-$1.log rc verdicts p ok=1
	shift 2
	say "check: harness self-test '$set' (must fail: $*)"
	# The hang must be cut off by the timeout; the others finish in seconds.
	local limit=180
	[ "$set" != fault-hang ] || limit=20
	tools/vm/run-guest.sh --kernel-env "${KENV:-build/kernel.env}" \
		--initrd "${INITRD:-build/initramfs.cpio.gz}" \
		--set "$set" --timeout "$limit" --log "$log" --show none 2>/dev/null
	rc=$?
	guest_verdicts "$set" "$log" "$rc" "${log%.log}.verdicts"
	verdicts=$(cat "${log%.log}.verdicts")
	[ "$rc" -eq "$want" ] || ok=0
	for p in "$@"; do
		printf '%s\n' "$verdicts" | grep '^FAIL' | grep -qE "$p" || ok=0
	done
	if [ "$ok" -eq 1 ]; then
		result "harness:$set fails make check" 0
	else
		say "check: harness self-test $set: run-guest exit $rc (want $want), verdicts:"
		printf '   %s\n' "$verdicts" >&2
		result "harness:$set fails make check" 1
	fi
}

# shellcheck source=mutants/lib.sh
. tools/mutants/lib.sh
mutants_with() { # TEST: the mutants whose Catch: line names TEST, comma-separated
	local m l=
	for m in $(mutant_names); do
		mutant_has_catch "$m" "$1" && l="$l,$m"
	done
	echo "${l#,}"
}

stage "setup"
# Results of an earlier run must never stand in for a lane that did not run.
rm -rf build/mutants-stock build/mutants-debug build/execution build/novsx build/*-verdicts.* build/*.verdicts \
	build/matrix.tsv
acc_reset build/results.tsv
tools/setup.sh || die "setup failed (see the messages above)"
. build/kernel.env

# --- host tools: every external command from a listed package ---------------
# A tool installed by hand must never hide a missing install step (dkms did):
# each command our host scripts run must come from a package that
# tools/setup/host-packages.txt lists, or from Debian's base.
stage "host tools come from listed packages"
tools/setup/check-host-tools.sh >build/host-tools.log 2>&1
rc=$?
[ "$rc" -eq 0 ] || { say "check: host tools not from listed packages (build/host-tools.log):"; head -n 20 build/host-tools.log >&2; }
result "host-tools:every tool from a listed package" "$rc"
tools/setup/test-check-host-tools.sh >build/host-tools-selftest.log 2>&1
rc=$?
[ "$rc" -eq 0 ] || say "check: the host-tools check's self-test failed (build/host-tools-selftest.log)"
result "host-tools:self-test" "$rc"

# --- host: CTest ------------------------------------------------------------
stage "host build (CTest runs in the background)"
# CI builds treat compiler warnings as errors (userspace CMake option
# CRCVMX_WERROR, off for users); tools/build-guest.sh reads the same variable.
export CRCVMX_WERROR=ON
# The C and C++ of every CMake build here (the host's and the ppc64le cross
# build in tools/build-guest.sh, which read these variables for a new build
# tree) go through ccache, whose cache lives beside the downloads: a warm
# run compiles only what changed. ccache replays a cached compile's
# warnings, so -Werror still fails on them. Paths are hashed relative to
# the checkout and without the working directory, so that a fresh clone
# elsewhere hits the cache too (its test binaries' debug info may then name
# the other clone's directory).
export CCACHE_DIR="$CRCVMX_CACHE/ccache" CCACHE_BASEDIR="$top" CCACHE_NOHASHDIR=1 \
	CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache

# ctest_lane: the CTest suite as verdict lines (PASS/FAIL<TAB>test name),
# one per test; exit 1 if any failed, or if the results cannot all be read
# (crash, changed output format). The one host test that may skip needs a
# host kernel without AF_ALG and must not create an AF_ALG socket where one
# exists (that would load host modules); there the fake-based
# crcbench.e2e.no_af_alg covers it.
ctest_lane() {
	local status name nparsed=0 ntotal rc=0
	nice -n 10 ctest --test-dir build/host -j2 --output-on-failure >build/ctest.log 2>&1
	while read -r status name; do
		case "$status" in
		Passed) printf 'PASS\t%s\n' "$name" ;;
		Skipped)
			if [ "$name" = crcbench.e2e.host_has_no_af_alg ]; then
				printf 'PASS\t%s (skipped: this host has AF_ALG)\n' "$name"
			else
				printf 'FAIL\t%s (skipped)\ta skip is a failure (build/ctest.log)\n' "$name"
				rc=1
			fi ;;
		*) printf 'FAIL\t%s\t%s (build/ctest.log)\n' "$name" "$status"; rc=1 ;;
		esac
		nparsed=$((nparsed + 1))
	done < <(sed -nE 's/^ *[0-9]+\/[0-9]+ Test +#[0-9]+: ([^ ]+) [ .*]+(Passed|\*\*\*Failed|Failed|\*\*\*Timeout|\*\*\*Exception.*|Not Run|\*\*\*Skipped).*/\2 \1/p' build/ctest.log |
		sed 's/^\*\*\*Skipped /Skipped /')
	ntotal=$(sed -nE 's/.*tests failed out of ([0-9]+).*/\1/p' build/ctest.log)
	if [ -z "$ntotal" ] || [ "$nparsed" -ne "$ntotal" ] || [ "$nparsed" -eq 0 ]; then
		printf 'FAIL\tall results read\tread %s, ctest reported %s (build/ctest.log)\n' "$nparsed" "${ntotal:-none}"
		rc=1
	fi
	return $rc
}

# ctest_failure_excerpts: for each test CTest failed, the lines of its
# output that say why (TAP "not ok" and its "#" reasons, not the copies of
# the command's output; FAIL, error), at most 12, on stderr. A CI log shows
# only its last lines: there the cause is read, not only the name (the
# whole output stays in build/ctest.log).
ctest_failure_excerpts() {
	awk '
	/^ *[0-9]+\/[0-9]+ Test +#[0-9]+: / {
		name = $4
		failed = $0 !~ / Passed / && $0 !~ /Skipped/
		shown = 0
		if (failed) printf "   why %s failed:\n", name
		next
	}
	/^ *Start +[0-9]+: |^[0-9]+% tests passed/ { failed = 0; next }
	failed && shown < 12 && /^(not ok|# |.*FAIL|.*[Ee]rror|.*HANG)/ && !/^# (out|err): / {
		printf "     %s\n", substr($0, 1, 200)
		shown++
	}' build/ctest.log >&2
}

# The suite runs in the background (at nice 10) from the end of the cross
# build to the end of the guest stages, which keep only about one core busy
# (TCG boots, and tests that run one process at a time); its verdicts are
# counted at the end. Started right after the host build, it only slowed
# the CPU-bound stages in between (docs/testing.md, "Budget").
if cmake -S userspace -B build/host -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCRCVMX_WERROR=ON \
	>build/host-configure.log 2>&1 &&
   cmake --build build/host -j2 >build/host-build.log 2>&1; then
	ctest_started=1
else
	say "check: host build failed (build/host-configure.log, build/host-build.log)"
	result "host-build" 1
	ctest_started=0
fi

# --- host: crcbench-alg file --innodb against MariaDB's innochecksum ----------
# A real mariadbd writes a full_crc32 tablespace; innochecksum and the tool
# must agree on it intact and with two flipped bytes. Its build/innodb/ files
# go into the guest (tools/build-guest.sh) for the kernel drivers' turn.
stage "InnoDB tablespace from a real mariadbd vs innochecksum"
rm -rf build/innodb
userspace/crcbench/tests/host/innodb-real.sh --crcbench build/host/crcbench/crcbench-alg \
	--out build/innodb >build/innodb-real.log 2>&1
result crcbench.innodb_real $?

# --- static: checkpatch, clang-format ----------------------------------------
say "check: checkpatch.pl --strict on the kernel C"
# The test modules' compat header is the one file allowed to test
# LINUX_VERSION_CODE (the drivers probe the headers: module/compat.mk); the
# template core the one allowed new typedefs (its vector types, as
# lib/raid6 has them: issue 3.2).
kfiles=$(git ls-files 'module/*.c' 'module/*.h' 'module/*.S' 'selftests/kmod/*.c' \
	'selftests/kmod/*.h' 'tools/bench-model/kmod/*.c' 'tools/bench-model/kmod/*.h' \
	'tools/bench-model/kmod/*.S' 'tools/sparse/*.h' 'tools/upstream/bench/*.c' \
	'tools/upstream/kunit/*.c' |
	grep -vx -e selftests/kmod/crc_vmx_test_compat.h \
		-e module/arch/powerpc/crc_vmx_core_template.h)
if perl "$KSRC/scripts/checkpatch.pl" --strict --no-tree --quiet --show-types \
	--ignore FILE_PATH_CHANGES -f $kfiles >build/checkpatch.log 2>&1 &&
   perl "$KSRC/scripts/checkpatch.pl" --strict --no-tree --quiet --show-types \
	--ignore FILE_PATH_CHANGES,LINUX_VERSION_CODE -f selftests/kmod/crc_vmx_test_compat.h \
	>>build/checkpatch.log 2>&1 &&
   perl "$KSRC/scripts/checkpatch.pl" --strict --no-tree --quiet --show-types \
	--ignore FILE_PATH_CHANGES,NEW_TYPEDEFS -f module/arch/powerpc/crc_vmx_core_template.h \
	>>build/checkpatch.log 2>&1; then
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

# The big-endian lane's mutants (make check-be, outside make check) must
# still apply to this tree, so that a glue change cannot leave them stale
# until the next check-be run.
for p in tools/vm/bigendian/mutants/*.patch; do
	name=${p##*/}
	if patch -p1 --dry-run -F0 -s <"$p" >build/be-mutant-apply.log 2>&1; then
		result "be-mutant applies:${name%.patch}" 0
	else
		say "check: $p no longer applies (regenerate it against the glue):"
		head -5 build/be-mutant-apply.log >&2
		result "be-mutant applies:${name%.patch}" 1
	fi
done

# --- upstream: the lib/crc/powerpc series (issue 3.3, docs/upstream.md) ------
# The committed upstream/ must be what tools/upstream/gen-series.sh makes from
# the template core and crc-constgen (built by the CTest stage above); the
# series applies to linux-source-7.2, checkpatch --strict is clean, and
# lib/crc compiles with W=1 for ppc64le, ppc64 big-endian and ppc64 without
# ALTIVEC (only lib/crc; the extracted, configured trees are cached).
stage "upstream series: up to date, two generators agree, git am, checkpatch, W=1 lib/crc (le, be, no ALTIVEC)"
tools/upstream/gen-series.sh --check >build/upstream-gen.log 2>&1
rc=$?
[ "$rc" -eq 0 ] || { say "check: upstream/ is stale or the generator failed (build/upstream-gen.log):"; tail -n 5 build/upstream-gen.log >&2; }
result "upstream:series is up to date with its generator" "$rc"
# The kernel's gen-crc-consts.py with the series' powerpc_vpmsum type and
# crc-constgen must give every CRC of the series the same constants.
count_lane upstream build/upstream-consts-verdicts.txt tools/upstream/consts-agree.sh
count_lane upstream build/upstream-verdicts.txt tools/upstream/check-build.sh
# The series' cores take the constants by pointer: counted per call under
# qemu-user, that must cost no more than the same template with them at a
# fixed address (docs/upstream.md).
count_lane upstream build/upstream-pointer-verdicts.txt tools/upstream/pointer-cost.sh --check

# --- deb: make deb, lintian, DKMS, the initramfs-tools hook, dracut ---------
# deb_lane prints one PASS/FAIL line per result. It runs in the background
# while the guests of the 6.1 stage run (a TCG guest keeps about one core
# busy); its verdicts are counted after that stage.
deb_lane() {
	local debver distargs=() distballs st=0
	if ! tools/deb/build-deb.sh --no-lintian >build/deb.log 2>&1; then
		printf 'FAIL\tmake deb\tsee build/deb.log, build/deb/build.log\n'
		return 1
	fi
	printf 'PASS\tmake deb\n'
	debver=$(dpkg-parsechangelog -S Version)
	local dkmsdebs=("build/deb/crc32c-vmx-dkms_${debver}_all.deb"
		"build/deb/crc-family-vmx-dkms_${debver}_all.deb")
	tools/deb/lintian.sh "${dkmsdebs[@]}" "build/deb/crcbench-alg_${debver}_ppc64el.deb" \
		2>build/deb-lintian.log || {
		printf 'FAIL\tlintian\ttools/deb/lintian.sh exited %s (see build/deb-lintian.log)\n' "$?"
		st=1
	}
	# make dist prints its two tarballs' paths (crc32c-vmx, crc-family-vmx).
	if distballs=$(tools/dist.sh 2>>build/deb.log) && [ "$(wc -l <<<"$distballs")" -eq 2 ]; then
		while read -r f; do distargs+=(--dist "$f"); done <<<"$distballs"
	else
		printf 'FAIL\tmake dist\tsee build/deb.log\n'
		st=1
	fi
	# A script that stops early reports fewer verdicts: its exit code counts
	# (and the manifest names every verdict it must print).
	tools/deb/test-early-boot.sh --deb "${dkmsdebs[0]}" --deb "${dkmsdebs[1]}" \
		"${distargs[@]}" 2>build/deb-early-boot.log || {
		printf 'FAIL\tearly boot\ttools/deb/test-early-boot.sh exited %s (see build/deb-early-boot.log)\n' "$?"
		st=1
	}
	# The RPMs (RHEL, SLES): built from the guest's static cross build of
	# crcbench-alg, rpmlint-clean; payloads, dependencies and scriptlets
	# checked on the host (tools/rpm/test-rpm.sh).
	if tools/rpm/build-rpm.sh --crcbench-build build/ppc64le >build/rpm.log 2>&1; then
		printf 'PASS\tmake rpm (three packages, rpmlint-clean)\n'
	else
		printf 'FAIL\tmake rpm (three packages, rpmlint-clean)\tsee build/rpm.log, build/rpm/\n'
		st=1
	fi
	tools/rpm/test-rpm.sh build/rpm 2>>build/rpm.log || {
		printf 'FAIL\trpm checks\ttools/rpm/test-rpm.sh exited %s (see build/rpm.log)\n' "$?"
		st=1
	}
	return "$st"
}

# --- guest build + install ----------------------------------------------------
stage "cross build (module, mutants, test modules, kselftests, guest programs)"
tools/build-guest.sh >build/build-guest.log 2>&1
build_rc=$?
stage "Debian packages and CTest, in the background (make deb, lintian, dkms build, initramfs-tools hook, dracut)"
start_bg_lane deb deb_lane 2>build/deb-lane.log
[ "$ctest_started" -eq 0 ] || start_bg_lane ctest ctest_lane
if [ "$build_rc" -eq 0 ]; then
	result guest-build 0
	# The kernel API probes (module/compat.mk) find what this kernel has.
	tools/compat-probes.sh --kernel-env build/kernel.env >build/compat-probes.log 2>&1
	result compat-probes:6.1 $?
	# The same headers, named as the debug kernel (which lacks the family's
	# crypto algorithms): the probes' findings must not pass as its.
	sed 's/^KREL=.*/KREL=6.1.0-crcvmx-debug/' build/kernel.env >build/compat-probes-self.env
	! tools/compat-probes.sh --kernel-env build/compat-probes-self.env >>build/compat-probes.log 2>&1
	result "harness:compat-probes fails where a kernel's APIs differ from its expectation" $?
	# sparse (make C=2), on every kernel object of both modules, the three
	# vector cores included (sparse reads their AltiVec types through
	# tools/sparse/vector-types.h, given with -include), the test modules
	# and the bench module.
	{
		KM=(make -s -C "$KDIR" ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu- C=2
			CHECK="sparse -include $top/tools/sparse/vector-types.h")
		"${KM[@]}" M="$top" CRCVMX_FAMILY_CORES=y module/crc32c_vmx_glue.o \
			module/crc_family_vmx_glue.o \
			module/arch/powerpc/crc32c_vmx_core.o module/arch/powerpc/crct10dif_vmx_core.o \
			module/arch/powerpc/crc64_rocksoft_vmx_core.o &&
		"${KM[@]}" M="$top/selftests/kmod" &&
		"${KM[@]}" M="$top/tools/bench-model/kmod" bench_main.o
	} >build/sparse.log 2>&1
	if [ $? -eq 0 ] && ! grep -qE 'warning|error' build/sparse.log; then
		result sparse 0
	else
		say "check: sparse reports problems (build/sparse.log)"
		result sparse 1
	fi
	# Vector instructions only in the core; vpmsumd really in the module.
	tools/check-objects.sh >build/check-objects.log 2>&1
	result "object-check (no vector code in glue/stats, vpmsumd in the module)" $?
	tools/check-objects.sh --self-test >build/check-objects-selftest.log 2>&1
	result "object-check self-test (it fails on vector code in glue, on a module without vpmsumd)" $?
	# crcbench-alg's userspace baselines (user:vmx is the VMX core built into
	# the static ppc64le tool) under qemu-user: no AF_ALG needed.
	sh userspace/crcbench/tests/host/cross-user-baselines.sh build/ppc64le/crcbench/crcbench-alg \
		>build/cross-user-baselines.log 2>&1
	result crcbench.cross_user_baselines $?
	# `make install` with INSTALL_MOD_PATH, as a packager or a POWER host runs
	# it: both modules (this kernel has the crct10dif and crc64-rocksoft
	# algorithms, so Kbuild builds crc_family_vmx without being asked).
	inst=build/install-root
	rm -rf "$inst"
	if make -s install KDIR="$KDIR" ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu- \
		INSTALL_MOD_PATH="$top/$inst" >build/install.log 2>&1 &&
	   [ -f "$inst/lib/modules/$KREL/extra/crc32c_vmx.ko" ] &&
	   [ -f "$inst/lib/modules/$KREL/extra/crc_family_vmx.ko" ] &&
	   grep -q '^extra/crc32c_vmx.ko:' "$inst/lib/modules/$KREL/modules.dep" &&
	   grep -q '^extra/crc_family_vmx.ko:' "$inst/lib/modules/$KREL/modules.dep" &&
	   grep -q '^softdep libcrc32c pre:.*crc32c_vmx' "$inst/etc/modprobe.d/crc32c-vmx.conf"; then
		result make-install 0
	else
		say "check: make install INSTALL_MOD_PATH=... failed (build/install.log)"
		result make-install 1
	fi

	# --- harness: a guest failure of any kind must fail the run -------------
	stage "harness self-tests"
	say "check: unit tests of the result checker (tools/vm/test_ktap_check.py)"
	python3 tools/vm/test_ktap_check.py >build/ktap-check-test.log 2>&1
	result "harness:ktap-check unit tests" $?
	# The accounting of this script and the mutants' judging, each case a
	# crafted input that must fail (tools/lib/accounting.sh,
	# tools/vm/guest/mutant-verdict.sh, tools/mutants/verdict.sh).
	count_lane harness:accounting build/accounting-selftest.txt tools/test-accounting.sh
	count_lane "harness:mutant verdicts" build/mutant-verdict-selftest.txt tools/mutants/test-verdict.sh
	python3 tools/system/test_journey_verdict.py >build/journey-verdict-test.log 2>&1
	result "harness:journey-verdict unit tests" $?
	# The mutation sweep's fixed sample (tools/mutation, docs/mutants.md):
	# the mutants of the VMX cores that its committed seed draws, each
	# compiled and run afresh in the qemu-user harness lanes that can see
	# it; one that survives and is not recorded so fails.
	say "check: a fixed sample of the VMX cores' mutants (tools/mutation/sweep.py sample)"
	tools/mutation/sweep.py sample --work build/mutation-sample >build/mutation-sample.log 2>&1
	result "mutation:fixed sample of 20 core mutants, no new survivor" $?
	harness_selftest fault-warn 1 'kernel|run-guest.sh exited 1'
	harness_selftest fault-panic 3 'CRCVMX-END'
	harness_selftest fault-hang 4 'CRCVMX-END'
	harness_selftest fault-noktap 1 'missing: the set did not report it'
	harness_selftest fault-omit 0 '^FAIL	second	missing'
	harness_selftest fault-skip 0 '^FAIL	second	skipped' '^FAIL	third	.*skipped as a whole'

	# --- guest: kselftests ----------------------------------------------------
	stage "kselftests and crcbench-alg on Debian's kernel"
	# crcbench-alg's in-guest tests (POWER8).
	run_set POWER8 crcbench POWER8
	# POWER8 runs the whole suite; the other models the CPU-sensitive core.
	# The full AF_ALG sweeps run here on POWER8 and POWER10 (whose ISA 3.1
	# core starts at 1168 bytes); POWER9 runs the POWER8 core, and the later
	# kernels below the same cores again, so they take the quick sweeps
	# (crcvmx.depth=quick, docs/testing.md). The whole suite's boots on 6.1
	# and 6.12 carry the NVMe namespaces with protection information of
	# crc_family_vmx_nvme.sh.
	for cpu in $cpus; do
		set_name=check-core opts=()
		[ "$cpu" != POWER8 ] || { set_name=check; opts=(--nvme-pi); }
		[ "$cpu" != POWER9 ] || opts=(--append crcvmx.depth=quick)
		run_set "$cpu" "$set_name" "$cpu" "${opts[@]}"
	done

	# A CPU without vector crypto (POWER8 in POWER7 compatibility mode: the
	# kernel sees an architected POWER7): the module must refuse to load.
	run_set POWER7-compat nocrypto POWER8 --machine max-cpu-compat=power7

	# --- Debian 13's kernel line: 6.12 from bookworm-backports ----------------
	# The whole suite on the 4K-page flavour, the CPU-sensitive core on the
	# 64K-page one (tools/vm/fetch-kernel.sh --kernel, docs/testing.md).
	for k in 6.12 6.12-64k; do
		stage "Linux $k (bookworm-backports)"
		if build_for_kernel "$k" none; then
			result "$k:build" 0
			tools/compat-probes.sh --kernel-env "build/kernel-$k.env" >>build/compat-probes.log 2>&1
			result "compat-probes:$k" $?
			set_name=check-64k nvme=()
			[ "$k" != 6.12 ] || { set_name=check; nvme=(--nvme-pi); }
			KENV=build/kernel-$k.env INITRD=build/k$k/initramfs.cpio.gz KNAME=$k \
				run_set "$k" "$set_name" POWER8 --append crcvmx.depth=quick "${nvme[@]}"
		else
			say "check: fetching or building for $k failed (build/fetch-$k.log, build/build-guest-$k.log)"
			result "$k:build" 1
		fi
	done

	# --- the newest kernel Debian ships: Debian testing (7.2 today) -----------
	# The whole suite; the tests assert what that kernel does differently
	# (selftests/crc32c_lib.sh). Its modules build in a cached Debian testing
	# chroot with the kernel's own gcc (tools/vm/toolchain-chroot.sh).
	stage "Linux newest (Debian testing)"
	if build_for_kernel newest none; then
		result "newest:build" 0
		tools/compat-probes.sh --kernel-env build/kernel-newest.env >>build/compat-probes.log 2>&1
		result compat-probes:newest $?
		KENV=build/kernel-newest.env INITRD=build/knewest/initramfs.cpio.gz KNAME=newest \
			run_set newest check POWER8 --append crcvmx.depth=quick
	else
		say "check: fetching or building for newest failed (build/fetch-newest.log, build/build-guest-newest.log)"
		result "newest:build" 1
	fi

	# --- execution: what really ran, per CPU model (QEMU plugin, PCs attributed) ---
	stage "execution lane (QEMU plugin: vpmsumd, lxvp, xxeval and where; POWER8 with NVMe PI, POWER9, POWER10)"
	count_lane plugin build/execution-verdicts.txt tools/vm/execution-lane.sh --kernel-env build/kernel.env \
		--initrd build/initramfs.cpio.gz --out build/execution \
		--mutants "$(mutants_with vpmsumd-count)" --isa31-mutants "$(mutants_with isa31-count)"

	# --- POWER10 without VSX: the POWER8 core on an ISA 3.1 CPU, and why ------
	stage "no-VSX lane (POWER10 with cap-vsx=off, a freestanding /init)"
	count_lane novsx build/novsx-verdicts.txt tools/vm/novsx-lane.sh --kernel-env build/kernel.env \
		--ko crc32c_vmx.ko --out build/novsx --mutants "$(mutants_with novsx)" \
		--mutant-dir build/mutants

	# --- mutants on Debian's kernel ---------------------------------------------
	stage "mutants on Debian's kernel (tools/mutants)"
	tools/mutants/lane.sh --kernel-env build/kernel.env --initrd build/initramfs.cpio.gz \
		--lane stock --out build/mutants-stock
	result "mutants:stock lane ran" $?

	# --- the debug kernel: PREEMPT, DEBUG_PREEMPT, lockdep, extra testmgr -----
	stage "debug kernel (built once, cached)"
	if build_for_kernel debug debug; then
		result "debug:build" 0
		tools/compat-probes.sh --kernel-env build/kernel-debug.env >>build/compat-probes.log 2>&1
		result compat-probes:debug $?
		KENV=build/kernel-debug.env INITRD=build/debug/initramfs.cpio.gz KNAME=debug \
			run_set debug check POWER8 --append crcvmx.depth=quick
		# /init scanned for leaks after unloading every module, and found none.
		grep -qE '^CRCVMX-KMEMLEAK-SCANNED modules-left=0 entries=0$' build/guest-debug-check-POWER8.log
		result "debug:kmemleak scanned after the last unload, no leak" $?
		# ... and a module that leaks on unload fails the run.
		KENV=build/kernel-debug.env INITRD=build/debug/initramfs.cpio.gz \
			harness_selftest fault-leak 1 'kmemleak reports unreferenced objects'
		# Module signatures: the debug kernel trusts a throwaway key; booted
		# with module.sig_enforce=1 it must load crc32c_vmx signed with that
		# key and refuse it unsigned, signed with another key or changed.
		stage "module signatures on the debug kernel (module.sig_enforce=1)"
		if tools/vm/signing-initramfs.sh --kernel-env build/kernel-debug.env \
			--initrd build/debug/initramfs.cpio.gz --ko build/debug/src/crc32c_vmx.ko \
			--out build/signing >build/signing.log 2>&1; then
			KENV=build/kernel-debug.env INITRD=build/signing/initramfs.cpio.gz KNAME=debug \
				run_set debug signing POWER8 --append module.sig_enforce=1
		else
			say "check: the signing lane's modules or initramfs failed (build/signing.log)"
			tail -n 5 build/signing.log >&2
			result "debug:signing build" 1
		fi
		stage "mutants on the debug kernel"
		tools/mutants/lane.sh --kernel-env build/kernel-debug.env \
			--initrd build/debug/initramfs.cpio.gz --lane debug --out build/mutants-debug
		result "mutants:debug lane ran" $?
	else
		say "check: the debug kernel or its guest build failed (build/debug-kernel.log, build/build-guest-debug.log)"
		tail -n 5 build/debug-kernel.log build/build-guest-debug.log >&2
		result "debug:build" 1
	fi

	stage "mutant verdicts (docs/mutants.md)"
	count_lane mutants build/mutant-verdicts.txt tools/mutants/verdict.sh \
		--results build/mutants-stock/results.tsv --results build/mutants-debug/results.tsv \
		--results build/novsx/results.tsv \
		--vpmsumd build/execution/vpmsumd.tsv --isa31 build/execution/isa31.tsv --table docs/mutants.md
	sed -n 's/^Caught: /   mutants caught: /p' docs/mutants.md >&2
else
	say "check: building the guest failed (build/build-guest.log):"
	tail -20 build/build-guest.log >&2
	result guest-build 1
fi

# The host CTest suite, started in the background after the cross build.
if [ "$ctest_started" -eq 1 ]; then
	stage "host unit tests (CTest, background): waiting for them"
	finish_bg_lane ctest ctest
	tail -n 3 build/ctest.log | sed 's/^/   /' >&2
	ctest_failure_excerpts
fi

# The Debian packages stage, started in the background after the cross build.
finish_bg_lane deb deb
say "check: Debian packages: $(grep -c '^PASS' build/deb-verdicts.txt) passed, $(grep -c '^FAIL' build/deb-verdicts.txt) failed (build/deb-verdicts.txt)"

# The kernel x CPU x set table of this run, into docs/testing.md.
# Its cells: 6.1 on every CPU model, POWER8 on every other kernel; the
# others are make check-matrix's (its rows from its last run here, if any).
tools/vm/matrix-table.sh --require "6.1:POWER8 6.1:POWER9 6.1:POWER10 6.12:POWER8 6.12-64k:POWER8 newest:POWER8 debug:POWER8" \
	build/matrix.tsv build/matrix-cells.tsv docs/testing.md
result "matrix: make check's cells ran, no set failed (docs/testing.md)" $?

# Lanes that do not fit this run's budget have their own targets; say so
# every time, so that none is forgotten (docs/testing.md says why each).
say "check: not part of make check, run them before a change that needs them:" \
	"make check-matrix (POWER9/POWER10 on 6.12, 6.12-64k, newest, debug)," \
	"make check-be (big-endian kernel lane), make check-5x (a 5.10 kernel: RHEL 9, SLES 15, Ubuntu 22.04)," \
	"make check-system (the operator's journey)"

# Every result the manifest names must have been produced, and only those.
stage "results against the manifest ($manifest)"
manifest_check "$manifest"
acc_summary
