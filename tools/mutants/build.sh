#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Build a committed mutant of crc32c_vmx.ko, or of crc_family_vmx.ko when
# the patch has the line "Module: crc_family_vmx": a named defect for
# mutation testing, kept as a patch (tools/mutants/<name>.patch) so that the
# production source has no mutant switches. The module sources (Kbuild,
# module/) are copied into OUT/<name>/, the patch is applied there and the
# copy is built with Kbuild, W=1, like tools/build-guest.sh builds the real
# module. A build warning fails it: a mutant must build clean and load, so
# that the tests, not the build, catch it.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/tools/mutants
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"
# shellcheck source=lib.sh
. "$here/lib.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} [--kernel-env FILE | --kdir DIR] [--out DIR] [--patch-dir DIR] NAME|--all
       ${0##*/} --list
Builds the mutant NAME (tools/mutants/NAME.patch) into OUT/NAME/MODULE.ko,
MODULE being crc32c_vmx or the patch's Module: line (crc_family_vmx, built
with CRCVMX_FAMILY_CORES=y).
  --list             print every mutant with its defect and Catch line
  --all              build every mutant
  --kernel-env FILE  kernel to build against (default: build/kernel.env from
                     tools/setup.sh); cross-builds with ARCH=powerpc
                     CROSS_COMPILE=powerpc64le-linux-gnu-, as tools/build-guest.sh
  --kdir DIR         kernel build tree instead (native build; ARCH and
                     CROSS_COMPILE from the environment, as for 'make')
  --out DIR          output directory (default: build/mutants)
  --patch-dir DIR    take NAME.patch from DIR instead of tools/mutants/ (e.g.
                     tools/vm/bigendian/mutants: mutants only a big-endian
                     kernel can catch, kept out of the little-endian lanes)
Exit codes: 0 built, 1 the patch does not apply or the build failed or
warned, 2 bad usage, 3 no kernel to build against.
USAGE
}

names() {
	local p
	for p in "$here"/*.patch; do
		p=${p##*/}
		echo "${p%.patch}"
	done
}

list() {
	local n p
	for n in $(names); do
		p=$here/$n.patch
		printf '%s\n' "$n"
		sed -n 's/^Defect: /  defect: /p; s/^Catch: /  Catch: /p; s/^Module: /  Module: /p' "$p"
	done
}

kenv='' kdir='' out=$top/build/mutants what=() pdir=$here
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--list) list; exit 0 ;;
	--all) mapfile -t what < <(names) ;;
	--kernel-env|--kdir|--out|--patch-dir)
		[ $# -ge 2 ] || die 2 "$1 needs an argument (try --help)"
		case "$1" in
		--kernel-env) kenv=$2 ;; --kdir) kdir=$2 ;; --out) out=$2 ;;
		--patch-dir) pdir=$(cd "$2" 2>/dev/null && pwd) || die 2 "--patch-dir $2: no such directory" ;;
		esac
		shift ;;
	-*) die 2 "unknown option '$1' (try --help)" ;;
	*) what+=("$1") ;;
	esac
	shift
done
[ ${#what[@]} -gt 0 ] || die 2 "name a mutant, --all or --list (try --help)"
[ -z "$kenv" ] || [ -z "$kdir" ] || die 2 "give --kernel-env or --kdir, not both"

arch=(ARCH="${ARCH:-}" CROSS_COMPILE="${CROSS_COMPILE:-}")
if [ -z "$kdir" ]; then
	kenv=${kenv:-$top/build/kernel.env}
	[ -s "$kenv" ] || die 3 "no kernel environment $kenv: run tools/setup.sh (or give --kdir)"
	# shellcheck disable=SC1090
	. "$kenv"
	kdir=$KDIR
	arch=(ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu-)
fi
[ -d "$kdir" ] || die 3 "kernel build tree $kdir not found"
mkdir -p "$out"
out=$(cd "$out" && pwd)

build_one() { # NAME
	local name=$1 patch=$pdir/$1.patch dir=$out/$1 log mod family=()
	[ -s "$patch" ] || die 2 "no mutant '$name' in $pdir (have in tools/mutants: $(names | tr '\n' ' '))"
	mod=$(MUTANT_DIR=$pdir mutant_module "$name")
	case "$mod" in
	crc32c_vmx) ;;
	crc_family_vmx) family=(CRCVMX_FAMILY_CORES=y) ;;
	*) die 2 "mutant '$name': unknown Module: $mod (crc32c_vmx or crc_family_vmx)" ;;
	esac
	rm -rf "$dir"
	mkdir -p "$dir"
	cp -a "$top/Kbuild" "$top/module" "$dir/"
	# Only sources: drop objects a build in the tree may have left in module/.
	find "$dir/module" \( -name '*.o' -o -name '.*.cmd' -o -name '*.mod*' \) -delete
	if ! patch -p1 -d "$dir" --dry-run --batch --fuzz=0 <"$patch" >"$dir/patch.log" 2>&1 ||
		! patch -p1 -d "$dir" --batch --fuzz=0 --no-backup-if-mismatch <"$patch" >"$dir/patch.log" 2>&1; then
		sed 's/^/  /' "$dir/patch.log" >&2
		die 1 "mutant '$name': $patch does not apply to this tree; update the patch"
	fi
	log=$dir/build.log
	if ! make -C "$kdir" "${arch[@]}" W=1 "${family[@]}" M="$dir" modules >"$log" 2>&1; then
		tail -n 30 "$log" >&2
		die 1 "mutant '$name': build failed (log $log)"
	fi
	if grep -qiE '(^|[^a-z_])warning:' "$log"; then
		grep -iE '(^|[^a-z_])warning:' "$log" | head -n 20 >&2
		die 1 "mutant '$name': the build warned (log $log); a mutant must build clean"
	fi
	[ -s "$dir/$mod.ko" ] || die 1 "mutant '$name': no $mod.ko after the build (log $log)"
	say "mutant $name: $dir/$mod.ko"
}

for n in "${what[@]}"; do
	build_one "$n"
done
