#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Host test of what the crc32c-vmx-dkms and crc-family-vmx-dkms packages do
# before a POWER system boots, against Debian's ppc64el kernel tree
# (build/kernel.env):
#   - DKMS (the host's dkms, in scratch trees) adds each package's source and
#     builds crc32c_vmx.ko, and crc_family_vmx.ko, for that kernel,
#     cross-compiled, each package its own module only; for a non-POWER
#     architecture it declines (BUILD_EXCLUSIVE_ARCH), and crc-family-vmx for
#     a kernel without the crct10dif and crc64-rocksoft crypto algorithms
#     (BUILD_EXCLUSIVE_CONFIG, as on 6.15 and later); with --dist, both
#     built from `make dist`'s tarballs unpacked as /usr/src would have them;
#   - mkinitramfs (Debian's initramfs-tools-core, unpacked, not installed)
#     with the package's hook puts crc32c_vmx into the image and into
#     conf/modules, which the image's init loads before the root filesystem
#     is mounted; the image also holds the modprobe.d soft dependency;
#   - for a kernel without the module the hook warns, and the image is still
#     built, without it;
#   - the same two with dracut (dracut-core, unpacked): force_drivers puts
#     the module in with rd.driver.pre=crc32c_vmx.
# mkinitramfs reads /lib/modules/<kernel> and /usr/share/initramfs-tools
# at fixed paths: both tools run in a private mount namespace (unshare -m) where
# overlays put the ppc64el kernel's modules and the unpacked initramfs-tools
# there; the host's own files are not changed.
# Prints one verdict line per check (PASS<TAB>name / FAIL<TAB>name<TAB>why).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"
# shellcheck source=lib.sh
. "$top/tools/deb/lib.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} --deb FILE --deb FILE [--dist FILE --dist FILE] [--kernel-env FILE] [--work DIR]
  --deb FILE         crc32c-vmx-dkms_<version>_all.deb and
                     crc-family-vmx-dkms_<version>_all.deb (make deb), both
  --dist FILE        also build from crc32c-vmx-<version>.tar.gz and
                     crc-family-vmx-<version>.tar.gz (make dist), both
  --kernel-env FILE  the ppc64el kernel (default build/kernel.env, tools/setup.sh)
  --work DIR         scratch directory (default build/early-boot; emptied)
