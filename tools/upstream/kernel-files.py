#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Writes the lib/crc/powerpc files of the upstream series (tools/upstream/,
docs/upstream.md) from the project's own sources: the template core
module/arch/powerpc/crc_vmx_core_template.h (renamed to the kernel's vpmsum
names, without the ISA 3.1 loop), one instance of it per width and bit
order, the glue headers of tools/upstream/kernel/, and one constants header
per CRC.

The series' constants headers are the output of the kernel's
scripts/gen-crc-consts.py with its powerpc_vpmsum type (patch 1), given by
--consts-script. Without it (the host harness build, which has no kernel
tree) crc-constgen's rows are written in the same layout: make check
proves the two generators' rows equal (tools/upstream/consts-agree.sh).

Usage: kernel-files.py --constgen BIN [--consts-script SCRIPT] [--crcs LIST] --out DIR
DIR gets lib/crc/powerpc/<files>; nothing else is written. --crcs writes
the files as an earlier patch of the series has them, with only those CRCs.
"""
import argparse
import os
import re
import subprocess
import sys
import textwrap

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TEMPLATE = os.path.join(TOP, "module/arch/powerpc/crc_vmx_core_template.h")
GLUE = os.path.join(TOP, "tools/upstream/kernel")

# The CRCs of the series: name, crc-constgen arguments, the lib/crc header
# that uses them, the core of their width and bit order.
CRCS = [
    ("crc64_be", ["--poly", "0x42f0e1eba9ea3693", "--width", "64", "--msb-first"], "crc64",
     "crc64_msb"),
    ("crc64_nvme", ["--poly", "0xad93d23594c93659", "--width", "64", "--reflected"], "crc64",
     "crc64_lsb"),
    ("crc32_le", ["--poly", "0x04c11db7", "--width", "32", "--reflected"], "crc32", "crc32_lsb"),
    ("crc32_be", ["--poly", "0x04c11db7", "--width", "32", "--msb-first"], "crc32", "crc32_msb"),
    ("crc32c", ["--poly", "0x1edc6f41", "--width", "32", "--reflected"], "crc32", "crc32_lsb"),
]

# The cores: bit order (1: LSB first), width, state type, what they serve
CORES = {
    "crc64_msb": (0, 64, "u64", "64-bit CRCs, MSB of each byte first (crc64_be())"),
    "crc64_lsb": (1, 64, "u64", "64-bit CRCs, LSB of each byte first (crc64_nvme())"),
    "crc32_lsb": (1, 32, "u32", "32-bit CRCs, LSB of each byte first (crc32_le(), crc32c())"),
    "crc32_msb": (0, 32, "u32", "32-bit CRCs, MSB of each byte first (crc32_be())"),
}

TEMPLATE_HEAD = """\
/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CRCs by vpmsumd (POWER8 vector polynomial multiply-sum) folding, written
 * once for every width and bit order that lib/crc/powerpc accelerates:
 * each crc<width>-<lsb|msb>-vpmsum.c defines
 *
 *   VPMSUM_REFLECTED	1: LSB of each byte first; 0: MSB first
 *   VPMSUM_WIDTH		32 or 64: the core's state width
 *   VPMSUM_STATE		the state's type (u32 or u64)
 *
 * includes this file, and gets the static vpmsum_run(): the raw state (no
 * inversion) advanced over len >= 16 bytes at any address and alignment,
 * for the CRC whose constants (struct vpmsum_consts) it is passed. Shorter
 * inputs are the caller's: the table code is cheaper there than a vector
 * section.
 *
 * A 16-byte block loaded into a vector register is the polynomial whose
 * x^127 coefficient is the first message bit, and folding it forward by d
 * bits is one vpmsumd by x^d mod P. The message is folded as 16
 * independent streams of 16-byte blocks, 256 bytes per loop iteration, so
 * that 16 multiplies are in flight to cover their latency; the streams are
 * then combined, the last whole and partial blocks folded in, and the
 * 128-bit remainder reduced to the CRC by Barrett reduction. What the bit
 * order and the width change is only the byte order of a loaded block, the
 * direction of the byte shifts, where the state enters the first block and
 * the final reduction.
 *
 * The instructions are VMX (AltiVec) and the ISA 2.07 vector crypto ones,
 * so callers need only enable_kernel_altivec(). Build with
 * -maltivec -mno-vsx.
 *
 * The <crc>-vpmsum-consts.h headers are written by
 * scripts/gen-crc-consts.py (powerpc_vpmsum). This file is generated from the crc32c-vmx project's
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


def kernel_template(path=TEMPLATE):
    """The kernel copy crc-vpmsum-core.h of the template at path (the
    mutation sweep passes a mutant's)."""
    with open(path) as f:
        text = f.read()
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
    body = body.replace(" (tools/fold-model masks it)", "")
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


