/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Userspace stand-ins for the few kernel types and attributes that the VMX
 * core and its generated constants header use; kernel-shim/ includes it
 * where the kernel's <linux/types.h> and <linux/compiler.h> would give
 * them. u64 is unsigned long long, as in the kernel, so that
 * vector loads of the constant tables type-check the same way.
 */
#ifndef CRC32C_VMX_KERNEL_TYPES_H
#define CRC32C_VMX_KERNEL_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* The kernel's configuration says the byte order; here the compiler does. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define CONFIG_CPU_LITTLE_ENDIAN 1
#endif

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;

#ifndef __aligned
#define __aligned(x) __attribute__((__aligned__(x)))
#endif
#ifndef __maybe_unused
#define __maybe_unused __attribute__((__unused__))
#endif
#ifndef noinline
#define noinline __attribute__((__noinline__))
#endif
#ifndef __always_inline
#define __always_inline inline __attribute__((__always_inline__))
#endif

#endif /* CRC32C_VMX_KERNEL_TYPES_H */
