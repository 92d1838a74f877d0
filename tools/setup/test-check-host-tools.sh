#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Self-test of tools/setup/check-host-tools.sh: crafted inputs it must
# reject (naming the tool or package at fault) and crafted inputs it must
# accept, so that neither a check that always passes nor one that always
# fails gets through. Needs the host packages installed (it checks this
# checkout's real lists in the first cases).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
check=$here/check-host-tools.sh

usage() {
	cat <<USAGE
Usage: ${0##*/} [--help]
Runs check-host-tools.sh on crafted package lists, tool lists and a crafted
checkout; prints one "ok"/"FAIL" line per case and "N passed, N failed".
Exit codes: 0 every case passed, 1 some failed, 2 bad usage.
USAGE
}
case "${1:-}" in
-h|--help) usage; exit 0 ;;
"") ;;
*) echo "test-check-host-tools: unknown argument '$1' (try --help)" >&2; exit 2 ;;
esac

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

# expect NAME WANT_RC PATTERN ARGS...: check-host-tools.sh ARGS exits
# WANT_RC and prints a line matching the extended regex PATTERN ("" for
# none). Prints the output of a failing case.
expect() {
	local name=$1 want=$2 pat=$3 rc=0
	shift 3
	"$check" "$@" >"$tmp/out" 2>&1 || rc=$?
	if [ "$rc" -eq "$want" ] && { [ -z "$pat" ] || grep -qE -- "$pat" "$tmp/out"; }; then
		echo "ok: $name"
		passed=$((passed + 1))
	else
		echo "FAIL: $name (exit $rc, wanted $want; wanted a line matching: $pat)"
		sed 's/^/    /' "$tmp/out"
		failed=$((failed + 1))
	fi
}
# unexpected NAME PATTERN: the last run printed no line matching PATTERN.
unexpected() {
	if grep -qE -- "$2" "$tmp/out"; then
		echo "FAIL: $1 (it printed:)"
		grep -E -- "$2" "$tmp/out" | sed 's/^/    /'
		failed=$((failed + 1))
	else
		echo "ok: $1"
		passed=$((passed + 1))
	fi
}

# has LINE_REGEX WHAT: the last run printed a line matching LINE_REGEX.
has() {
	if grep -qE -- "$1" "$tmp/out"; then
		echo "ok: $2"
		passed=$((passed + 1))
	else
		echo "FAIL: $2 (no line matching: $1)"
		failed=$((failed + 1))
	fi
}

# 1-4. This checkout's lists, broken on purpose in one run (each problem
# is one line of its own, so one run shows them all):
#  - the package list without dkms (the bug that started this: only
#    dh-dkms was listed, which does not depend on dkms) and without git;
#    (cpio is Priority important, Debian's base: its line is not needed)
#  - a listed package that is not installed;
#  - a listed tool that is not installed;
#  - the tool list without a command the scripts run (the scanner must
#    find it) and without one a script checks for with command -v.
lists=$top/tools/setup
grep -vxE 'dkms|git' "$lists/host-packages.txt" >"$tmp/pk.txt"
echo crcvmx-no-such-package >>"$tmp/pk.txt"
grep -vxE 'zstd|lintian' "$lists/host-tools.txt" >"$tmp/tools.txt"
echo crcvmx-no-such-tool >>"$tmp/tools.txt"
expect "this checkout's lists, broken on purpose, fail" 1 "" --packages "$tmp/pk.txt" --tools "$tmp/tools.txt"
has "^check-host-tools: 'dkms' comes from package dkms, which is not in $tmp/pk.txt \(add it\)$" \
	"a package list without dkms names dkms"
has "^check-host-tools: 'git' comes from package git, which is not in $tmp/pk.txt \(add it\)$" \
	"... and names git"
has "names 'crcvmx-no-such-package', which is not installed" \
	"a listed package that is not installed is named"
has "'crcvmx-no-such-tool' \(needed by $tmp/tools.txt\) is not installed: find its package with apt-cache" \
	"a tool that is not installed is named"
