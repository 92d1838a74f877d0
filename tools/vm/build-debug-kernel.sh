#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Cross-build one of the project's own kernels from a Debian linux-source
# package, configured as allnoconfig plus a fragment. --flavour picks which:
#   debug  tools/vm/debug-kernel.config, ppc64le: a small pseries guest with
#          PREEMPT, lockdep, DEBUG_ATOMIC_SLEEP, kmemleak, the crypto
#          self-tests and module signatures (the default)
#   be     tools/vm/be-kernel.config, big-endian ppc64 (ELFv1), built with
#          powerpc64-linux-gnu-: the crypto self-tests, the CRC drivers and
#          libraries, no signatures (tools/vm/bigendian-lane.sh)
#   5.10   tools/vm/kernel-5.10.config, ppc64le from Debian 11's
#          linux-source-5.10 (5.10.223-1, bullseye's last point release,
#          fetched through a private bullseye apt configuration): the 5.x
#          enterprise generation's stand-in (tools/check-5x.sh)
# debug and be build the linux-source-6.1 version named by build/kernel.env.
# cached under
#   $CRCVMX_CACHE/<debug-kernel|be-kernel>/<key>/
#     src/                      the full source tree          (KSRC)
#     build/                    the O= build tree, Module.symvers (KDIR);
#                               build/scripts/sign-file signs modules
#     keys/                     (signing flavours only) throwaway signing keys made
#                               for this build (KKEYS):
#                               crcvmx-trusted.{key,crt} (compiled into the
#                               kernel's trusted keys), crcvmx-other.{key,crt}
#                               (trusted by nothing)
#     root/boot/vmlinux-<KREL>  the kernel the runner boots   (VMLINUX)
#     root/lib/modules/<KREL>/  modules_install + depmod      (KROOT)
#     build.log, build-seconds, kernel.env
# <key> is a hash of the Debian version, the config fragment, this script and
# the cross compiler, so changing any of them builds anew (for every flavour). kernel.env is
# written last, after the tree has been renamed into place and an external
# module has been built against it: a directory without it is not a result.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$here/../lib/common.sh"

flavour=debug
kenv_in="$top/build/kernel.env"
env_out=
jobs=2

usage() {
	cat <<USAGE
Usage: ${0##*/} [--flavour debug|be|5.10] [--env-out FILE] [--kernel-env FILE] [--jobs N] [--help]
Builds (or finds in the cache) a pseries kernel from Debian's linux-source-6.1
(or, with --flavour 5.10, Debian 11's linux-source-5.10) and writes a kernel.env describing it (KVER, KREL, KROOT, KDIR, VMLINUX, KSRC;
KKEYS, the throwaway signing keys, for the debug kernel), usable wherever the
Debian kernel's env is, e.g.
  tools/vm/run-guest.sh --kernel-env build/kernel-debug.env ...
  --flavour F        debug (default): ppc64le debug kernel (debug-kernel.config);
                     be: big-endian ppc64 ELFv1 kernel (be-kernel.config);
                     5.10: ppc64le 5.10.223 kernel (kernel-5.10.config)
  --env-out FILE     also copy the kernel.env to FILE (e.g. build/kernel-debug.env)
  --kernel-env FILE  the Debian kernel.env whose KVER picks the source version
                     (default: build/kernel.env, written by tools/setup.sh)
  --jobs N           parallel make jobs (default 2)
Cache: $CRCVMX_CACHE/debug-kernel/<key>/, be-kernel/<key>/, kernel-5.10/<key>/ (set CRCVMX_CACHE
to move it). A cold build takes tens of minutes on two cores; a cached one
seconds.
Exit codes: 0 ok, 1 build or verification failed, 2 bad usage.
USAGE
}
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--env-out|--kernel-env|--jobs|--flavour)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in
		--env-out) env_out=$2 ;; --kernel-env) kenv_in=$2 ;; --jobs) jobs=$2 ;;
		--flavour) flavour=$2 ;;
		esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || die 2 "--jobs needs a positive number, not '$jobs'"

