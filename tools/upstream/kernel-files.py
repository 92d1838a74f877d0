#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Writes the lib/crc/powerpc files of the upstream series (tools/upstream/,
docs/upstream.md) from the project's own sources: the template core
module/arch/powerpc/crc_vmx_core_template.h (renamed to the kernel's vpmsum
names, without the ISA 3.1 loop) and each CRC's constants header. The
glue headers are tools/upstream/kernel/*, copied as they are.

The series' constants headers are the output of the kernel's
scripts/gen-crc-consts.py with its powerpc_vpmsum type (patch 1), given by
--consts-script. Without it (the host harness build, which has no kernel
tree) crc-constgen's rows are written in the same layout: make check
proves the two generators' rows equal (tools/upstream/consts-agree.sh).

Usage: kernel-files.py --constgen BIN [--consts-script SCRIPT] --out DIR
DIR gets lib/crc/powerpc/<files>; nothing else is written.
"""
import argparse
import os
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TEMPLATE = os.path.join(TOP, "module/arch/powerpc/crc_vmx_core_template.h")
GLUE = os.path.join(TOP, "tools/upstream/kernel")

# name, constgen arguments, bit order, core width, state type, entry point,
# what the entry point does around vpmsum_run()
CRCS = [
    ("crc32_le", ["--poly", "0x04c11db7", "--width", "32", "--reflected"], 1, 32,
     "u32", "u32 crc32_le_vpmsum(u32 crc, const u8 *p, size_t len)",
     "return vpmsum_run(crc, p, len);",
     "crc32_le(): CRC-32 (polynomial 0x04c11db7), LSB of each byte first"),
    ("crc32_be", ["--poly", "0x04c11db7", "--width", "32", "--msb-first"], 0, 32,
     "u32", "u32 crc32_be_vpmsum(u32 crc, const u8 *p, size_t len)",
     "return vpmsum_run(crc, p, len);",
     "crc32_be(): CRC-32 (polynomial 0x04c11db7), MSB of each byte first"),
    ("crc32c", ["--poly", "0x1edc6f41", "--width", "32", "--reflected"], 1, 32,
     "u32", "u32 crc32c_vpmsum(u32 crc, const u8 *p, size_t len)",
     "return vpmsum_run(crc, p, len);",
     "crc32c(): CRC-32C (Castagnoli, polynomial 0x1edc6f41), LSB first"),
    ("crc_t10dif", ["--poly", "0x8bb7", "--width", "16", "--msb-first"], 0, 32,
     "u32", "u16 crc_t10dif_vpmsum(u16 crc, const u8 *p, size_t len)",
     "return vpmsum_run((u32)crc << 16, p, len) >> 16;",
     "crc_t10dif(): CRC-T10DIF (polynomial 0x8bb7), MSB first, computed by\n"
     " * the 32-bit core modulo P * x^16, whose state carries the 16-bit CRC in\n"
     " * its top half and zeros in the bottom half"),
    ("crc64_nvme", ["--poly", "0xad93d23594c93659", "--width", "64", "--reflected"], 1, 64,
     "u64", "u64 crc64_nvme_vpmsum(u64 crc, const u8 *p, size_t len)",
     "return vpmsum_run(crc, p, len);",
     "crc64_nvme(): CRC-64/NVME (polynomial 0xad93d23594c93659), LSB first"),
    ("crc64_be", ["--poly", "0x42f0e1eba9ea3693", "--width", "64", "--msb-first"], 0, 64,
     "u64", "u64 crc64_be_vpmsum(u64 crc, const u8 *p, size_t len)",
     "return vpmsum_run(crc, p, len);",
     "crc64_be(): CRC-64/ECMA-182 (polynomial 0x42f0e1eba9ea3693), MSB first"),
]

TEMPLATE_HEAD = """\
/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CRCs by vpmsumd (POWER8 vector polynomial multiply-sum) folding, written
 * once for every CRC that lib/crc/powerpc accelerates: each
 * <crc>-vpmsum.c defines
 *
 *   VPMSUM_REFLECTED	1: LSB of each byte first; 0: MSB first
 *   VPMSUM_WIDTH		32 or 64: the core's state width
 *   VPMSUM_STATE		the state's type (u32 or u64)
 *   VPMSUM_FOLD		its fold table (16 rows)
 *   VPMSUM_REDUCE		its reduce table (rows VPMSUM_RED_* below)
 *
 * includes its generated constants and this file, and gets the static
 * vpmsum_run(): the raw state (no inversion) advanced over len >= 16
 * bytes at any address and alignment. Shorter inputs are the caller's:
 * the table code is cheaper there than a vector section. A 16-byte block
 * loaded into a vector register is the polynomial whose x^127 coefficient
 * is the first message bit, and folding it forward by d bits is one vpmsumd
 * by x^d mod P. The message is folded as 16 independent streams of 16-byte
 * blocks, 256 bytes per loop iteration, so that 16 multiplies are in flight
 * to cover their latency; the streams are then combined, the last whole
 * and partial blocks folded in, and the 128-bit remainder reduced to the
 * CRC by Barrett reduction. What the bit order and the width change is only
 * the byte order of a loaded block, the direction of the byte shifts, where
 * the state enters the first block and the final reduction.
 *
 * The instructions are VMX (AltiVec) and the ISA 2.07 vector crypto ones,
 * so callers need only enable_kernel_altivec(). Build with
 * -maltivec -mno-vsx.
 *
 * The <crc>-vpmsum-consts.h headers are written by scripts/gen-crc-consts.py
 * (powerpc_vpmsum). This file is generated from the crc32c-vmx project's
 * template core, which is tested there under qemu-user against a bitwise
 * reference in both byte orders, with guard pages, using the constants of
 * an independent generator that agrees with gen-crc-consts.py row by row.
 */
