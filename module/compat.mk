# SPDX-License-Identifier: GPL-2.0-only
#
# Kernel API probes, read from the headers of the kernel being built
# against rather than from its version number: enterprise kernels carry
# backports (a RHEL 9 kernel says 5.14 and has later APIs). Each probe is
# a -D for module/*_compat.h, which holds the one place that reads it.
# Included by every Kbuild file that builds the modules' C.

# $(call crc_vmx_has,HEADER,TEXT): y if include/HEADER contains TEXT.
crc_vmx_has = $(shell grep -qsF '$(2)' $(srctree)/include/$(1) && echo y)

CRC_VMX_COMPAT_CFLAGS :=
# linux/unaligned.h (6.12; asm/unaligned.h before)
ifneq ($(wildcard $(srctree)/include/linux/unaligned.h),)
CRC_VMX_COMPAT_CFLAGS += -DCRC_VMX_HAVE_LINUX_UNALIGNED_H
endif
# struct module_attribute's show() takes a const pointer (6.14)
crc_vmx_const_show := (*show)(const struct module_attribute
ifeq ($(call crc_vmx_has,linux/module.h,$(crc_vmx_const_show)),y)
CRC_VMX_COMPAT_CFLAGS += -DCRC_VMX_HAVE_CONST_MODATTR
endif
# __crc32c_le(), the software CRC32C before crc32c() became the library (6.14)
crc_vmx_crc32c_le := $(space)__crc32c_le(
ifeq ($(call crc_vmx_has,linux/crc32.h,$(crc_vmx_crc32c_le)),y)
CRC_VMX_COMPAT_CFLAGS += -DCRC_VMX_HAVE_CRC32C_LE
endif
# The crypto API's crct10dif and crc64-rocksoft (removed in 6.15) and the
# generic functions the family drivers fall back to
ifneq ($(CONFIG_CRYPTO_CRCT10DIF),)
CRC_VMX_CRCT10DIF_SHASH := $(call crc_vmx_has,linux/crc-t10dif.h,crc_t10dif_generic)
endif
ifneq ($(CONFIG_CRYPTO_CRC64_ROCKSOFT),)
CRC_VMX_CRC64_ROCKSOFT_SHASH := $(call crc_vmx_has,linux/crc64.h,crc64_rocksoft_generic)
endif
ifeq ($(CRC_VMX_CRCT10DIF_SHASH),y)
CRC_VMX_COMPAT_CFLAGS += -DCRC_VMX_HAVE_CRCT10DIF_SHASH
endif
ifeq ($(CRC_VMX_CRC64_ROCKSOFT_SHASH),y)
CRC_VMX_COMPAT_CFLAGS += -DCRC_VMX_HAVE_CRC64_ROCKSOFT_SHASH
endif
