#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# gen-series.sh: writes the upstream lib/crc/powerpc series (upstream/*.patch)
# from the project's own sources, its one source of truth: the powerpc_vpmsum
# type of scripts/gen-crc-consts.py (tools/upstream/scripts/, patch 1) and
# the constants headers it writes, the template core
# (tools/upstream/kernel-files.py), the glue
# headers in tools/upstream/kernel/, the edits of files the series changes
# rather than replaces (tools/upstream/edit-tree.py) and the messages in tools/upstream/messages/.
# The commits are made with git plumbing on the cached pristine tree
# (tools/upstream/tree.sh), with fixed identities and dates, so the same
# sources give the same patches byte for byte.
#   --check   writes the series to a scratch directory and fails (exit 1) if
#             it differs from the committed upstream/ (make check runs this)
#   --constgen BIN   the crc-constgen binary (default build/host's)
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"

check=0 constgen="$top/build/host/tools/constgen/crc-constgen"
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) sed -n '3,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	--check) check=1 ;;
	--constgen) [ $# -ge 2 ] || die 2 "--constgen needs a path"; constgen=$2; shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ -x "$constgen" ] || die "no crc-constgen at $constgen: cmake --build build/host --target crc-constgen"

tree=$("$top/tools/upstream/tree.sh")/src
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The kernel's generator with the series' constants type, as patch 1 leaves it
mkdir -p "$scratch/script/scripts"
git -C "$tree" show pristine:scripts/gen-crc-consts.py |
	python3 "$top/tools/upstream/edit-tree.py" 1 gen-crc-consts.py \
	>"$scratch/script/scripts/gen-crc-consts.py" || die "edit-tree.py failed on scripts/gen-crc-consts.py"
python3 "$top/tools/upstream/kernel-files.py" --constgen "$constgen" \
	--consts-script "$scratch/script/scripts/gen-crc-consts.py" --out "$scratch/gen" >/dev/null
gen=$scratch/gen/lib/crc/powerpc

export GIT_INDEX_FILE=$scratch/index
export GIT_AUTHOR_NAME="crc32c-vmx" GIT_AUTHOR_EMAIL="crc32c-vmx@invalid"
export GIT_COMMITTER_NAME="crc32c-vmx" GIT_COMMITTER_EMAIL="crc32c-vmx@invalid"
g() { git -C "$tree" "$@"; }
g read-tree pristine

# put PATH FILE [MODE]: the index entry of PATH gets FILE's content.
put() { g update-index --add --cacheinfo "${3:-100644},$(g hash-object -w "$2"),$1"; }
rmf() { g update-index --force-remove "$1"; }
# edit STEP FILE...: each lib/crc FILE as patch STEP leaves it (edit-tree.py).
edit() {
	local step=$1 f
	shift
	for f in "$@"; do
		g show "pristine:lib/crc/$f" | python3 "$top/tools/upstream/edit-tree.py" "$step" "${f##*/}" \
			>"$scratch/edit" || die "edit-tree.py failed on lib/crc/$f"
		put "lib/crc/$f" "$scratch/edit"
	done
}
pp=lib/crc/powerpc
parent=$(g rev-parse pristine)
commit() { # N: commit the index with messages/N.txt, dated by its number
	local tr
	tr=$(g write-tree)
	parent=$(GIT_AUTHOR_DATE="2026-12-01T00:0$1:00Z" GIT_COMMITTER_DATE="2026-12-01T00:0$1:00Z" \
		g commit-tree "$tr" -p "$parent" -F "$top/tools/upstream/messages/$1.txt")
}
core() { # CRC...: the CRCs' .c and constants files
	local c
	for c in "$@"; do
		put "$pp/$c-vpmsum.c" "$gen/$c-vpmsum.c"
		put "$pp/$c-vpmsum-consts.h" "$gen/$c-vpmsum-consts.h"
	done
}

# 1: the generator's powerpc_vpmsum type
put scripts/gen-crc-consts.py "$scratch/script/scripts/gen-crc-consts.py" 100755
commit 1
# 2: the core, crc32_le, crc32_be (upstream's crc32c_arch() untouched)
put $pp/crc-vpmsum-core.h "$gen/crc-vpmsum-core.h"
put $pp/crc-vpmsum.h "$gen/crc-vpmsum.h"
core crc32-le crc32-be
edit 2 Makefile Kconfig powerpc/crc32.h
commit 2
# 3: crc32c moves onto the core
core crc32c
put $pp/crc32.h "$gen/crc32.h"
rmf $pp/crc32c-vpmsum_asm.S
edit 3 Makefile Kconfig
commit 3
# 4: crc_t10dif moves onto the core; the old template has no user left
core crc-t10dif
put $pp/crc-t10dif.h "$gen/crc-t10dif.h"
rmf $pp/crct10dif-vpmsum_asm.S
rmf $pp/crc-vpmsum-template.S
edit 4 Makefile Kconfig
commit 4
# 5: crc64_be, crc64_nvme
core crc64-be crc64-nvme
put $pp/crc64.h "$gen/crc64.h"
edit 5 Makefile Kconfig
commit 5

mkdir -p "$scratch/out"
# A fixed abbreviation (the kernel's 12): git's default grows with the
# number of objects in the repository, which differs between machines.
g -c core.abbrev=12 format-patch -q --zero-commit --no-signature --subject-prefix=PATCH -n --cover-letter \
	-o "$scratch/out" "pristine..$parent" >/dev/null
# The cover letter: its subject and text from messages/0.txt, its date fixed.
python3 - "$scratch/out"/0000-cover-letter.patch "$top/tools/upstream/messages/0.txt" <<'PY'
import re, sys
path, msg = sys.argv[1], open(sys.argv[2]).read()
subject, blurb = msg.split("\n", 1)
text = open(path).read()
text = re.sub(r"^Date: .*$", "Date: Tue, 1 Dec 2026 00:00:00 +0000", text, count=1, flags=re.M)
for old, new in (("*** SUBJECT HERE ***", subject), ("*** BLURB HERE ***\n", blurb.lstrip("\n"))):
    if text.count(old) != 1:
        sys.exit("gen-series.sh: the cover letter has no single %r" % old)
    text = text.replace(old, new)
open(path, "w").write(text)
PY
if [ "$check" -eq 1 ]; then
	if diff -r "$top/upstream" "$scratch/out" >"$scratch/diff"; then
		say "upstream/ matches the generator ($(ls "$scratch/out" | wc -l) patches)"
		exit 0
	fi
	say "upstream/ is stale: run tools/upstream/gen-series.sh and commit upstream/. Differences:"
	head -n 40 "$scratch/diff" >&2
	exit 1
fi
rm -f "$top"/upstream/*.patch
mkdir -p "$top/upstream"
cp "$scratch"/out/*.patch "$top/upstream/"
ls "$top"/upstream/*.patch
