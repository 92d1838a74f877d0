# SPDX-License-Identifier: GPL-2.0-only
#
# crc32c-vmx top-level Makefile.
#
# On a POWER8+ Linux host (native):
#   make                     build crc32c_vmx.ko against KDIR, and crc_family_vmx.ko
#                            (crct10dif-vmx, crc64-rocksoft-vmx) where KDIR's
#                            kernel has those algorithms (5.10 to 6.14;
#                            crc64-rocksoft-vmx from 6.0)
#   sudo make install        install them into /lib/modules/<release>/extra + depmod,
#                            and /etc/modprobe.d/crc32c-vmx.conf (libcrc32c, thus
#                            XFS, binds crc32c-vmx: see that file)
#   sudo modprobe crc32c_vmx
# KDIR defaults to the running kernel's build tree; INSTALL_MOD_PATH installs
# under another root. Cross builds pass ARCH=powerpc CROSS_COMPILE=... as usual.
#
# On an x86_64 Debian 12 machine (development and CI; everything kernel-side
# runs in a qemu-system-ppc64 POWER guest):
#   make run                 the demo: build, boot POWER8, load, show it working
#                            (KERNEL=6.12 or 6.12-64k: on bookworm-backports' 6.12;
#                            KERNEL=newest: on Debian testing's kernel, 7.2 today)
#   make check               every test (docs/testing.md): host tests, kselftests
#                            on 6.1, 6.12, newest and a debug kernel, mutants
#   make bench-model         instruction counts + llvm-mca -> docs/performance.md
#   make deb                 Debian packages, lintian-checked, into build/deb/:
#                            crc32c-vmx-dkms_<version>_all.deb (DKMS, early boot)
#                            crc-family-vmx-dkms_<version>_all.deb (DKMS)
#                            crcbench-alg_<version>_ppc64el.deb (cross-built)
#   make rpm                 RPMs for RHEL and SLES, rpmlint-checked, into build/rpm/:
#                            crc32c-vmx-dkms-<version>-1.noarch.rpm (DKMS, dracut)
#                            crc-family-vmx-dkms-<version>-1.noarch.rpm (DKMS)
#                            crcbench-alg-<version>-1.ppc64le.rpm (static)
#   make dist                build/dist/crc32c-vmx-<version>.tar.gz and
#                            crc-family-vmx-<version>.tar.gz, DKMS source
#                            trees for `dkms add` (RHEL, SLES, others)
#   make check-matrix        the POWER9/POWER10 cells of the kernel x CPU matrix
#                            for 6.12, 6.12-64k, newest and the debug kernel
#                            (eight boots that do not fit make check's budget)
#   make check-be            the big-endian lane: both modules built for, loaded
#                            into and tested on a big-endian ppc64 (ELFv1) kernel
#                            built from Debian's linux-source-6.1 (cached after the
#                            first build), POWER8 and POWER9, and the proof that it
#                            catches a mutant only big-endian can (docs/testing.md)
#   make check-5x            the 5.x enterprise generation (RHEL 9, SLES 15,
#                            Ubuntu 22.04) on a 5.10 kernel built from Debian
#                            11's linux-source-5.10 (cached): all kselftests on
#                            POWER8 with NVMe PI, the core on POWER9/POWER10,
#                            the DKMS packages with Debian 11's dkms 2.8.4
#   make check-upstream      the upstream lib/crc/powerpc series in a patched
#                            linux-source-7.2 kernel: crc_kunit on POWER8/9/10,
#                            filesystems, NVMe guards, the series' mutants,
#                            instruction counts against stock 7.2, LLVM=1,
#                            kunit.py on powerpcle and powerpc (its first
#                            run builds four kernels; docs/upstream.md)
#   make check-system        the operator's journey in a Debian 12 ppc64el system
#                            (apt install the DKMS packages, reboots, XFS/btrfs,
#                            6.1 -> 6.12, apt remove): many minutes under TCG
#   make check-rpm           the RPM journey in a Debian 12 ppc64el system with
#                            dracut and Debian's rpm: rpm -i the DKMS RPMs,
#                            reboot, rpm -U, rpm -e (docs/testing.md)
#   make check-mutation      the mutation sweep of the VMX cores (module/arch/powerpc)
#                            under qemu-user and of the glue (module/*.c, *.h)
#                            in POWER8 guests: every rule-based mutant compiled
#                            alone, run in the lanes that can see it;
#                            resumes from tools/mutation/verdicts.tsv
#                            (MUTATION_ARGS="--sample 300", "--scope glue" or
#                            "--file NAME" to narrow it; docs/mutants.md,
#                            docs/testing.md)
# See README.md.
#
# Mutation testing: `make CRC32C_VMX_MUTANT=<name>` (KDIR, ARCH, CROSS_COMPILE
# as for `make`) builds that committed mutant (tools/mutants/<name>.patch)
# into build/mutants/<name>/crc32c_vmx.ko instead of the real module;
# `tools/mutants/build.sh --list` lists them.

