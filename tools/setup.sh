#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Everything the x86 host needs before building: Debian packages, the Debian
# ppc64el kernel + headers (build/kernel.env) and the guest userland.
# Quick when all of it is already there.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
case "${1:-}" in
-h|--help) echo "Usage: ${0##*/}  installs host packages, fetches kernel and guest userland into the cache"; exit 0 ;;
esac
"$top/tools/setup/install-host-deps.sh"
"$top/tools/vm/fetch-kernel.sh" --env-out "$top/build/kernel.env" >/dev/null
"$top/tools/setup/fetch-ppc64el-sysroot.sh" >/dev/null