Exit codes: 0 all checks passed, 1 a check failed, 2 bad usage.
USAGE
}
debs=() dists=() kenv=$top/build/kernel.env work=$top/build/early-boot
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--deb|--dist|--kernel-env|--work)
		[ $# -ge 2 ] || die 2 "$1 needs an argument"
		case "$1" in
		--deb) debs+=("$2") ;; --dist) dists+=("$2") ;; --kernel-env) kenv=$2 ;; --work) work=$2 ;;
		esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ ${#debs[@]} -eq 2 ] || die 2 "--deb is required twice, the two DKMS packages (try --help)"
[ ${#dists[@]} -eq 0 ] || [ ${#dists[@]} -eq 2 ] || die 2 "--dist takes both tarballs or none (try --help)"
pick_dkms_debs "${debs[@]}"
for f in "${dists[@]}"; do
	[ -s "$f" ] || die "no $f: run make dist"
done
[ -s "$kenv" ] || die "no $kenv: run tools/setup.sh"
# shellcheck disable=SC1090
. "$kenv"
for tool in dkms unshare depmod modinfo cpio; do
	command -v "$tool" >/dev/null || die "'$tool' not found: run tools/setup/install-host-deps.sh"
done

# expect NAME WHY COMMAND...: a verdict on COMMAND's success.
expect() {
	local name=$1 why=$2
	shift 2
	if "$@"; then verdict "$name" 0; else verdict "$name" 1 "$why"; fi
}

rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
# Both packages unpacked into one tree: /usr/src holds both sources.
dpkg-deb -x "$deb" "$work/pkg"
dpkg-deb -x "$fdeb" "$work/pkg"
ver=$(dpkg-deb -f "$deb" Version)

# --- DKMS, in scratch trees, cross-compiling (make takes ARCH and
# CROSS_COMPILE from the environment) ---------------------------------------
# dkms_build TREE SRC PKG [KSRC]: dkms add PKG/$ver from the source tree SRC
# (what /usr/src would be) into the scratch DKMS tree $work/TREE, and build
# it for $KREL against KSRC (default $KDIR); log $work/TREE-PKG.log.
dkms_build() {
	local dkms_cmd=(dkms --dkmstree "$work/$1" --sourcetree "$2" --installtree "$work/$1-installed")
	mkdir -p "$work/$1" "$work/$1-installed"
	{ [ -d "$work/$1/$3/$ver" ] || "${dkms_cmd[@]}" add "$3/$ver"; } >>"$work/$1-$3.log" 2>&1 &&
	ARCH=powerpc CROSS_COMPILE=powerpc64le-linux-gnu- "${dkms_cmd[@]}" build "$3/$ver" \
		-k "$KREL" -a ppc64le --kernelsourcedir "${4:-$KDIR}" >>"$work/$1-$3.log" 2>&1
}
# built TREE PKG MOD: DKMS built MOD.ko for $KREL in TREE; the module's path.
built() {
	local f=$work/$1/$2/$ver/$KREL/ppc64le/module/$3.ko
	[ -s "$f" ] && modinfo -F vermagic "$f" | grep -q "^$KREL " && echo "$f"
}
# only_module TREE PKG MOD: the build of PKG linked MOD.ko and no other
# module (each package's dkms.conf tells the shared Kbuild which; DKMS
# empties the build directory afterwards, its make.log stays).
only_module() {
	[ "$(sed -n 's|^ *LD \[M\] *.*/\([^/]*\.ko\)$|\1|p' \
		"$work/$1/$2/$ver/$KREL/ppc64le/log/make.log" 2>/dev/null)" = "$3.ko" ]
}

ko=
if dkms_build dkms "$work/pkg/usr/src" crc32c-vmx && ko=$(built dkms crc32c-vmx crc32c_vmx); then
	verdict "dkms builds crc32c_vmx from the package for Debian's kernel" 0
else
	verdict "dkms builds crc32c_vmx from the package for Debian's kernel" 1 "see $work/dkms-crc32c-vmx.log"
fi
if dkms_build dkms "$work/pkg/usr/src" crc-family-vmx && built dkms crc-family-vmx crc_family_vmx >/dev/null; then
	verdict "dkms builds crc_family_vmx from crc-family-vmx-dkms for Debian's kernel" 0
else
	verdict "dkms builds crc_family_vmx from crc-family-vmx-dkms for Debian's kernel" 1 "see $work/dkms-crc-family-vmx.log"
fi
expect "each DKMS package builds only its own module" \
	"a package's build linked another module too (grep 'LD \[M\].*\.ko' $work/dkms/*/$ver/$KREL/ppc64le/log/make.log)" \
	eval 'only_module dkms crc32c-vmx crc32c_vmx && only_module dkms crc-family-vmx crc_family_vmx'

# dkms exits 77 when BUILD_EXCLUSIVE_* excludes the kernel or architecture.
# declined PKG WHY [dkms build arguments]: that happens for PKG, added to a
# DKMS tree of its own (in the first one it is built already, which dkms
# reports before anything else).
declined() {
	local pkg=$1 why=$2 xrc
	local dkms_cmd=(dkms --dkmstree "$work/declined" --sourcetree "$work/pkg/usr/src"
		--installtree "$work/declined-installed")
	shift 2
	mkdir -p "$work/declined" "$work/declined-installed"
	set +e
	{ [ -d "$work/declined/$pkg/$ver" ] || "${dkms_cmd[@]}" add "$pkg/$ver"; } >"$work/declined-$pkg.log" 2>&1
	"${dkms_cmd[@]}" build "$pkg/$ver" -k "$KREL" "$@" >>"$work/declined-$pkg.log" 2>&1
	xrc=$?
	set -e
	[ "$xrc" -eq 77 ] && grep -q "$why" "$work/declined-$pkg.log" && return 0
	echo "dkms exit $xrc, not 77 with '$why' (see $work/declined-$pkg.log)" >&2
	return 1
}
expect "dkms declines to build crc32c_vmx for x86_64 (BUILD_EXCLUSIVE_ARCH)" \
	"dkms did not decline (see $work/declined-crc32c-vmx.log)" \
	declined crc32c-vmx BUILD_EXCLUSIVE -a x86_64 --kernelsourcedir "$KDIR"
# A kernel tree whose configuration lacks the two crypto algorithms, as 6.15
# and later (or a kernel configured without them) has: only its .config,
# which is all DKMS reads before it decides.
mkdir -p "$work/kernel-without"
grep -Ev '^CONFIG_CRYPTO_(CRCT10DIF|CRC64_ROCKSOFT)=' "$KDIR/.config" >"$work/kernel-without/.config"
expect "dkms declines crc_family_vmx for a kernel without the crct10dif and crc64-rocksoft algorithms (BUILD_EXCLUSIVE_CONFIG)" \
	"dkms did not decline (see $work/declined-crc-family-vmx.log)" \
	declined crc-family-vmx BUILD_EXCLUSIVE -a ppc64le --kernelsourcedir "$work/kernel-without"

if [ ${#dists[@]} -eq 2 ]; then
	mkdir -p "$work/dist-src"
	tar -C "$work/dist-src" -xzf "${dists[0]}"
	tar -C "$work/dist-src" -xzf "${dists[1]}"
	for pm in crc32c-vmx:crc32c_vmx crc-family-vmx:crc_family_vmx; do
		if dkms_build dist-dkms "$work/dist-src" "${pm%%:*}" && built dist-dkms "${pm%%:*}" "${pm#*:}" >/dev/null; then
			verdict "dkms builds ${pm#*:} from make dist's tarball" 0
		else
			verdict "dkms builds ${pm#*:} from make dist's tarball" 1 "see $work/dist-dkms-${pm%%:*}.log"
		fi
	done
fi

# --- initramfs-tools and dracut, unpacked from Debian's packages ------------
itc_ver=$(apt_candidate initramfs-tools-core)
dracut_ver=$(apt_candidate dracut-core)
[ -n "$itc_ver" ] && [ -n "$dracut_ver" ] ||
	die "no candidate for initramfs-tools-core or dracut-core: run apt-get update"
dpkg-deb -x "$(fetch_deb "initramfs-tools-core=$itc_ver")" "$work/itc"
dpkg-deb -x "$(fetch_deb "dracut-core=$dracut_ver")" "$work/dracut"
install -m 0755 "$work/pkg/usr/share/initramfs-tools/hooks/crc32c-vmx" \
	"$work/itc/usr/share/initramfs-tools/hooks/crc32c-vmx"
conf=$work/itc/etc/initramfs-tools
# Only the modules named (no hardware guessing on this x86 host); gzip.
sed -i -e 's/^MODULES=.*/MODULES=list/' -e 's/^BUSYBOX=.*/BUSYBOX=n/' \
	-e 's/^COMPRESS=.*/COMPRESS=gzip/' "$conf/initramfs.conf"

# mkimage TOOL NAME KO: an image for $KREL made by TOOL (initramfs-tools or
# dracut), with crc32c_vmx.ko KO installed by DKMS's path and the package's
# modprobe.d file (KO empty: a kernel without the module). It runs in a
# private mount namespace: /usr/lib (thus /lib/modules, /lib/modprobe.d)
# and the kernel's module tree become overlays, /boot a tmpfs with the
# kernel's config, the unpacked initramfs-tools is bound over
# /usr/share/initramfs-tools. dracut reads only the package's dracut.conf.d.
mkimage() {
	local d=$work/$1-$2
	mkdir -p "$d"/{lib-up,lib-work,k-up,k-work}
	unshare -m --propagation private bash -euc '
		tool=$1 d=$2 KROOT=$3 KREL=$4 w=$5 conf=$6 ko=$7
		mount -t overlay overlay -o "lowerdir=/usr/lib,upperdir=$d/lib-up,workdir=$d/lib-work" /usr/lib
		mkdir -p "/usr/lib/modules/$KREL"
		mount -t overlay overlay \
			-o "lowerdir=$KROOT/lib/modules/$KREL,upperdir=$d/k-up,workdir=$d/k-work" \
			"/usr/lib/modules/$KREL"
		if [ -n "$ko" ]; then
			install -D -m 0644 "$ko" "/usr/lib/modules/$KREL/updates/dkms/crc32c_vmx.ko"
			install -D -m 0644 "$w/pkg/usr/lib/modprobe.d/crc32c-vmx.conf" \
				/usr/lib/modprobe.d/crc32c-vmx.conf
		fi
		depmod "$KREL"
		mount -t tmpfs tmpfs /boot
		cp "$KROOT/boot/config-$KREL" /boot/
		case "$tool" in
		initramfs-tools)
			mount --bind "$w/itc/usr/share/initramfs-tools" /usr/share/initramfs-tools
			"$w/itc/usr/sbin/mkinitramfs" -d "$conf" -o "$d/initrd.img" "$KREL" ;;
		dracut)
			dracutbasedir=$w/dracut/usr/lib/dracut "$w/dracut/usr/bin/dracut" \
				--kver "$KREL" --conf /dev/null --confdir "$w/pkg/usr/lib/dracut/dracut.conf.d" \
				--hostonly -m kernel-modules --no-compress --no-early-microcode \
				--force "$d/initrd.img" ;;
		esac
	' mkimage "$1" "$d" "$KROOT" "$KREL" "$work" "$conf" "$3" >"$d/build.log" 2>&1
}
# (zcat -f also passes dracut's uncompressed image through)
list_image() { zcat -f "$1" | cpio -t --quiet; }
file_in_image() { zcat -f "$1" | cpio -i --quiet --to-stdout "$2" 2>/dev/null; }
softdep_in_image() {
	{ file_in_image "$1" usr/lib/modprobe.d/crc32c-vmx.conf
	  file_in_image "$1" lib/modprobe.d/crc32c-vmx.conf; } |
		grep -q '^softdep libcrc32c pre:.*crc32c_vmx'
}
has_module() { list_image "$1" | grep -Eq "^(usr/)?lib/modules/$KREL/updates/dkms/crc32c_vmx\.ko$"; }
# in_image_and_listed IMAGE FILE LINE: the module is in IMAGE and FILE in it
# has the line LINE (a regular expression).
in_image_and_listed() { has_module "$1" && file_in_image "$1" "$2" | grep -qx "$3"; }
# warned_and_absent IMAGE WARNING [FILE]: the build log next to IMAGE has
# WARNING, and neither IMAGE nor (if given) FILE in it names the module.
warned_and_absent() {
	grep -qF "$2" "$(dirname "$1")/build.log" && ! has_module "$1" &&
		{ [ -z "${3:-}" ] || ! file_in_image "$1" "$3" | grep -q crc32c_vmx; }
}

# initramfs-tools: conf/modules is what the image's init loads ("Loading
# essential drivers") before the premount scripts and the root mount.
name="initramfs-tools: the image holds crc32c_vmx and conf/modules loads it before the root mount"
if [ -n "$ko" ] && mkimage initramfs-tools with "$ko"; then
	img=$work/initramfs-tools-with/initrd.img
	expect "$name" "module or conf/modules entry missing (zcat $img | cpio -t)" \
		in_image_and_listed "$img" conf/modules 'crc32c_vmx *'
	expect "initramfs-tools: the image holds libcrc32c's soft dependency on crc32c_vmx" \
		"no modprobe.d/crc32c-vmx.conf with the softdep in $img" softdep_in_image "$img"
else
	verdict "$name" 1 "mkinitramfs failed or no module (see $work/initramfs-tools-with/build.log)"
	verdict "initramfs-tools: the image holds libcrc32c's soft dependency on crc32c_vmx" 1 "no image"
fi

name="initramfs-tools: for a kernel without the module the hook warns and the image is built without it"
if mkimage initramfs-tools without ""; then
	img=$work/initramfs-tools-without/initrd.img
	expect "$name" "no warning, or the module is in the image ($work/initramfs-tools-without/build.log)" \
		warned_and_absent "$img" "W: crc32c-vmx: crc32c_vmx is not built for kernel $KREL" conf/modules
else
	verdict "$name" 1 "mkinitramfs failed (see $work/initramfs-tools-without/build.log)"
fi

# dracut: force_drivers puts the module in and rd.driver.pre=crc32c_vmx in
# etc/cmdline.d, which has it loaded before udev starts.
name="dracut: the image holds crc32c_vmx and rd.driver.pre loads it before udev"
if [ -n "$ko" ] && mkimage dracut with "$ko"; then
	img=$work/dracut-with/initrd.img
	expect "$name" "module or rd.driver.pre=crc32c_vmx missing (cpio -t <$img)" \
		in_image_and_listed "$img" etc/cmdline.d/20-force_drivers.conf 'rd.driver.pre=crc32c_vmx'
	expect "dracut: the image holds libcrc32c's soft dependency on crc32c_vmx" \
		"no modprobe.d/crc32c-vmx.conf with the softdep in $img" softdep_in_image "$img"
else
	verdict "$name" 1 "dracut failed or no module (see $work/dracut-with/build.log)"
	verdict "dracut: the image holds libcrc32c's soft dependency on crc32c_vmx" 1 "no image"
fi

name="dracut: for a kernel without the module it warns and builds the image without it"
if mkimage dracut without ""; then
	img=$work/dracut-without/initrd.img
	expect "$name" "no warning, or the module is in the image ($work/dracut-without/build.log)" \
		warned_and_absent "$img" "Failed to find module 'crc32c_vmx'" ""
else
	verdict "$name" 1 "dracut failed (see $work/dracut-without/build.log)"
fi
exit "$VERDICT_RC"
