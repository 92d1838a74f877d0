#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# pointer-cost.sh: what passing the constants by pointer costs per call
# (issue 4.1 item 2). The series has one core per width and bit order, which
# takes its CRC's constants by pointer; v1 had one core per CRC, with the
# constants at a fixed address. Both are built here from the same template
# (the series' files that the host build writes, build/host's upstream-gen)
# for crc32c and crc64_nvme, called from tools/upstream/pointer-cost/ under
# qemu-ppc64le (POWER8) with the insn-interval plugin, and counted per call
# at crc_kunit's lengths from 16 bytes (a core takes no fewer), at an odd
# address. Prints a table (length, then fixed / pointer / difference per
# CRC). The counts are of the core call alone: no glue, no vector section;
# instructions, not cycles.
#   --build DIR   the host CMake build (default build/host)
#   --check       print make check's verdict instead of the table:
#                 PASS|FAIL <TAB> name [<TAB> why], exit 1 if the pointer costs
#                 more than the fixed address at any length, for either CRC
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"

build=$top/build/host check=0
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) sed -n '3,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	--check) check=1 ;;
	--build) [ $# -ge 2 ] || die 2 "--build needs a directory"; build=$2; shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
up=$build/tools/vmx-harness/upstream-gen/lib/crc/powerpc
[ -f "$up/crc32-lsb-vpmsum.c" ] ||
	die "no series files in $up: cmake --build $build --target upstream-harness-ppc64le-cross"
for t in powerpc64le-linux-gnu-gcc qemu-ppc64le gcc; do
	command -v "$t" >/dev/null || die "$t not found: run tools/setup.sh"
done

src=$top/tools/upstream/pointer-cost
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
"$top/tools/bench-model/build-plugin.sh" "$w/insn-interval.so" >&2
cflags=(-O2 -static -std=gnu11 -Wall -Wextra -Werror -mcpu=power8 -maltivec -mno-vsx
	-mhard-float -I"$src" -I"$up" -I"$top/tools/vmx-harness"
	-I"$top/tools/vmx-harness/kernel-shim")
cc=powerpc64le-linux-gnu-gcc
$cc "${cflags[@]}" -c "$src/fixed_cores.c" -o "$w/fixed32.o"
$cc "${cflags[@]}" -DFIXED_CRC64 -c "$src/fixed_cores.c" -o "$w/fixed64.o"
$cc "${cflags[@]}" "$src/pointer_cost.c" "$up/crc32-lsb-vpmsum.c" "$up/crc64-lsb-vpmsum.c" \
	"$w/fixed32.o" "$w/fixed64.o" -o "$w/pointer-cost"
qemu-ppc64le -cpu power8 -plugin "$w/insn-interval.so,out=$w/intervals" "$w/pointer-cost" >"$w/order"

python3 - "$w/order" "$w/intervals" "$check" <<'PY'
import re, statistics, sys
check = sys.argv[3] == "1"
order = [l.split() for l in open(sys.argv[1])]
counts = [int(m.group(1)) for m in re.finditer(r"^interval .*?insns=(\d+)", open(sys.argv[2]).read(), re.M)]
if len(order) != len(counts):
    sys.exit("pointer-cost.sh: %d calls but %d intervals" % (len(order), len(counts)))
per = {}
for (name, length), n in zip(order, counts):
    per.setdefault((name, int(length)), []).append(n)
lengths = sorted({l for _, l in per})
if check:
    name = "constants by pointer cost no more than at a fixed address (qemu-user count)"
    worse = ["%s at %d B: %d against %d" % (crc, l, statistics.median(per[(crc + "_pointer", l)]),
                                            statistics.median(per[(crc + "_fixed", l)]))
             for crc in ("crc32c", "crc64_nvme") for l in lengths
             if statistics.median(per[(crc + "_pointer", l)]) > statistics.median(per[(crc + "_fixed", l)])]
    if worse:
        print("FAIL\t%s\t%s" % (name, "; ".join(worse)))
        sys.exit(1)
    print("PASS\t%s" % name)
    sys.exit(0)
print("| length | crc32c fixed | pointer | difference | crc64_nvme fixed | pointer | difference |")
print("|---:|---:|---:|---:|---:|---:|---:|")
for l in lengths:
    row = [str(l)]
    for crc in ("crc32c", "crc64_nvme"):
        f = statistics.median(per[(crc + "_fixed", l)])
        p = statistics.median(per[(crc + "_pointer", l)])
        row += ["%d" % f, "%d" % p, "%+d" % (p - f)]
    print("| " + " | ".join(row) + " |")
PY
