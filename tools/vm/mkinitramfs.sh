#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Build the test guest's initramfs: busybox, the in-tree modules the tests
# need (with their dependencies), the project's modules, the kselftests,
# guest programs and the shared libraries of the filesystem tools.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib/common.sh
. "$here/../lib/common.sh"

# In-tree modules the test sets load (dependencies are added automatically).
# The crc32c drivers depend on the kernel line, tcrypt on the configuration
# (set below, once KREL is known).
TREE_MODULES=(crypto_user algif_hash btrfs ext4 xfs dm-integrity brd loop)

usage() {
	cat <<USAGE
Usage: ${0##*/} --kernel-env FILE --sysroot DIR --out FILE [options]
  --kernel-env FILE  kernel.env written by fetch-kernel.sh
  --sysroot DIR      ppc64el userland from tools/setup/fetch-ppc64el-sysroot.sh
  --out FILE         initramfs to write (gzip'ed newc cpio)
  --ko FILE          a project module to add under extra/ (repeatable)
  --ksft DIR         an installed kselftest tree to add as /kselftest
  --bin FILE         a guest program to add to /usr/bin (repeatable)
  --file SRC:DEST    any file, at the absolute guest path DEST (repeatable)
Exit codes: 0 ok, 1 failure, 2 bad usage.
USAGE
}

kenv= sysroot= out= ksft=
kos=() bins=() files=()
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--kernel-env|--sysroot|--out|--ko|--ksft|--bin|--file)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in
		--kernel-env) kenv=$2 ;; --sysroot) sysroot=$2 ;; --out) out=$2 ;;
		--ksft) ksft=$2 ;; --ko) kos+=("$2") ;; --bin) bins+=("$2") ;;
		--file) files+=("$2") ;;
		esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ -n "$kenv" ] && [ -n "$sysroot" ] && [ -n "$out" ] || die 2 "--kernel-env, --sysroot and --out are required (try --help)"
# shellcheck disable=SC1090
. "$kenv"
# add_if_resolvable MODULE...: into the image where this kernel has it.
add_if_resolvable() {
	local m
	for m in "$@"; do
		if modprobe -d "$KROOT" -S "$KREL" --show-depends "$m" >/dev/null 2>&1; then
			TREE_MODULES+=("$m")
		fi
	done
}

# crc32c-generic and crc32c-vpmsum up to 6.13; from 6.17 crc32c-lib in
# crc32c-cryptoapi (as in tools/vm/guest/lib.sh and selftests/crc32c_lib.sh).
if [ "$(echo "$KREL" | awk -F'[.-]' '{ print $1 * 1000 + $2 }')" -le 6016 ]; then
	TREE_MODULES+=(crc32c_generic crc32c-vpmsum)
else
	TREE_MODULES+=(crc32c-cryptoapi)
fi
# The crct10dif and crc64-rocksoft drivers and libraries crc_family_vmx is
# tested with (selftests/crc_family_vmx.sh), and the NVMe driver, up to
# 6.14 (6.15 removed the crypto algorithms), where the kernel has them (the
# debug kernel does not).
if [ "$(echo "$KREL" | awk -F'[.-]' '{ print $1 * 1000 + $2 }')" -le 6014 ]; then
	# nvme: the PCIe NVMe driver whose protection information the kernel's
	# integrity path computes with these libraries
	# (selftests/crc_family_vmx_nvme.sh, run-guest.sh --nvme-pi).
	add_if_resolvable crct10dif_generic crc64_rocksoft_generic crc-t10dif crc64-rocksoft nvme
fi

# tcrypt (crcbench-alg run --backend tcrypt, the crcbench and demo sets):
# Debian's kernels have it (CONFIG_CRYPTO_TEST=m); the debug kernel, which
# runs neither set, does not.
add_if_resolvable tcrypt

stage="$out.d"
rm -rf "$stage"
mkdir -p "$stage"/{bin,sbin,usr/bin,usr/sbin,lib,lib64,etc,root,sets,proc,sys,dev,tmp,mnt}

