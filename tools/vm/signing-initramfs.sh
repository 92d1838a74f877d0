#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The initramfs of the "signing" guest set (tools/vm/guest/sets/signing.sh):
# the debug kernel's test initramfs plus /signing/, four builds of one
# crc32c_vmx.ko: unsigned.ko (as built), trusted.ko (signed with the key the
# debug kernel trusts), other.ko (signed with the second throwaway key, which
# it does not trust) and tampered.ko (trusted.ko with one byte of the signed
# module changed). Signed with the debug build's own scripts/sign-file and
# the keys build-debug-kernel.sh stored with the kernel (KKEYS in its env).
# The extra files go in a second gzip'ed cpio appended to the first; the
# kernel unpacks both.
#   tools/vm/signing-initramfs.sh --kernel-env build/kernel-debug.env \
#     --initrd build/debug/initramfs.cpio.gz --ko build/debug/src/crc32c_vmx.ko \
#     --out build/signing
#   tools/vm/run-guest.sh --kernel-env build/kernel-debug.env \
#     --initrd build/signing/initramfs.cpio.gz --set signing --append module.sig_enforce=1
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} --kernel-env FILE --initrd FILE --ko FILE --out DIR
  --kernel-env FILE  the debug kernel's env (tools/vm/build-debug-kernel.sh
                     --env-out); its KKEYS names the throwaway keys
  --initrd FILE      the debug kernel's test initramfs (tools/build-guest.sh)
  --ko FILE          crc32c_vmx.ko built for that kernel, unsigned
  --out DIR          writes DIR/{unsigned,trusted,other,tampered}.ko and
                     DIR/initramfs.cpio.gz
Exit codes: 0 ok, 1 failed, 2 bad usage.
USAGE
}
kenv= initrd= ko= out=
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--kernel-env|--initrd|--ko|--out)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in
		--kernel-env) kenv=$2 ;; --initrd) initrd=$2 ;; --ko) ko=$2 ;; --out) out=$2 ;;
		esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ -n "$kenv" ] && [ -n "$initrd" ] && [ -n "$ko" ] && [ -n "$out" ] ||
	die 2 "--kernel-env, --initrd, --ko and --out are required (try --help)"
[ -s "$kenv" ] || die "no $kenv: run tools/vm/build-debug-kernel.sh --env-out $kenv"
# shellcheck disable=SC1090
. "$kenv"
[ -n "${KKEYS:-}" ] && [ -s "$KKEYS/crcvmx-trusted.key" ] && [ -s "$KKEYS/crcvmx-other.key" ] ||
	die "$kenv names no signing keys (KKEYS): it is not a debug kernel with module signatures; rebuild it with tools/vm/build-debug-kernel.sh"
signfile=$KDIR/scripts/sign-file
[ -x "$signfile" ] || die "$signfile missing: the kernel in $kenv was built without CONFIG_MODULE_SIG"
[ -s "$initrd" ] || die "no $initrd: run tools/build-guest.sh --kernel-env $kenv first"
[ -s "$ko" ] || die "no $ko: run tools/build-guest.sh --kernel-env $kenv first"
modinfo -F vermagic "$ko" | grep -q "^$KREL " || die "$ko is not built for $KREL"
# A signed module ends with this marker (include/linux/module_signature.h).
marker='~Module signature appended~'
tail -c 28 "$ko" | grep -qF "$marker" && die "$ko is already signed; give the unsigned build"

mkdir -p "$out"
stage=$out/cpio
rm -rf "$stage"
mkdir -p "$stage/signing"
cp "$ko" "$stage/signing/unsigned.ko"
sign() { # KEYNAME OUT.ko
	cp "$ko" "$2"
	"$signfile" sha256 "$KKEYS/$1.key" "$KKEYS/$1.crt" "$2" ||
		die "sign-file failed with $KKEYS/$1.key"
	tail -c 28 "$2" | grep -qF "$marker" || die "sign-file left $2 without a signature"
}
sign crcvmx-trusted "$stage/signing/trusted.ko"
sign crcvmx-other "$stage/signing/other.ko"
# Change one byte in the middle of the signed part (the ELF body, well
# before the signature at the end).
cp "$stage/signing/trusted.ko" "$stage/signing/tampered.ko"
size=$(stat -c %s "$ko")
pos=$((size / 2))
orig=$(od -A n -t u1 -j "$pos" -N 1 "$ko" | tr -d ' ')
printf '%b' "\\$(printf '%03o' $(((orig + 1) % 256)))" |
	dd of="$stage/signing/tampered.ko" bs=1 seek="$pos" conv=notrunc status=none
cmp -s "$stage/signing/trusted.ko" "$stage/signing/tampered.ko" && die "could not change a byte of tampered.ko"
modinfo -F signer "$stage/signing/trusted.ko" | grep -q 'throwaway module signing key (trusted)' ||
	die "trusted.ko does not name the trusted key as signer"
cp "$stage/signing/"*.ko "$out/"

(cd "$stage" && find signing | cpio -o -H newc --quiet | gzip -1) >"$out/signing.cpio.gz"
cat "$initrd" "$out/signing.cpio.gz" >"$out/initramfs.cpio.gz.tmp"
mv "$out/initramfs.cpio.gz.tmp" "$out/initramfs.cpio.gz"
say "signing: $out/initramfs.cpio.gz (unsigned, trusted, other, tampered builds of crc32c_vmx.ko)"