KDIR ?= /lib/modules/$(shell uname -r)/build
# Debian's kernels sign modules at modules_install with a key that only the
# distribution has; sign only when asked (MODULE_SIGN=1 with your own key).
ifneq ($(MODULE_SIGN),1)
SIGN_ARGS := CONFIG_MODULE_SIG_ALL=
endif

.PHONY: all modules install clean help setup run check check-be check-5x check-matrix check-upstream check-system check-rpm check-mutation bench-model deb rpm dist

all: modules

modules:
	@test -d "$(KDIR)" || { echo "error: kernel build tree KDIR=$(KDIR) not found;" \
		"install the headers of your kernel (Debian/Ubuntu: linux-headers-$$(uname -r)," \
		"RHEL/Fedora: kernel-devel) or pass KDIR=/path/to/build" >&2; exit 1; }
ifeq ($(CRC32C_VMX_MUTANT),)
	$(MAKE) -C "$(KDIR)" M="$(CURDIR)" modules
else
	ARCH="$(ARCH)" CROSS_COMPILE="$(CROSS_COMPILE)" tools/mutants/build.sh \
		--kdir "$(KDIR)" --out build/mutants "$(CRC32C_VMX_MUTANT)"
endif

install: modules
	@test -z "$(CRC32C_VMX_MUTANT)" || { echo "error: CRC32C_VMX_MUTANT is for testing;" \
		"'make install' installs only the real module" >&2; exit 1; }
	$(MAKE) -C "$(KDIR)" M="$(CURDIR)" INSTALL_MOD_DIR=extra $(SIGN_ARGS) modules_install
	install -D -m 0644 modprobe.d/crc32c-vmx.conf \
		"$(INSTALL_MOD_PATH)/etc/modprobe.d/crc32c-vmx.conf"
	depmod -b "$(or $(INSTALL_MOD_PATH),/)" \
		"$$(modinfo -F vermagic "$(CURDIR)/crc32c_vmx.ko" | cut -d' ' -f1)"

clean:
	@if [ -d "$(KDIR)" ]; then $(MAKE) -C "$(KDIR)" M="$(CURDIR)" clean; fi
	rm -rf build

setup:
	tools/setup.sh

run:
	KERNEL="$(KERNEL)" tools/run.sh

check:
	tools/check.sh

check-be:
	tools/check-be.sh

check-matrix:
	tools/check-matrix.sh

check-5x:
	tools/check-5x.sh

check-upstream:
	tools/upstream/check-upstream.sh

check-system:
	tools/system/journey.sh

check-rpm:
	tools/system/journey.sh --rpm

check-mutation:
	tools/mutation/sweep.py run $(MUTATION_ARGS)

help:
	@sed -n '3,/^$$/p' Makefile | sed -n 's/^# \{0,1\}//p'

bench-model:
	tools/bench-model/run.sh

deb:
	tools/deb/build-deb.sh

rpm:
	tools/rpm/build-rpm.sh

dist:
	tools/dist.sh