# What differs between the flavours: fragment, compiler, cache directory,
# the ELF the vmlinux must be, the modules the tests need from the tree,
# and whether the build carries module signing keys.
case "$flavour" in
debug)
	CROSS=powerpc64le-linux-gnu-
	FRAGMENT="$here/debug-kernel.config"
	label="debug kernel"
	cachename=debug-kernel
	elf_want='ELF 64-bit LSB.*PowerPC'
	elf_what="little-endian 64-bit PowerPC ELF"
	need_mods="crc32c-vpmsum crc32c_generic libcrc32c algif_hash crypto_user btrfs ext4 jbd2 xfs brd loop dm-integrity"
	signing=1
	srcpkg=linux-source-6.1
	;;
be)
	CROSS=powerpc64-linux-gnu-
	FRAGMENT="$here/be-kernel.config"
	label="big-endian kernel"
	cachename=be-kernel
	elf_want='ELF 64-bit MSB.*PowerPC'
	elf_what="big-endian 64-bit PowerPC ELF"
	need_mods="crc32c-vpmsum crc32c_generic algif_hash crypto_user crct10dif_generic crct10dif-vpmsum crc64_rocksoft_generic crc-t10dif crc64-rocksoft"
	signing=0
	srcpkg=linux-source-6.1
	;;
5.10)
	CROSS=powerpc64le-linux-gnu-
	FRAGMENT="$here/kernel-5.10.config"
	label="5.10 kernel"
	cachename=kernel-5.10
	elf_want='ELF 64-bit LSB.*PowerPC'
	elf_what="little-endian 64-bit PowerPC ELF"
	need_mods="crc32c-vpmsum crc32c_generic libcrc32c algif_hash crypto_user crct10dif_generic crct10dif-vpmsum crc-t10dif btrfs ext4 jbd2 xfs brd loop dm-integrity nvme"
	signing=0
	srcpkg=linux-source-5.10
	;;
*) die 2 "--flavour must be debug, be or 5.10, not '$flavour'" ;;
esac

t0=$(date +%s)

# The Debian version to build: 6.1's comes from the Debian kernel's env;
# 5.10's is bullseye's last point release (frozen: the archive keeps it).
if [ "$srcpkg" = linux-source-5.10 ]; then
	KVER=5.10.223-1
	private_apt bullseye amd64
else
	[ -s "$kenv_in" ] || die "no $kenv_in: run tools/setup.sh first (it writes build/kernel.env), or pass --kernel-env"
	KVER=$(sed -n 's/^KVER=//p' "$kenv_in")
	[ -n "$KVER" ] || die "$kenv_in has no KVER= line; regenerate it with tools/vm/fetch-kernel.sh --env-out $kenv_in"
fi
[ -s "$FRAGMENT" ] || die "config fragment $FRAGMENT is missing (it belongs to the repository: git checkout it)"

command -v "${CROSS}gcc" >/dev/null ||
	die "${CROSS}gcc not found: run tools/setup/install-host-deps.sh (package gcc-${CROSS%-})"
for tool in make flex bison bc perl depmod xz dpkg-deb flock openssl; do
	command -v "$tool" >/dev/null ||
		die "'$tool' not found, the kernel build needs it: run tools/setup/install-host-deps.sh (see tools/setup/host-packages.txt)"
done

# Cache key: what decides the result. The compiler is part of it because
# modules must be built with the kernel's compiler.
key=$({
	echo "KVER=$KVER"
	"${CROSS}gcc" --version | head -n 1
	sha256sum <"$FRAGMENT"
	sha256sum <"${BASH_SOURCE[0]}"
} | sha256sum | cut -c1-12)
cache="$CRCVMX_CACHE/$cachename"
dest="$cache/$key"
mkdir -p "$cache"

