#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The userspace build's warning policy: a user's build (any build type) does
# not turn warnings into errors; CI's (-DCRCVMX_WERROR=ON) does, and still
# compiles a Release build on GCC 12, whose -O3 gives a false -Wrestrict in
# std::string (GCC bug 105329). verifier.cpp is a file that triggers it.
#
# Usage: build-flags.sh SOURCE_DIR (userspace/). Exit: 0 pass, 1 fail.
set -u
src=${1:?userspace source dir}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/crcbench-flags.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
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
make -C "$tmp/ci/crcbench" src/verifier.cpp.o >"$tmp/compile.log" 2>&1 ||
	{ tail -20 "$tmp/compile.log"; fail "Release build with -DCRCVMX_WERROR=ON failed"; }
echo "ok: user builds without -Werror; CI Release build with -Werror compiles verifier.cpp"
