#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The series' edits of files it changes rather than replaces
(scripts/gen-crc-consts.py from patch 1; lib/crc/Makefile and
lib/crc/Kconfig; lib/crc/powerpc/crc32.h in patch 3, before patch 4
replaces it), one step per patch: edit-tree.py STEP FILE reads the file's
pristine 7.2 text on stdin and writes it as patch STEP leaves it (steps
are cumulative). Each edit must find exactly the text it
replaces, so that a changed base tree stops the generator instead of
producing a wrong patch."""
import os
import re
import sys

GLUE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "kernel")
SCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scripts")

FLAGS_HEAD = """\
# The vpmsumd cores (powerpc/crc-vpmsum-core.h): VMX and ISA 2.07 vector
# crypto only, no VSX, so that enable_kernel_altivec() suffices.
vpmsum-cflags := -maltivec -mno-vsx -mhard-float
vpmsum-cflags-remove := -mno-altivec -msoft-float
# The generic table code that the powerpc glue keeps below its thresholds:
# with section anchors GCC addresses each table but the first of the
# anchor block as anchor + offset + index, an add per byte more, and which
# table comes first changes with the code around it.
vpmsum-table-cflags-$(CONFIG_PPC) := $(call cc-option,-fno-section-anchors)
"""


def obj_flags(objs):
    out = ""
    for o in objs:
        out += "CFLAGS_powerpc/%s += $(vpmsum-cflags)\n" % o
        out += "CFLAGS_REMOVE_powerpc/%s += $(vpmsum-cflags-remove)\n" % o
    return out


def sub(text, old, new):
    if text.count(old) != 1:
        sys.exit("edit-tree.py: expected exactly one %r" % old)
    return text.replace(old, new)


def makefile(text, step):
    if step >= 2:
        text = sub(text, "obj-$(CONFIG_CRC_T10DIF) += crc-t10dif.o\n",
                   FLAGS_HEAD + "\nobj-$(CONFIG_CRC_T10DIF) += crc-t10dif.o\n")
        text = sub(text, "crc64-$(CONFIG_RISCV) += riscv/crc64_lsb.o riscv/crc64_msb.o\n",
                   "crc64-$(CONFIG_PPC) += powerpc/crc64-lsb-vpmsum.o powerpc/crc64-msb-vpmsum.o\n" +
                   obj_flags(["crc64-lsb-vpmsum.o", "crc64-msb-vpmsum.o"]) +
                   "CFLAGS_crc64-main.o += $(vpmsum-table-cflags-y)\n"
                   "crc64-$(CONFIG_RISCV) += riscv/crc64_lsb.o riscv/crc64_msb.o\n")
    ppc32 = "crc32-$(CONFIG_PPC) += powerpc/crc32c-vpmsum_asm.o\n"
    cores32 = "powerpc/crc32-lsb-vpmsum.o powerpc/crc32-msb-vpmsum.o\n"
    if step >= 3:
        text = sub(text, ppc32,
                   "crc32-$(CONFIG_PPC) += powerpc/crc32c-vpmsum_asm.o \\\n\t\t       " + cores32 +
                   obj_flags(["crc32-lsb-vpmsum.o", "crc32-msb-vpmsum.o"]) +
                   "CFLAGS_crc32-main.o += $(vpmsum-table-cflags-y)\n")
    if step >= 4:
        text = sub(text, "crc32-$(CONFIG_PPC) += powerpc/crc32c-vpmsum_asm.o \\\n\t\t       " + cores32,
                   "crc32-$(CONFIG_PPC) += " + cores32)
    return text


def glue_function(text, name):
    """The text of static (inline or noinline) function NAME in a glue header."""
    m = re.search(r"^static (?:inline|noinline) [^\n]*\b%s\(.*?^}\n" % re.escape(name), text, re.S | re.M)
    if not m:
        sys.exit("edit-tree.py: no function %s in the glue" % name)
    return m.group(0)


def glue_line(text, start):
    """The one line of a glue header that starts with START."""
    lines = [l for l in text.splitlines(True) if l.startswith(start)]
    if len(lines) != 1:
        sys.exit("edit-tree.py: expected exactly one line starting %r in the glue" % start)
    return lines[0]


def crc32_h(text, step):
    """Patch 3 keeps upstream's crc32c_arch() and adds crc32_le_arch() and
    crc32_be_arch() exactly as the final crc32.h (tools/upstream/kernel/)
    has them; patch 4 replaces the whole file with that one."""
    if step == 3:
        final = open(os.path.join(GLUE, "crc32.h")).read()
        m = re.search(r"^/\*\n \* crc32_le\(\).*?\*/\n", final, re.S | re.M)
        head = sub(m.group(0), "crc32_le(), crc32_be() and crc32c() by", "crc32_le() and crc32_be() by")
        head = sub(head, "for the three CRCs", "for both CRCs")
        text = sub(text, "#include <linux/uaccess.h>\n",
                   "#include <linux/uaccess.h>\n\n" + head + "#include \"crc-vpmsum.h\"\n"
                   "#include \"crc32-le-vpmsum-consts.h\"\n#include \"crc32-be-vpmsum-consts.h\"\n")
        text = sub(text, "#define crc32_le_arch crc32_le_base /* not implemented on this arch */\n"
                   "#define crc32_be_arch crc32_be_base /* not implemented on this arch */\n",
                   glue_line(final, "#define VPMSUM_CRC32_MIN_LEN") + "\n" +
                   glue_function(final, "vpmsum_crc32_usable") + "\n" +
                   glue_function(final, "crc32_le_vpmsum_long") + "\n" +
                   glue_function(final, "crc32_be_vpmsum_long") + "\n" +
                   glue_function(final, "crc32_le_arch") + "\n" +
                   glue_function(final, "crc32_be_arch"))
        text = sub(text, "\t\treturn CRC32C_OPTIMIZATION;\n",
                   "\t\treturn CRC32_LE_OPTIMIZATION | CRC32_BE_OPTIMIZATION | CRC32C_OPTIMIZATION;\n")
    return text


def kconfig(text, step):
    if step >= 2:
        text = sub(text, "\tdefault y if ARM64\n\tdefault y if RISCV && RISCV_ISA_ZBC && 64BIT\n",
                   "\tdefault y if ARM64\n\tdefault y if PPC64 && ALTIVEC\n"
                   "\tdefault y if RISCV && RISCV_ISA_ZBC && 64BIT\n")
    return text


def gen_crc_consts(text, step):
    """scripts/gen-crc-consts.py with the powerpc_vpmsum constants type
    (tools/upstream/scripts/powerpc_vpmsum.py, its leading comment off)."""
    frag = open(os.path.join(SCRIPTS, "powerpc_vpmsum.py")).read()
    frag = frag[frag.index("\n\n") + 2:]
    text = sub(text, "def parse_crc_variants(", frag + "\ndef parse_crc_variants(")
    text = sub(text, "    elif consts_type == 'x86_pclmul':\n",
               "    elif consts_type == 'powerpc_vpmsum':\n"
               "        gen_powerpc_vpmsum_consts(variants)\n"
               "    elif consts_type == 'x86_pclmul':\n")
    text = sub(text, "CONSTS_TYPE can be sliceby[1-8], riscv_clmul, or x86_pclmul",
               "CONSTS_TYPE can be sliceby[1-8], powerpc_vpmsum, riscv_clmul, or x86_pclmul")
    return text


def main():
    step, name = int(sys.argv[1]), sys.argv[2]
    text = sys.stdin.read()
    sys.stdout.write({"Makefile": makefile, "Kconfig": kconfig, "crc32.h": crc32_h,
                      "gen-crc-consts.py": gen_crc_consts}[name](text, step))


if __name__ == "__main__":
    main()