finish() {
	local envf=$1 how=$2
	if [ -n "$env_out" ]; then
		mkdir -p "$(dirname "$env_out")"
		cp "$envf" "$env_out"
	fi
	local cold warm
	cold=$(cat "$dest/build-seconds" 2>/dev/null || echo '?')
	warm=$(( $(date +%s) - t0 ))
	say "$label: $how in ${warm}s (cold build took ${cold}s); $dest"
	[ -z "$env_out" ] || say "$label: env written to $env_out"
	grep -v '^#' "$envf"
}

# Fast path: a finished result (kernel.env is written last).
if [ -s "$dest/kernel.env" ]; then
	finish "$dest/kernel.env" "cache hit"
	exit 0
fi

# One kernel build at a time on this machine: it takes both cores, and two
# runs for the same key must not race. Waiting here is normal. (The lock is
# the debug kernel's for every flavour.)
lock="$CRCVMX_CACHE/debug-kernel/.build.lock"
mkdir -p "${lock%/*}"
exec 8>"$lock"
if ! flock -n 8; then
	say "$label: another build is running; waiting for it (lock $lock)"
	flock 8
fi
# The build we waited for may have produced what we want.
if [ -s "$dest/kernel.env" ]; then
	finish "$dest/kernel.env" "cache hit (built by a concurrent run)"
	exit 0
fi
# Leftovers of interrupted runs for this key (we hold the lock, so no run owns
# them): a half-finished tree, or one renamed into place but never verified.
rm -rf "$cache/.tmp-$key-"* "$dest"