has "^check-host-tools: 'zstd' \(/[^)]*\) is run by tools/vm/mkinitramfs\.sh:[0-9]+ but is neither in $tmp/tools.txt nor in" \
	"a scanned command missing from host-tools.txt is named with its script"
has "'lintian' is checked for by tools/deb/lintian\.sh:[0-9]+ but is not in $tmp/tools.txt" \
	"a command -v tool missing from host-tools.txt is named with its script"
has "^check-host-tools: .*: 7 problems$" "the summary counts the seven problem lines (lintian is both run and checked for)"

# 5. A crafted checkout: the scanner's finds, its blind spots on purpose
#    (comments, strings, here-documents, guest scripts), command -v lists,
#    find_program, a PATH-first copy that no package owns.
repo=$tmp/repo
mkdir -p "$repo/tools/setup" "$repo/tools/vm/guest" "$repo/sub" "$tmp/bin"
cat >"$repo/tools/run-it.sh" <<'SCRIPT'
#!/bin/bash
set -euo pipefail
# gzip in a comment is no command
echo "cpio in a string is no command" | tr a-z A-Z
cat <<EOF
zstd in a here-document is no command
EOF
list=(xz tar)
x=$(sed -n 1p "$0") && wc -l <"$0" >/dev/null
for tool in sort cut; do
	command -v "$tool" >/dev/null
done
OBJ=${OBJ:-head}
command -v "$OBJ" >/dev/null
my_func() { :; }
my_func
SCRIPT
cat >"$repo/tools/vm/guest/in-guest.sh" <<'SCRIPT'
#!/bin/sh
zstd -d x
SCRIPT
cat >"$repo/sub/CMakeLists.txt" <<'CMAKE'
find_program(MY_DIFF diff)
add_test(NAME t COMMAND cmp a b)
CMAKE
printf 'all:\n\t@od -c x | tail -n 1\n' >"$repo/Makefile"
# every command the crafted checkout runs or checks for
printf '%s\n' bash echo tr cat sed wc sort cut head diff cmp od tail >"$repo/tools/setup/host-tools.txt"
printf 'coreutils\n' >"$repo/tools/setup/host-packages.txt"
printf '# none\n' >"$repo/tools/setup/host-tools-ignore.txt"
git -C "$repo" init -q
git -C "$repo" add -A
expect "a crafted checkout whose tools are all listed passes" 0 "^check-host-tools: .*: 0 problems$" --root "$repo"
unexpected "comments, strings, here-documents, arrays and guest scripts are not scanned" "'(gzip|cpio|zstd|xz|tar)'"

rt=$repo/tools/setup
# without TOOL: the crafted checkout's tool list without TOOL (prints its path)
without() {
	grep -vxE "$1" "$rt/host-tools.txt" >"$tmp/r-no-$1.txt"
	echo "$tmp/r-no-$1.txt"
}
expect "a command after && and before a redirection is found" 1 \
	"'wc' \([^)]*\) is run by tools/run-it\.sh:9 but is neither" --root "$repo" --tools "$(without wc)"
expect "a command in \$( ) is found" 1 "'sed' \([^)]*\) is run by tools/run-it\.sh:9" \
	--root "$repo" --tools "$(without sed)"
expect "a command after | is found" 1 "'tr' \([^)]*\) is run by tools/run-it\.sh:4" \
	--root "$repo" --tools "$(without tr)"
expect "a for-loop command -v list is read" 1 "'cut' is checked for by tools/run-it\.sh:11" \
	--root "$repo" --tools "$(without cut)"
expect "command -v \"\$VAR\" is read through VAR's default" 1 "'head' is checked for by tools/run-it\.sh:14" \
	--root "$repo" --tools "$(without head)"
expect "find_program in CMake is read" 1 "'diff' is checked for by sub/CMakeLists\.txt:1" \
	--root "$repo" --tools "$(without diff)"
expect "a CMake COMMAND is found" 1 "'cmp' \([^)]*\) is run by sub/CMakeLists\.txt:2" \
	--root "$repo" --tools "$(without cmp)"
