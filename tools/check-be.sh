#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# `make check-be`: the big-endian lane, outside make check because its first
# run builds a big-endian kernel (about 26 minutes on a loaded 2-core
# machine), which a cold make check could not also afford inside CI's 90
# minutes. Both modules are built for, loaded into and tested on our own
# big-endian ppc64 (ELFv1) 6.1 kernel on POWER8 and POWER9, and each of the three
# mutants only big-endian can catch must fail it (docs/testing.md, "Big-endian").
# Ends with "N passed, N failed", like make check; exit 0 only if none failed.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
# shellcheck source=lib/common.sh
. tools/lib/common.sh
no_arguments "runs the big-endian lane (make check-be); see docs/testing.md" "$@"
# shellcheck source=lib/accounting.sh
. tools/lib/accounting.sh
tools/setup.sh || die "setup failed (see the messages above)"
acc_reset build/check-be-results.tsv
count_lane be build/be-verdicts.txt tools/vm/bigendian-lane.sh --cpu POWER8,POWER9
for m in be-crc32c-digest-native be-t10dif-digest-le be-crc64-digest-native; do
	count_lane "be-mutant:$m" "build/be-mutant-$m-verdicts.txt" tools/vm/bigendian-lane.sh \
		--mutant "$m" --expect-caught
done
acc_summary
