#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The ISA 3.1 loop's prologue sets up exactly what its first iteration
reads (module/arch/powerpc/crc_vmx_isa31_loop.S, issue 4.2 item 7).

Reads `objdump -d` of the assembled loop, splits the function at the loop
(the target of its bdnz), and follows the first iteration instruction by
instruction: the registers it reads before writing them must all be set
by the prologue or be the pointer arguments (r3-r5, r1), and every register
the prologue zeroes must be one of them, so that no zeroing is missing
or dead. Exits 0 if both hold, 1 with the difference, 2 on bad input.

Usage: check-isa31-prologue.py OBJDUMP_OUTPUT
       check-isa31-prologue.py --self-test OBJDUMP_OUTPUT
--self-test drops one zeroing from the prologue and adds one, and expects
both to be reported."""
import re
import sys

# The arguments the loop may read as they came: p, groups, fold and the
# stack pointer. acc (v2) is not one: the prologue moves it to stream 15
# and zeroes stream 0, so a vector register the loop reads first must have
# been written by the prologue.
ARGS = {"r1", "r3", "r4", "r5"}


def reg(text):
    """One operand as a register name (VRs as their VSR), or None."""
    text = text.strip()
    m = re.fullmatch(r"v(\d+)", text)
    if m:
        return "vs%d" % (32 + int(m.group(1)))
    if re.fullmatch(r"(vs|r|f)\d+", text):
        return "vs" + text[1:] if text.startswith("f") else text
    return None


def pair(r):
    n = int(r[2:])
    return [r, "vs%d" % (n + 1)]


def parse(path):
    """[(address, mnemonic, [operands])] of the function."""
    out = []
    for line in open(path):
        m = re.match(r"\s*([0-9a-f]+):\s+(?:[0-9a-f]{2} ){4}(?:\s*)(\S+)\s*(.*)", line)
        if m and not m.group(2).startswith("."):
            ops = [o for o in re.split(r",", m.group(3).split("<")[0]) if o.strip()]
            out.append((int(m.group(1), 16), m.group(2), ops))
    return out


def effect(mn, ops):
    """(reads, writes, zeroes) of one instruction."""
    regs = [reg(o) for o in ops]
    mem = [re.fullmatch(r"\s*-?\d+\((r\d+)\)", o) for o in ops]
    base = [m.group(1) for m in mem if m]
    if mn in ("vxor", "xxlxor") and len(set(ops)) == 1 and len(ops) == 3:
        return set(), {regs[0]}, {regs[0]}
    if mn in ("lxv", "lxvp", "plxvp"):
        w = pair(regs[0]) if mn != "lxv" else [regs[0]]
        return set(base), set(w), set()
    if mn == "stxvp":
        return set(pair(regs[0])) | set(base), set(), set()
    if mn in ("vpmsumd", "xxeval", "vxor", "xxlxor", "vmr", "vor", "mr", "addi"):
        rs = [r for r in regs[1:] if r]
        return set(rs), {regs[0]}, set()
    if mn == "mtctr":
        return {regs[0]}, {"ctr"}, set()
    if mn in ("bdnz", "b", "blr", "nop"):
        return ({"ctr"} if mn == "bdnz" else set()), set(), set()
    raise ValueError("unknown instruction %s %s" % (mn, ",".join(ops)))


def check(insns):
    loop_end = next(i for i, x in enumerate(insns) if x[1] == "bdnz")
    target = int(re.match(r"\s*([0-9a-f]+)", insns[loop_end][2][0]).group(1), 16)
    loop_start = next(i for i, x in enumerate(insns) if x[0] == target)
    defined, zeroed = set(ARGS), set()
    for _, mn, ops in insns[:loop_start]:
        r, w, z = effect(mn, ops)
        defined |= w
        zeroed |= z
    read_first, written = set(), set()
    for _, mn, ops in insns[loop_start:loop_end + 1]:
        r, w, _ = effect(mn, ops)
        read_first |= r - written
        written |= w
    problems = []
    missing = read_first - defined
    if missing:
        problems.append("the first iteration reads what the prologue never sets: " +
                        " ".join(sorted(missing)))
    dead = zeroed - read_first
    if dead:
        problems.append("the prologue zeroes what the first iteration never reads first: " +
                        " ".join(sorted(dead)))
    return problems, zeroed


def main():
    args = sys.argv[1:]
    selftest = args[:1] == ["--self-test"]
    if selftest:
        args = args[1:]
    if len(args) != 1:
        sys.stderr.write(__doc__)
        return 2
    try:
        insns = parse(args[0])
        problems, zeroed = check(insns)
    except (OSError, StopIteration, ValueError, AttributeError) as e:
        print("check-isa31-prologue: cannot read %s: %s" % (args[0], e))
        return 2
    if not selftest:
        for p in problems:
            print("FAIL: " + p)
        if not problems:
            print("ok: the prologue zeroes exactly the %d registers the first iteration reads"
                  " before writing, and sets the rest it reads" % len(zeroed))
        return 1 if problems else 0
    # One zeroing dropped, one added on a register the loop writes first.
    z = next(i for i, x in enumerate(insns) if effect(x[1], x[2])[2])
    dropped = insns[:z] + insns[z + 1:]
    added = insns[:z] + [(0, "vxor", ["v19", "v19", "v19"])] + insns[z:]
    ok = True
    for name, variant, want in (("a zeroing dropped", dropped, "never sets"),
                                ("a dead zeroing added", added, "never reads first")):
        got = check(variant)[0]
        hit = any(want in p for p in got)
        print("%s: %s" % (name, "reported" if hit else "NOT reported"))
        ok &= hit
    return 0 if ok and not problems else 1


if __name__ == "__main__":
    sys.exit(main())
