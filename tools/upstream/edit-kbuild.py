#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The series' edits of lib/crc/Makefile and lib/crc/Kconfig, one step per
patch: edit-kbuild.py STEP FILE reads the file's pristine 7.2 text on
stdin and writes it as patch STEP leaves it (steps are cumulative). Each
edit must find exactly the text it replaces, so that a changed base
tree stops the generator instead of producing a wrong patch."""
import sys

FLAGS_HEAD = """\
# The vpmsumd cores (powerpc/crc-vpmsum-core.h): VMX and ISA 2.07 vector
# crypto only, no VSX, so that enable_kernel_altivec() suffices.
vpmsum-cflags := -maltivec -mno-vsx -mhard-float
vpmsum-cflags-remove := -mno-altivec -msoft-float
"""


def obj_flags(objs):
    out = ""
    for o in objs:
        out += "CFLAGS_powerpc/%s += $(vpmsum-cflags)\n" % o
        out += "CFLAGS_REMOVE_powerpc/%s += $(vpmsum-cflags-remove)\n" % o
    return out


def sub(text, old, new):
    if text.count(old) != 1:
        sys.exit("edit-kbuild.py: expected exactly one %r" % old)
    return text.replace(old, new)


def makefile(text, step):
    if step >= 1:
        crc32 = ["crc32-le-vpmsum.o", "crc32-be-vpmsum.o", "crc32c-vpmsum.o"]
        text = sub(text, "crc32-$(CONFIG_PPC) += powerpc/crc32c-vpmsum_asm.o\n",
                   "crc32-$(CONFIG_PPC) += powerpc/crc32-le-vpmsum.o powerpc/crc32-be-vpmsum.o \\\n"
                   "\t\t       powerpc/crc32c-vpmsum.o\n" + obj_flags(crc32))
        text = sub(text, "obj-$(CONFIG_CRC_T10DIF) += crc-t10dif.o\n",
                   FLAGS_HEAD + "\nobj-$(CONFIG_CRC_T10DIF) += crc-t10dif.o\n")
    if step >= 2:
        text = sub(text, "crc-t10dif-$(CONFIG_PPC) += powerpc/crct10dif-vpmsum_asm.o\n",
                   "crc-t10dif-$(CONFIG_PPC) += powerpc/crc-t10dif-vpmsum.o\n" +
                   obj_flags(["crc-t10dif-vpmsum.o"]))
    if step >= 3:
        text = sub(text, "crc64-$(CONFIG_RISCV) += riscv/crc64_lsb.o riscv/crc64_msb.o\n",
                   "crc64-$(CONFIG_PPC) += powerpc/crc64-be-vpmsum.o powerpc/crc64-nvme-vpmsum.o\n" +
                   obj_flags(["crc64-be-vpmsum.o", "crc64-nvme-vpmsum.o"]) +
                   "crc64-$(CONFIG_RISCV) += riscv/crc64_lsb.o riscv/crc64_msb.o\n")
    return text


def kconfig(text, step):
    if step >= 3:
        text = sub(text, "\tdefault y if ARM64\n\tdefault y if RISCV && RISCV_ISA_ZBC && 64BIT\n",
                   "\tdefault y if ARM64\n\tdefault y if PPC64 && ALTIVEC\n"
                   "\tdefault y if RISCV && RISCV_ISA_ZBC && 64BIT\n")
    return text


def main():
    step, name = int(sys.argv[1]), sys.argv[2]
    text = sys.stdin.read()
    sys.stdout.write({"Makefile": makefile, "Kconfig": kconfig}[name](text, step))


if __name__ == "__main__":
    main()