"""


def die(msg):
    sys.stderr.write("kernel-files.py: %s\n" % msg)
    sys.exit(1)


def drop_isa31(lines):
    """The template with CRC_VMX_ISA31 = 0: every conditional whose
    expression names it is resolved (the ISA 3.1 loop is not part of the
    series yet, docs/upstream.md). Only the forms the template uses are
    understood; anything else stops the generator."""
    out = []
    # stack of (this conditional names ISA31, keep the current branch)
    stack = []
    keep = lambda: all(k for _, k in stack)
    for line in lines:
        m = re.match(r"\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)", line)
        if m:
            kw, expr = m.group(1), m.group(2).strip()
            if kw in ("if", "ifdef", "ifndef"):
                if "CRC_VMX_ISA31" in expr:
                    if kw == "ifndef" and expr == "CRC_VMX_ISA31":
                        stack.append((True, False))
                    elif kw == "if" and re.match(r"CRC_VMX_ISA31\s*&&", expr):
                        stack.append((True, False))
                    else:
                        die("unknown use of CRC_VMX_ISA31: " + line.strip())
                    continue
                stack.append((False, True))
            elif kw == "elif":
                if stack and stack[-1][0]:
                    die("#elif after an ISA 3.1 conditional: " + line.strip())
            elif kw == "else":
                if stack and stack[-1][0]:
                    stack[-1] = (True, not stack[-1][1])
                    continue
            elif kw == "endif":
                if not stack:
                    die("unbalanced #endif")
                named, _ = stack.pop()
                if named:
                    continue
        elif "CRC_VMX_ISA31" in line and keep():
            die("CRC_VMX_ISA31 outside a conditional: " + line.strip())
        if keep():
            out.append(line)
    if stack:
        die("unterminated conditional")
    return out


def kernel_template():
    text = open(TEMPLATE).read()
    # The project's header comment gives way to the kernel tree's.
    m = re.match(r"/\* SPDX-License-Identifier: GPL-2.0-only \*/\n/\*.*?\*/\n", text, re.S)
    if not m:
        die("the template does not start with its SPDX line and a comment")
    body = text[m.end():]
    # crc_vmx_run()'s isa31 argument selects the ISA 3.1 loop; without the
    # loop the kernel copy has no such argument.
    for pat, rep in ((r"\n \* isa31 \(a constant at each call site\)[^/]*?built it in\.", ""),
                     (r",\s*int isa31\)", ")"),
                     (r"\n\t\(void\)isa31;", "")):
        body, n = re.subn(pat, rep, body)
        if n != 1:
            die("the template's isa31 argument is not where the generator expects it: " + pat)
    lines = drop_isa31(body.splitlines(keepends=True))
    body = "".join(lines)
    # The template's vector types are typedefs, as lib/raid6 has them; the
    # kernel tree gets them as macros, so that checkpatch has no new
    # typedef to warn about (every use reads the same).
    body = body.replace(" (tools/fold-model masks it)", "")
    body = re.sub(r"^typedef (.*) (crc_vmx_\w+_t);$", r"#define \2\t\1", body, flags=re.M)
    body = body.replace("crc_vmx_core_template.h", "crc-vpmsum-core.h")
    body = body.replace("CRC_VMX_", "VPMSUM_").replace("crc_vmx_", "vpmsum_")
    body, n = re.subn(r"Everything here but the ISA 3\.1 loop is", "Everything here is", body)
    if n != 1:
        die("the template's AltiVec-only comment is not where the generator expects it")
    body = body.replace("VPMSUM_CORE_TEMPLATE_H", "_LIB_CRC_POWERPC_VPMSUM_CORE_H")
    for bad in ("docs/", "tools/", "module/", "vmx-core", "harness"):
        if bad in body:
            die("the kernel copy of the template still mentions '%s'" % bad)
    # Blank line runs left where a section was dropped
    body = re.sub(r"\n{3,}", "\n\n", body)
    for i, line in enumerate(body.splitlines()):
        if len(line.expandtabs(8)) > 100:
            die("line %d of the kernel copy is longer than 100 columns: %s" % (i, line))
    return TEMPLATE_HEAD + body


def kernel_variant(args):
    """gen-crc-consts.py's name for the CRC that crc-constgen's ARGS name."""
    poly = int(args[args.index("--poly") + 1], 16)
    width = int(args[args.index("--width") + 1])
    if "--reflected" in args:
        poly = int(format(poly, "0%db" % width)[::-1], 2)
        return "crc%d_lsb_0x%0*x" % (width, (width + 3) // 4, poly)
    return "crc%d_msb_0x%0*x" % (width, (width + 3) // 4, poly)


def vec_rows(text, macro):
    """The (hi, lo) rows of MACRO(hi, lo) in a constants header, in order."""
    return [(int(h, 16), int(l, 16)) for h, l in
            re.findall(r"\b%s\((0x[0-9a-fA-F]+)(?:ULL)?, (0x[0-9a-fA-F]+)(?:ULL)?\)" % macro, text)]


def constgen_rows(constgen, name, args):
    cmd = [constgen] + args + ["--strides", "16", "--name", name]
    text = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return vec_rows(text, name.upper() + "_VEC")


def consts_header(constgen, script, name, args):
    variant = kernel_variant(args)
    if script:
        # Run as the tree's scripts/gen-crc-consts.py, the command line
        # its output records.
        d = os.path.dirname(os.path.dirname(os.path.abspath(script)))
        return subprocess.run([sys.executable, os.path.relpath(script, d), "powerpc_vpmsum", variant],
                              cwd=d, check=True, capture_output=True, text=True).stdout
    rows = constgen_rows(constgen, name, args)
    nfold = 16
    out = ["/* SPDX-License-Identifier: GPL-2.0-or-later */",
           "/* crc-constgen's rows for %s in gen-crc-consts.py's layout */" % variant,
           "#ifdef CONFIG_CPU_LITTLE_ENDIAN", "#define VPMSUM_PAIR(hi, lo)\t{ lo, hi }",
           "#else", "#define VPMSUM_PAIR(hi, lo)\t{ hi, lo }", "#endif",
           "static const struct {", "\tu64 fold[%d][2];" % nfold,
           "\tu64 reduce[%d][2];" % (len(rows) - nfold),
           "} %s_consts __aligned(16) __maybe_unused = {" % variant, "\t.fold = {"]
    for i, (hi, lo) in enumerate(rows):
        if i == nfold:
            out += ["\t},", "\t.reduce = {"]
        out.append("\t\tVPMSUM_PAIR(0x%016x, 0x%016x)," % (hi, lo))
    out += ["\t},", "};", ""]
    return "\n".join(out)


def core_c(name, variant, refl, width, state, proto, body, what):
    fname = name.replace("_", "-")
    return f"""\
