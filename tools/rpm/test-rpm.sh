#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# What make check proves of the RPMs without a RHEL or SUSE system: their
# payloads are the files the journey expects (computed from the tree), they
# depend on what a server needs, and their scriptlets, run on the host
# against a fake /lib/modules with dkms, dracut, lsinitrd and modinfo
# stubbed, make the calls they must, in order, for exactly the kernels they
# must. Prints one verdict line per check (PASS<TAB>name /
# FAIL<TAB>name<TAB>why); exit 0 if all pass.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"

usage() {
	echo "Usage: ${0##*/} DIR   (DIR: make rpm's output, build/rpm)"
	echo "Exit codes: 0 every check passed, 1 a check failed, 2 bad usage."
}
[ $# -eq 1 ] || { usage >&2; exit 2; }
case "$1" in -h|--help) usage; exit 0 ;; esac
dir=$1
version=$(sed -n '1s/^crc32c-vmx (\([^)]*\)).*/\1/p' "$top/debian/changelog")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rpmof() { ls "$dir/$1"-"$version"-1.*.rpm 2>/dev/null | head -n 1; }

# --- payloads -----------------------------------------------------------------
# What the DKMS tree must hold: the files make dist packs for Kbuild.
src_files() { # NAME: the payload under /usr/src of DKMS package NAME
	local d=/usr/src/$1-$version
	echo "$d"
	echo "$d/Kbuild"
	echo "$d/dkms.conf"
	(cd "$top" && git ls-files module) | sed "s|^|$d/|"
	# and every directory on the way to them
	(cd "$top" && git ls-files module) | while read -r x; do
		x=$(dirname "$x")
		while [ "$x" != . ]; do echo "$x"; x=$(dirname "$x"); done
	done | sort -u | sed "s|^|$d/|"
}
for p in crc32c-vmx crc-family-vmx; do
	f=$(rpmof "$p-dkms")
	[ -n "$f" ] || { verdict "rpm:$p-dkms payload" 1 "no $p-dkms-$version-1.*.rpm in $dir"; continue; }
	{
		src_files "$p"
		if [ "$p" = crc32c-vmx ]; then
			printf '%s\n' /usr/lib/modprobe.d /usr/lib/modprobe.d/crc32c-vmx.conf /usr/lib/dracut \
				/usr/lib/dracut/dracut.conf.d /usr/lib/dracut/dracut.conf.d/50-crc32c-vmx.conf
		fi
	} | sort -u >"$work/want"
	rpm -qlp "$f" 2>/dev/null | sort -u >"$work/got"
	diff "$work/want" "$work/got" >"$work/diff"
	verdict "rpm:$p-dkms payload is the DKMS tree and its configuration" $? "$(tr '\n' ' ' <"$work/diff")"
	req=$(rpm -qpR "$f" 2>/dev/null)
	miss=
	for r in dkms '(kernel-devel or kernel-default-devel)'; do
		grep -qxF "$r" <<<"$req" || miss="$miss '$r'"
	done
	[ "$p" != crc32c-vmx ] || grep -qxF dracut <<<"$req" || miss="$miss 'dracut'"
	verdict "rpm:$p-dkms requires dkms and the kernel headers of RHEL or SUSE" "$([ -z "$miss" ]; echo $?)" \
		"missing:$miss"
done
f=$(rpmof crcbench-alg)
if [ -n "$f" ]; then
	rpm -qlp "$f" 2>/dev/null >"$work/got"
	printf '%s\n' /usr/bin/crcbench-alg /usr/share/man/man1/crcbench-alg.1.gz | diff - "$work/got" >"$work/diff"
	verdict "rpm:crcbench-alg payload is the binary and its man page" $? "$(tr '\n' ' ' <"$work/diff")"
	[ "$(rpm -qp --qf '%{ARCH}' "$f" 2>/dev/null)" = ppc64le ]
	verdict "rpm:crcbench-alg is for ppc64le" $? "architecture $(rpm -qp --qf '%{ARCH}' "$f" 2>/dev/null)"