def consts_header(constgen, script, crcs):
    variants = [kernel_variant(args) for _, args, _, _ in crcs]
    if script:
        # Run as the tree's scripts/gen-crc-consts.py, the command line
        # its output records.
        d = os.path.dirname(os.path.dirname(os.path.abspath(script)))
        return subprocess.run([sys.executable, os.path.relpath(script, d), "powerpc_vpmsum",
                               ",".join(variants)],
                              cwd=d, check=True, capture_output=True, text=True).stdout
    out = ["/* SPDX-License-Identifier: GPL-2.0-or-later */",
           "/* crc-constgen's rows in gen-crc-consts.py's layout */",
           "#ifdef CONFIG_CPU_LITTLE_ENDIAN", "#define VPMSUM_PAIR(hi, lo)\t{ lo, hi }",
           "#else", "#define VPMSUM_PAIR(hi, lo)\t{ hi, lo }", "#endif"]
    for (name, args, _, _), variant in zip(crcs, variants):
        rows = constgen_rows(constgen, name, args)
        nfold = 16
        out += ["static const struct vpmsum_consts %s_consts __maybe_unused = {" % variant,
                "\t.fold = {"]
        for i, (hi, lo) in enumerate(rows):
            if i == nfold:
                out += ["\t},", "\t.reduce = {"]
            out.append("\t\tVPMSUM_PAIR(0x%016x, 0x%016x)," % (hi, lo))
        out += ["\t},", "};"]
    return "\n".join(out) + "\n"


def core_c(core, crcs):
    refl, width, state, what = CORES[core]
    served = [n + "()" for n, _, _, c in CRCS if c == core and n in crcs]
    what = re.sub(r" \(.*\)", ": " + " and ".join(served), what)
    head = textwrap.fill("The vpmsum core (crc-vpmsum-core.h) for %s." % what, width=72,
                         initial_indent=" * ", subsequent_indent=" * ")
    return f"""\
// SPDX-License-Identifier: GPL-2.0-only
/*
{head}
 */
#include <linux/compiler.h>
#include <linux/types.h>

#include "crc-vpmsum.h"

#define VPMSUM_REFLECTED	{refl}
#define VPMSUM_WIDTH		{width}
#define VPMSUM_STATE		{state}
#include "crc-vpmsum-core.h"

{state} {core}_vpmsum({state} crc, const u8 *p, size_t len, const struct vpmsum_consts *consts)
{{
	return vpmsum_run(crc, p, len, consts->fold, consts->reduce);
}}
"""


def glue_header(name, cores, glue=GLUE):
    """A glue header of tools/upstream/kernel/ (or of the directory glue:
    the mutation sweep passes a mutant's); crc-vpmsum.h declares only the
    cores that CORES lists."""
    with open(os.path.join(glue, name)) as f:
        text = f.read()
    if name == "crc-vpmsum.h":
        protos = re.findall(r"^u(?:32|64) (\w+)_vpmsum\(", text, re.M)
        if sorted(protos) != sorted(CORES):
            die("crc-vpmsum.h declares %s, kernel-files.py knows %s" % (protos, sorted(CORES)))
        text = re.sub(r"^u(?:32|64) (\w+)_vpmsum\(.*\n",
                      lambda m: m.group(0) if m.group(1) in cores else "", text, flags=re.M)
    return text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--constgen", required=True)
    ap.add_argument("--consts-script")
    ap.add_argument("--crcs", help="comma-separated CRCs to write the files for "
                    "(default: all); the series' earlier patches have fewer")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    names = a.crcs.split(",") if a.crcs else [c[0] for c in CRCS]
    unknown = set(names) - {c[0] for c in CRCS}
    if unknown:
        die("unknown CRC(s): " + ", ".join(sorted(unknown)))
    crcs = [c for c in CRCS if c[0] in names]
    cores = sorted({c[3] for c in crcs})
    d = os.path.join(a.out, "lib/crc/powerpc")
    os.makedirs(d, exist_ok=True)
    files = {"crc-vpmsum-core.h": kernel_template()}
    for c in crcs:
        files[c[0].replace("_", "-") + "-vpmsum-consts.h"] = consts_header(
            a.constgen, a.consts_script, [c])
    for header in sorted({c[2] for c in crcs}):
        files[header + ".h"] = glue_header(header + ".h", cores)
    for core in cores:
        files[core.replace("_", "-") + "-vpmsum.c"] = core_c(core, names)
    files["crc-vpmsum.h"] = glue_header("crc-vpmsum.h", cores)
    for f, text in files.items():
        with open(os.path.join(d, f), "w") as o:
            o.write(text)
    print("\n".join(sorted(files)))


if __name__ == "__main__":
    main()