// SPDX-License-Identifier: GPL-2.0-only
/*
 * {what}.
 * The vpmsum template core (crc-vpmsum-core.h) with its generated constants.
 */
#include <linux/compiler.h>
#include <linux/types.h>

#include "crc-vpmsum.h"
#include "{fname}-vpmsum-consts.h"

#define VPMSUM_REFLECTED	{refl}
#define VPMSUM_WIDTH		{width}
#define VPMSUM_STATE		{state}
#define VPMSUM_FOLD		{variant}_consts.fold
#define VPMSUM_REDUCE		{variant}_consts.reduce
#include "crc-vpmsum-core.h"

{proto}
{{
	{body}
}}
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--constgen", required=True)
    ap.add_argument("--consts-script")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    d = os.path.join(a.out, "lib/crc/powerpc")
    os.makedirs(d, exist_ok=True)
    files = {"crc-vpmsum-core.h": kernel_template()}
    for name, args, refl, width, state, proto, body, what in CRCS:
        fname = name.replace("_", "-")
        files[fname + "-vpmsum-consts.h"] = consts_header(a.constgen, a.consts_script, name, args)
        files[fname + "-vpmsum.c"] = core_c(name, kernel_variant(args), refl, width, state, proto,
                                            body, what)
    for f in sorted(os.listdir(GLUE)):
        files[f] = open(os.path.join(GLUE, f)).read()
    for f, text in files.items():
        with open(os.path.join(d, f), "w") as o:
            o.write(text)
    print("\n".join(sorted(files)))


if __name__ == "__main__":
    main()
