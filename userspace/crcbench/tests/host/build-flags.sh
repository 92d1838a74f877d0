#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The userspace build's warning policy: a user's build (any build type) does
# not turn warnings into errors; CI's (-DCRCVMX_WERROR=ON) does. A plain
# Release build prints no warning: GCC 12's -O3 gave 17 false -Wrestrict
# warnings (GCC bug 105329) in std::string's "literal" + string, which
# fmt::format replaced; the files that had them compile warning-free here.
#
# Usage: build-flags.sh SOURCE_DIR (userspace/) [WORK_DIR]. WORK_DIR (made
# anew on every run) holds the two trees; CTest passes one under its build
# tree, so the compiles' paths lie under the checkout and ccache (make check
# sets CCACHE_BASEDIR to it) hits from one clone to the next. Without it, a
# temporary directory is used and removed. Exit: 0 pass, 1 fail.
set -u
src=${1:?userspace source dir}
if [ -n "${2:-}" ]; then
	tmp=$2
	rm -rf "$tmp"
	mkdir -p "$tmp" || { echo "FAIL: cannot create $tmp"; exit 1; }
else
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/crcbench-flags.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT INT TERM
fi
fail() { echo "FAIL: $*"; exit 1; }

configure() { # DIR [cmake args]
	d=$1
	shift
	cmake -G "Unix Makefiles" -S "$src" -B "$d" -DCMAKE_BUILD_TYPE=Release \
		-DCRCVMX_BUILD_TESTS=OFF -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "$@" >"$d.log" 2>&1 ||
		{ cat "$d.log"; fail "configure $*"; }
}

configure "$tmp/user"
grep -q -- "-Werror" "$tmp/user/compile_commands.json" &&
	fail "a default (user) build compiles with -Werror"

configure "$tmp/ci" -DCRCVMX_WERROR=ON
grep -q -- "-Werror" "$tmp/ci/compile_commands.json" ||
	fail "-DCRCVMX_WERROR=ON does not add -Werror"
grep -q -- "-Wno-error" "$tmp/ci/compile_commands.json" &&
	fail "the CI build exempts a warning from -Werror"
make -C "$tmp/ci/crcbench" src/verifier.cpp.o >"$tmp/compile.log" 2>&1 ||
	{ tail -20 "$tmp/compile.log"; fail "Release build with -DCRCVMX_WERROR=ON failed"; }
# The plain (user) Release build of the files that warned before.
objs=""
for f in cli report_file report_list report_run system_info text verifier; do
	objs="$objs src/$f.cpp.o"
done
# shellcheck disable=SC2086
make -j2 -C "$tmp/user/crcbench" $objs >"$tmp/user-compile.log" 2>&1 ||
	{ tail -20 "$tmp/user-compile.log"; fail "plain Release build failed"; }
if grep -q "warning:" "$tmp/user-compile.log"; then
	grep -A3 "warning:" "$tmp/user-compile.log" | head -20
	fail "a plain Release build prints warnings"
fi
echo "ok: user builds without -Werror; CI Release build with -Werror compiles verifier.cpp;"
echo "ok: a plain Release build of the files that had -Wrestrict warnings prints none"
