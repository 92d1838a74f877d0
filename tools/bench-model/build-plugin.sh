#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Build the insn-interval QEMU plugin (tools/bench-model/plugin) for this
# host. One build command for every user: make bench-model, make run and
# make check's execution lane (tools/vm/execution-lane.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib/common.sh
. "$here/../lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} OUT.so
Compiles tools/bench-model/plugin/insn-interval.c into OUT.so (warnings are
errors). Load it with: qemu-system-ppc64 ... -plugin file=OUT.so,out=FILE
Exit codes: 0 built, 1 the compiler failed or is missing, 2 bad usage.
USAGE
}
case "${1:-}" in -h|--help) usage; exit 0 ;; esac
[ $# -eq 1 ] && [ -n "$1" ] || die 2 "need the output file (try --help)"
command -v gcc >/dev/null || die "gcc not found: run tools/setup.sh (packages in tools/setup/host-packages.txt)"
mkdir -p "$(dirname "$1")"
gcc -O2 -Wall -Wextra -Werror -shared -fPIC -fvisibility=hidden \
	-o "$1" "$here/plugin/insn-interval.c" || die "cannot build the insn-interval plugin ($1)"
