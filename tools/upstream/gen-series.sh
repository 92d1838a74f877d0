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
# The lib/crc/powerpc files as the series leaves them (gen), and as patches 2
# (the crc64 CRCs only) and 3 (crc32c not yet) leave those that change later
# (gen2, gen3: the cores that crc-vpmsum.h declares, the CRCs that a core's
# comment names).
kfiles() { # DIR [--crcs LIST]
	local d=$1
	shift
	python3 "$top/tools/upstream/kernel-files.py" --constgen "$constgen" \
		--consts-script "$scratch/script/scripts/gen-crc-consts.py" --out "$scratch/$d" "$@" >/dev/null
}
kfiles gen
kfiles gen2 --crcs crc64_be,crc64_nvme
kfiles gen3 --crcs crc64_be,crc64_nvme,crc32_le,crc32_be
gen=$scratch/gen/lib/crc/powerpc
gen2=$scratch/gen2/lib/crc/powerpc
gen3=$scratch/gen3/lib/crc/powerpc

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

# 1: the generator's powerpc_vpmsum type
put scripts/gen-crc-consts.py "$scratch/script/scripts/gen-crc-consts.py" 100755
commit 1
# 2: the core; crc64_be and crc64_nvme
for f in crc-vpmsum-core.h crc-vpmsum.h crc64-lsb-vpmsum.c crc64-msb-vpmsum.c \
	crc64-be-vpmsum-consts.h crc64-nvme-vpmsum-consts.h crc64.h; do
	put "$pp/$f" "$gen2/$f"
done
edit 2 Makefile Kconfig
commit 2
# 3: crc32_le and crc32_be (upstream's crc32c_arch() untouched)
for f in crc-vpmsum.h crc32-lsb-vpmsum.c crc32-msb-vpmsum.c crc32-le-vpmsum-consts.h \
	crc32-be-vpmsum-consts.h; do
	put "$pp/$f" "$gen3/$f"
done
edit 3 Makefile Kconfig powerpc/crc32.h
commit 3
# 4: crc32c moves onto the core
for f in crc32-lsb-vpmsum.c crc32c-vpmsum-consts.h crc32.h; do
	put "$pp/$f" "$gen/$f"
done
rmf $pp/crc32c-vpmsum_asm.S
edit 4 Makefile Kconfig
commit 4
# The series' final files are the generator's
for f in "$gen"/*; do
	cmp -s "$f" <(g show "$parent:$pp/${f##*/}") || die "the series leaves $pp/${f##*/} unlike kernel-files.py writes it"
done

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
