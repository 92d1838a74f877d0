# SPDX-License-Identifier: GPL-2.0-only
#
# Evaluates module/compat.mk outside Kbuild, for tools/compat-probes.sh:
#   make -s -f tools/compat-probes.mk srctree=DIR KCONFIG=FILE
# prints the -D flags Kbuild would pass for that kernel. KCONFIG is the
# kernel's .config, which is make syntax, as Kbuild reads it.
here := $(dir $(lastword $(MAKEFILE_LIST)))
include $(KCONFIG)
empty :=
space := $(empty) $(empty)
include $(here)../module/compat.mk

all:
	@echo $(strip $(CRC_VMX_COMPAT_CFLAGS))