cp "$sysroot/bin/busybox" "$stage/bin/busybox"
install -m 0755 "$here/guest/init" "$stage/init"
install -m 0755 "$here/guest/timeout" "$stage/usr/bin/timeout"
install -m 0644 "$here/guest/lib.sh" "$stage/sets/lib.sh"
install -m 0644 "$here/guest/mutant-verdict.sh" "$stage/sets/mutant-verdict.sh"
install -m 0755 "$here"/guest/sets/*.sh "$stage/sets/"

# Shared libraries and the filesystem tools (dynamic ppc64el binaries).
cp -a "$sysroot/lib/powerpc64le-linux-gnu" "$stage/lib/"
mkdir -p "$stage/usr/lib"
cp -a "$sysroot/usr/lib/powerpc64le-linux-gnu" "$stage/usr/lib/"
rm -rf "$stage"/usr/lib/powerpc64le-linux-gnu/{*.a,pkgconfig,gconv}
cp -a "$sysroot/lib64/ld64.so.2" "$stage/lib64/" 2>/dev/null ||
	ln -sf /lib/powerpc64le-linux-gnu/ld64.so.2 "$stage/lib64/ld64.so.2"
# btrfs (check, scrub) and e2fsck verify the filesystems' checksums with
# their own crc32c code.
for t in mkfs.btrfs btrfs mke2fs mkfs.ext4 e2fsck mkfs.xfs xfs_repair dmsetup kmod; do
	f=$(find "$sysroot/bin" "$sysroot/sbin" "$sysroot/usr/bin" "$sysroot/usr/sbin" -name "$t" 2>/dev/null | head -n 1)
	[ -n "$f" ] || die "$t not found in $sysroot (re-run tools/setup/fetch-ppc64el-sysroot.sh)"
	cp -a "$f" "$stage/usr/sbin/$t"
done
# mke2fs needs its configuration for "-t ext4".
# kmod's modprobe, under its own name in a directory of its own: the guest's
# modprobe stays busybox's; tests that need modprobe.d softdeps call this one.
mkdir -p "$stage/usr/lib/kmod-compat"
ln -s /usr/sbin/kmod "$stage/usr/lib/kmod-compat/modprobe"
cp "$sysroot/etc/mke2fs.conf" "$stage/etc/" || die "mke2fs.conf missing from $sysroot"
echo 'root:x:0:0:root:/root:/bin/sh' >"$stage/etc/passwd"
echo 'nobody:x:65534:65534:nobody:/nonexistent:/bin/sh' >>"$stage/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$stage/etc/group"

# Modules: the closure of TREE_MODULES, then ours under extra/.
moddir="lib/modules/$KREL"
mkdir -p "$stage/$moddir/extra"
for m in "${TREE_MODULES[@]}"; do
	modprobe -d "$KROOT" -S "$KREL" --show-depends "$m" ||
		die "modprobe cannot resolve $m in $KROOT"
done | awk '$1 == "insmod" { print $2 }' | sort -u | while read -r ko; do
	rel=${ko#"$KROOT"/}
	mkdir -p "$stage/$(dirname "$rel")"
	# 6.12 ships compressed modules; the guest's busybox insmod wants
	# plain ELF, so they go in decompressed (depmod indexes what is there).
	case "$ko" in
	*.ko.xz) xz -dc "$ko" >"$stage/${rel%.xz}" ;;
	*.ko.zst) zstd -qdc "$ko" >"$stage/${rel%.zst}" ;;
	*.ko.gz) gzip -dc "$ko" >"$stage/${rel%.gz}" ;;
	*) cp "$ko" "$stage/$rel" ;;
	esac || die "cannot copy or decompress $ko"
done
cp "$KROOT/$moddir"/modules.{order,builtin,builtin.modinfo} "$stage/$moddir/"
for ko in "${kos[@]}"; do
	[ -s "$ko" ] || die "module $ko not built"
	cp "$ko" "$stage/$moddir/extra/"
done
depmod -b "$stage" "$KREL" || die "depmod failed for the initramfs"

if [ -n "$ksft" ]; then
	[ -x "$ksft/run_kselftest.sh" ] || die "$ksft is not an installed kselftest tree"
	cp -a "$ksft" "$stage/kselftest"
fi
for b in "${bins[@]}"; do
	[ -x "$b" ] || die "guest program $b not built"
	cp "$b" "$stage/usr/bin/"
done

for f in "${files[@]}"; do
	src=${f%%:*} dest=${f#*:}
	case "$dest" in /*) ;; *) die 2 "--file $f: DEST must be an absolute guest path" ;; esac
	[ -f "$src" ] || die "--file $f: $src does not exist"
	mkdir -p "$stage$(dirname "$dest")"
	cp "$src" "$stage$dest"
done

(cd "$stage" && find . | cpio -o -H newc --quiet | gzip -1) >"$out.tmp"
mv "$out.tmp" "$out"
say "initramfs: $out ($(du -h "$out" | cut -f1))"