srcdeb=$(fetch_deb "$srcpkg=$KVER")
tmp="$cache/.tmp-$key-$$"
log="$cache/build-$key.log"
make_pid=
cleanup() {
	if [ -n "$make_pid" ] && kill -0 "$make_pid" 2>/dev/null; then
		kill "$make_pid" 2>/dev/null || true
		wait "$make_pid" 2>/dev/null || true
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT
mkdir -p "$tmp/src" "$tmp/build" "$tmp/root/boot"
: >"$log"

say "$label: key $key (Debian $KVER, $(basename "$FRAGMENT"), ${0##*/}); building in $tmp"
say "$label: extracting $srcpkg $KVER"
dpkg-deb --fsys-tarfile "$srcdeb" | tar -xO --wildcards "*/$srcpkg.tar.xz" |
	tar -xJ -C "$tmp/src" --strip-components=1 ||
	die "cannot unpack the kernel source from $srcdeb (corrupt download? delete it and re-run)"
if [ ! -s "$tmp/src/Makefile" ] || [ ! -d "$tmp/src/arch/powerpc" ]; then
	die "$srcdeb did not contain a kernel source tree in $srcpkg.tar.xz"
fi

KMAKE=(make -C "$tmp/src" O="$tmp/build" ARCH=powerpc CROSS_COMPILE="$CROSS")

# Throwaway module signing keys (test only: the private keys sit in the
# cache). The fragment's CONFIG_SYSTEM_TRUSTED_KEYS names the trusted one's
# certificate; the other one must be refused by the kernel.
# new_key NAME ROLE: keys/NAME.key (RSA private key) and keys/NAME.crt.
new_key() {
	mkdir -p "$tmp/keys"
	cat >"$tmp/keys/$1.cnf" <<CNF
[ req ]
distinguished_name = subject
prompt = no
x509_extensions = usage
[ subject ]
O = crc32c-vmx tests
CN = crc32c-vmx throwaway module signing key ($2)
[ usage ]
basicConstraints = critical,CA:FALSE
keyUsage = digitalSignature
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
CNF
	openssl req -new -x509 -newkey rsa:2048 -nodes -utf8 -sha256 -days 36500 -batch \
		-config "$tmp/keys/$1.cnf" -keyout "$tmp/keys/$1.key" -out "$tmp/keys/$1.crt" \
		>>"$log" 2>&1 || die "openssl could not make the signing key $1; see $log"
}
if [ "$signing" -eq 1 ]; then
	say "$label: generating throwaway module signing keys (trusted and other)"
	new_key crcvmx-trusted trusted
	new_key crcvmx-other "not trusted"
fi

say "$label: configuring (allnoconfig + $(basename "$FRAGMENT"))"
"${KMAKE[@]}" KCONFIG_ALLCONFIG="$FRAGMENT" allnoconfig >>"$log" 2>&1 ||
	die "configuration failed; see $log"
# Every line of the fragment must hold in the result: Kconfig silently drops
# symbols whose dependencies are missing, and a silently missing debug option
# would make the lane test less than it claims.
bad=()
while IFS= read -r line; do
	case "$line" in
	CONFIG_*=*)
		grep -qxF "$line" "$tmp/build/.config" || bad+=("$line (got: $(grep -E "^(# )?${line%%=*}[= ]" "$tmp/build/.config" || echo 'absent'))") ;;
	"# CONFIG_"*" is not set")
		sym=${line#\# }
		sym=${sym%% *}
		! grep -q "^$sym=" "$tmp/build/.config" || bad+=("$line (got: $(grep "^$sym=" "$tmp/build/.config"))") ;;
	esac
done <"$FRAGMENT"
if [ ${#bad[@]} -gt 0 ]; then
	printf '  not honoured: %s\n' "${bad[@]}" >&2
	die "Kconfig did not keep ${#bad[@]} line(s) of $FRAGMENT (a dependency is missing or a symbol was renamed); fix the fragment"
fi

say "$label: compiling vmlinux and modules (nice, -j$jobs); log: $log"
build_start=$(date +%s)
nice -n 10 "${KMAKE[@]}" -j"$jobs" vmlinux modules >>"$log" 2>&1 &
make_pid=$!
last=$build_start
while kill -0 "$make_pid" 2>/dev/null; do
	sleep 5
	now=$(date +%s)
	if [ $((now - last)) -ge 60 ]; then
		last=$now
		n=$(grep -c '^  CC' "$log" || true)
		cur=$(grep -E '^  (CC|LD|AR|AS)' "$log" | tail -n 1 | sed 's/^ *//; s/  */ /g')
		say "$label: $(( (now - build_start) / 60 )) min, $n files compiled, at: ${cur:-starting}"
	fi
done
rc=0
wait "$make_pid" || rc=$?
make_pid=
if [ "$rc" -ne 0 ]; then
	grep -E 'error|Error' "$log" | tail -n 8 >&2 || true
	die "kernel build failed (make exit $rc); full log: $log"
fi
build_secs=$(( $(date +%s) - build_start ))

KREL=$("${KMAKE[@]}" -s kernelrelease)
[ -n "$KREL" ] || die "cannot read the kernel release from the build tree"
say "$label: $KREL compiled in ${build_secs}s; installing modules"
"${KMAKE[@]}" INSTALL_MOD_PATH="$tmp/root" INSTALL_MOD_STRIP=1 modules_install >>"$log" 2>&1 ||
	die "modules_install failed; see $log"
moddir="$tmp/root/lib/modules/$KREL"
# modules_install links build/ and source/ by absolute path (the temporary
# one); point them at the trees relatively, so they survive the rename.
rm -f "$moddir/build" "$moddir/source"
ln -s ../../../../build "$moddir/build"
ln -s ../../../../src "$moddir/source"
depmod -b "$tmp/root" "$KREL" || die "depmod failed on $tmp/root"
cp "$tmp/build/vmlinux" "$tmp/root/boot/vmlinux-$KREL"
cp "$tmp/build/System.map" "$tmp/root/boot/System.map-$KREL"
cp "$tmp/build/.config" "$tmp/root/boot/config-$KREL"

# Verify the product before it can look finished.
file -b "$tmp/root/boot/vmlinux-$KREL" | grep -q "$elf_want" ||
	die "the built vmlinux is not a $elf_what: $(file -b "$tmp/root/boot/vmlinux-$KREL")"
[ -s "$tmp/build/Module.symvers" ] || die "Module.symvers missing from the build tree; external modules could not be built"
for m in $need_mods; do
	grep -q "/$m.ko[^/]*:" "$moddir/modules.dep" ||
		die "module $m missing from $moddir (check $(basename "$FRAGMENT"))"
done
# Our certificate is the kernel's extra trusted key (x509_certificate_list
# holds exactly the CONFIG_SYSTEM_TRUSTED_KEYS certificates, in DER), and the
# build has the signing tool.
if [ "$signing" -eq 1 ]; then
	openssl x509 -in "$tmp/keys/crcvmx-trusted.crt" -outform DER -out "$tmp/keys/crcvmx-trusted.der" ||
		die "cannot convert $tmp/keys/crcvmx-trusted.crt to DER"
	cmp -s "$tmp/keys/crcvmx-trusted.der" "$tmp/build/certs/x509_certificate_list" ||
		die "the kernel's built-in certificate list is not our trusted certificate (CONFIG_SYSTEM_TRUSTED_KEYS ignored?)"
	[ -x "$tmp/build/scripts/sign-file" ] || die "scripts/sign-file was not built (CONFIG_MODULE_SIG off?)"
fi
if [ ! -x "$tmp/src/scripts/checkpatch.pl" ] || [ ! -e "$tmp/src/tools/testing/selftests/kselftest.h" ]; then
	die "the source tree lacks checkpatch.pl or the kselftest framework"
fi
cp "$log" "$tmp/build.log"
echo "$build_secs" >"$tmp/build-seconds"

# Into place. The O= tree records its source by absolute path (Makefile,
# source link): repoint both at the final location.
mv "$tmp" "$dest"
sed -i "s|$tmp/src|$dest/src|g" "$dest/build/Makefile"
ln -sfn "$dest/src" "$dest/build/source"

# An external module must build against the tree at its final path.
probe="$dest/.probe"
rm -rf "$probe"
mkdir -p "$probe"
cat >"$probe/probe.c" <<'C'
// SPDX-License-Identifier: GPL-2.0-only
#include <linux/module.h>
static int __init probe_init(void) { return 0; }
static void __exit probe_exit(void) { }
module_init(probe_init);
module_exit(probe_exit);
MODULE_LICENSE("GPL");
C
echo 'obj-m := probe.o' >"$probe/Kbuild"
make -C "$dest/build" M="$probe" ARCH=powerpc CROSS_COMPILE="$CROSS" modules >"$probe/make.log" 2>&1 ||
	die "an external module does not build against $dest/build (see $probe/make.log); delete $dest and re-run"
modinfo -F vermagic "$probe/probe.ko" | grep -q "^$KREL " ||
	die "the probe module's vermagic is not $KREL; delete $dest and re-run"
file -b "$probe/probe.ko" | grep -q "$elf_want" ||
	die "the probe module is not a $elf_what: $(file -b "$probe/probe.ko")"
if [ "$signing" -eq 1 ]; then
	"$dest/build/scripts/sign-file" sha256 "$dest/keys/crcvmx-trusted.key" "$dest/keys/crcvmx-trusted.crt" \
		"$probe/probe.ko" || die "scripts/sign-file cannot sign a module with $dest/keys/crcvmx-trusted.key"
	modinfo -F signer "$probe/probe.ko" | grep -q 'throwaway module signing key (trusted)' ||
		die "the probe module signed with our key does not name it as signer (modinfo -F signer)"
fi
rm -rf "$probe"

cat >"$dest/kernel.env.tmp" <<ENV
# Generated by tools/vm/build-debug-kernel.sh; do not edit.
KVER=$KVER
KREL=$KREL
KROOT=$dest/root
KDIR=$dest/build
VMLINUX=$dest/root/boot/vmlinux-$KREL
KSRC=$dest/src
ENV
[ "$signing" -eq 0 ] || echo "KKEYS=$dest/keys" >>"$dest/kernel.env.tmp"
mv "$dest/kernel.env.tmp" "$dest/kernel.env"
trap - EXIT
finish "$dest/kernel.env" "built"
