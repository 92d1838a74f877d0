# SPDX-License-Identifier: GPL-2.0-only
#
# Shared by the package tests in tools/deb/ (test-early-boot.sh,
# test-dkms-old.sh). Source it after tools/lib/common.sh.

# pick_dkms_debs FILE...: sets deb (crc32c-vmx-dkms) and fdeb
# (crc-family-vmx-dkms) from the two package files given; exits 2 on anything
# else.
pick_dkms_debs() {
	local f
	deb='' fdeb=''
	for f in "$@"; do
		[ -s "$f" ] || die "no $f: run make deb"
		case "$(dpkg-deb -f "$f" Package 2>/dev/null)" in
		crc32c-vmx-dkms) deb=$f ;;
		crc-family-vmx-dkms) fdeb=$f ;;
		*) die 2 "$f is neither crc32c-vmx-dkms nor crc-family-vmx-dkms" ;;
		esac
	done
	[ -n "$deb" ] && [ -n "$fdeb" ] || die 2 "--deb must name crc32c-vmx-dkms and crc-family-vmx-dkms"
}