else
	verdict "rpm:crcbench-alg payload is the binary and its man page" 1 "no crcbench-alg-$version-1.*.rpm in $dir"
	verdict "rpm:crcbench-alg is for ppc64le" 1 "no package"
fi

# --- scriptlets ------------------------------------------------------------
# Three kernels: A with headers and the module after DKMS, B with headers
# only (DKMS declines it), C without headers. The stubs log every call.
f=$(rpmof crc32c-vmx-dkms)
root=$work/root
mkdir -p "$root/lib/modules/A/build" "$root/lib/modules/B/build" "$root/lib/modules/C" "$work/bin"
for t in dkms dracut; do
	printf '#!/bin/sh\necho "%s $*" >>"%s"\n' "$t" "$work/calls" >"$work/bin/$t"
done
# modinfo -k K crc32c_vmx: the module exists for A only; lsinitrd: A's image holds it.
printf '#!/bin/sh\n[ "$2" = A ]\n' >"$work/bin/modinfo"
printf '#!/bin/sh\n[ "$2" = A ] && echo "usr/lib/modules/A/updates/dkms/crc32c_vmx.ko"\n' >"$work/bin/lsinitrd"
chmod +x "$work/bin"/*
scriptlet() { # TAG ARG: run the package's TAG scriptlet with $1 = ARG
	rpm -qp --qf "%{$1}" "$f" 2>/dev/null | sed "s|/lib/modules|$root/lib/modules|g" >"$work/$1.sh"
	: >"$work/calls"
	PATH=$work/bin:$PATH sh "$work/$1.sh" "$2" >/dev/null 2>&1
	echo "rc=$?" >>"$work/calls"
	cat "$work/calls"
}
want() { printf '%s\n' "$@"; }
if [ -n "$f" ]; then
	[ "$(scriptlet POSTIN 1)" = "$(want "dkms add -m crc32c-vmx -v $version -q --rpm_safe_upgrade" \
		"dkms build -m crc32c-vmx -v $version -k A -q --force" \
		"dkms install -m crc32c-vmx -v $version -k A -q --force" \
		"dkms build -m crc32c-vmx -v $version -k B -q --force" \
		"dkms install -m crc32c-vmx -v $version -k B -q --force" rc=0)" ]
	verdict "rpm:install: dkms adds the module and builds it for every kernel with headers" $? \
		"calls: $(scriptlet POSTIN 1 | tr '\n' ';')"
	[ "$(scriptlet POSTTRANS 0)" = "$(want "dracut -f --kver A" rc=0)" ]
	verdict "rpm:install and upgrade: dracut rebuilds the initramfs of each kernel with the module" $? \
		"calls: $(scriptlet POSTTRANS 0 | tr '\n' ';')"
	[ "$(scriptlet PREUN 0)" = "$(want "dkms remove -m crc32c-vmx -v $version --all -q --rpm_safe_upgrade" rc=0)" ]
	verdict "rpm:erase and upgrade: dkms removes this version only" $? "calls: $(scriptlet PREUN 0 | tr '\n' ';')"
	[ "$(scriptlet POSTUN 0)" = "$(want "dracut -f --kver A" rc=0)" ]
	verdict "rpm:erase: dracut rebuilds each initramfs that held the module" $? \
		"calls: $(scriptlet POSTUN 0 | tr '\n' ';')"
	[ "$(scriptlet POSTUN 1)" = "$(want rc=0)" ]
	verdict "rpm:upgrade: the old package's postun leaves the initramfs alone" $? \
		"calls: $(scriptlet POSTUN 1 | tr '\n' ';')"
else
	for n in "install: dkms adds the module and builds it for every kernel with headers" \
		"install and upgrade: dracut rebuilds the initramfs of each kernel with the module" \
		"erase and upgrade: dkms removes this version only" \
		"erase: dracut rebuilds each initramfs that held the module" \
		"upgrade: the old package's postun leaves the initramfs alone"; do
		verdict "rpm:$n" 1 "no crc32c-vmx-dkms package"
	done
fi
exit "$VERDICT_RC"