expect "a Makefile recipe command is found" 1 "'od' \([^)]*\) is run by Makefile:2" \
	--root "$repo" --tools "$(without od)"
expect "a shebang's interpreter is found" 1 "'bash' \([^)]*\) is run by tools/run-it\.sh:1" \
	--root "$repo" --tools "$(without bash)"

# ignore list: an entry covers a scanned word, an entry needs a reason
printf 'wc   only counts lines in this test\n' >"$tmp/r-ignore.txt"
expect "an ignore entry with a reason covers a scanned word" 0 "0 problems" \
	--root "$repo" --tools "$(without wc)" --ignore "$tmp/r-ignore.txt"
printf 'wc\n' >"$tmp/r-ignore-bare.txt"
expect "an ignore entry without a reason is a problem" 1 "'wc' in $tmp/r-ignore-bare.txt has no reason" \
	--root "$repo" --tools "$(without wc)" --ignore "$tmp/r-ignore-bare.txt"

# a package list without the owner of a crafted checkout's tool; a tool
# that no package owns (like a pyenv shim with no system copy); a tool whose
# PATH-first copy no package owns but whose system copy does (pyenv's
# python3 before /usr/bin/python3)
printf 'bash\n' >>"$rt/host-tools.txt"
printf '%s\n' diffutils >"$tmp/r-pk.txt"
cp "$rt/host-tools.txt" "$tmp/r-gnuplot.txt"
echo gnuplot >>"$tmp/r-gnuplot.txt"
expect "a tool from a package that is neither listed nor base is named" 1 \
	"'gnuplot' comes from package gnuplot-nox, which is not in $tmp/r-pk.txt \(add it\)" \
	--root "$repo" --tools "$tmp/r-gnuplot.txt" --packages "$tmp/r-pk.txt"
printf '#!/bin/sh\nexit 0\n' >"$tmp/bin/crcvmx-shim-only"
printf '#!/bin/sh\nexec /usr/bin/cmp "$@"\n' >"$tmp/bin/cmp"
chmod +x "$tmp/bin/crcvmx-shim-only" "$tmp/bin/cmp"
cp "$rt/host-tools.txt" "$tmp/r-shim.txt"
echo crcvmx-shim-only >>"$tmp/r-shim.txt"
PATH="$tmp/bin:$PATH" expect "a tool no Debian package owns is named" 1 \
	"'crcvmx-shim-only' resolves to $tmp/bin/crcvmx-shim-only, which no Debian package owns" \
	--root "$repo" --tools "$tmp/r-shim.txt"
PATH="$tmp/bin:$PATH" expect "a PATH-first copy no package owns: the system copy is checked" 0 \
	"^ok cmp +diffutils .*PATH's first, $tmp/bin/cmp, is no package's: checked /usr/bin/cmp" \
	--root "$repo" --verbose

# a dependency of a listed package counts only with --allow-dependencies
# (python3-minimal, through python3); by default the owner must be listed
cp "$rt/host-tools.txt" "$tmp/r-py.txt"
echo python3 >>"$tmp/r-py.txt"
printf 'python3\n' >"$tmp/r-py-pk.txt"
expect "a tool from a dependency of a listed package passes with --allow-dependencies" 0 \
	"^ok python3 +python3-minimal \(via python3\)" \
	--root "$repo" --tools "$tmp/r-py.txt" --packages "$tmp/r-py-pk.txt" --verbose --allow-dependencies
expect "... but not by default" 1 \
	"'python3' comes from package python3-minimal, which is not in $tmp/r-py-pk.txt" \
	--root "$repo" --tools "$tmp/r-py.txt" --packages "$tmp/r-py-pk.txt"

# usage
expect "--help exits 0" 0 "^Usage:" --help
expect "an unknown option exits 2" 2 "unknown argument" --bogus
expect "an unreadable list exits 2" 2 "cannot read" --tools "$tmp/none.txt"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
