#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The comments beside the ISA 3.1 loop's steps list the registers live into
each step (module/arch/powerpc/crc_vmx_isa31_loop.S, issue 4.2 item 7):
this checks them against the assembled loop.

Reads `objdump -d` of the assembled loop and the loop's source. A step
starts at its first xxeval (stream 2k + 10, mod 16). A register is live
into a step if the body, followed from there around the loop, reads it
before writing it. Only the rotating registers are compared, v18-v31 and
VSR 0-7: the streams and constants (v0-v17) are live everywhere. Exits 0
if every step's comment names exactly its live registers, 1 with the
differences, 2 on bad input.

Usage: check-isa31-steps.py OBJDUMP_OUTPUT LOOP_SOURCE
       check-isa31-steps.py --self-test OBJDUMP_OUTPUT LOOP_SOURCE
--self-test drops a register from one comment and adds one to another, and
expects both to be reported."""
import importlib.util
import os
import re
import sys

_spec = importlib.util.spec_from_file_location(
    "prologue", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                             "check-isa31-prologue.py"))
prologue = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(prologue)

STEPS = 8
ROTATING = {"vs%d" % n for n in list(range(0, 8)) + list(range(50, 64))}
STEP_LINE = re.compile(r"^\s*STEP\s+(\d+),\s*[pq]\s*/\*\s*(.*?)\s*\*/\s*$")


def expand(text):
    """'v18 v20-v22, vs2-vs3' as VSR names."""
    out = set()
    for tok in re.split(r"[\s,]+", text.strip()):
        m = re.fullmatch(r"(vs|v)(\d+)(?:-(?:vs|v)(\d+))?", tok)
        if not m:
            raise ValueError("cannot read %r in a step comment" % tok)
        lo, hi = int(m.group(2)), int(m.group(3) or m.group(2))
        off = 32 if m.group(1) == "v" else 0
        out |= {"vs%d" % (n + off) for n in range(lo, hi + 1)}
    return out


def commented(source_lines):
    steps = {}
    for line in source_lines:
        m = STEP_LINE.match(line)
        if m:
            steps[int(m.group(1))] = expand(m.group(2))
    if sorted(steps) != list(range(STEPS)):
        raise ValueError("want a commented STEP line for each of steps 0-%d, found %s"
                         % (STEPS - 1, sorted(steps)))
    return steps


def live_into_steps(insns):
    loop_end = next(i for i, x in enumerate(insns) if x[1] == "bdnz")
    target = int(re.match(r"\s*([0-9a-f]+)", insns[loop_end][2][0]).group(1), 16)
    loop_start = next(i for i, x in enumerate(insns) if x[0] == target)
    body = [prologue.effect(mn, ops)[:2] for _, mn, ops in insns[loop_start:loop_end]]
    starts, i = [], 0
    for k in range(STEPS):
        want = "vs%d" % (32 + 2 + (2 * k + 10) % 16)
        while not (insns[loop_start + i][1] == "xxeval" and body[i][1] == {want}):
            i += 1
        starts.append(i)
    live = {}
    for k, s in enumerate(starts):
        read, written = set(), set()
        for j in range(len(body)):
            r, w = body[(s + j) % len(body)]
            read |= (r - written)
            written |= w
        live[k] = read & ROTATING
    return live


def names(regs):
    """VSR names as the source writes them: v18-v31 as VRs, VSR 0-7 as vsN."""
    nums = sorted(int(r[2:]) for r in regs)
    return " ".join("v%d" % (n - 32) if n >= 32 else "vs%d" % n for n in nums)


def compare(live, said):
    problems = []
    for k in range(STEPS):
        missing, dead = live[k] - said[k], said[k] - live[k]
        if missing:
            problems.append("step %d: the comment leaves out live %s"
                            % (k, names(missing)))
        if dead:
            problems.append("step %d: the comment names %s, not live there"
                            % (k, names(dead)))
    return problems


def main():
    args = sys.argv[1:]
    selftest = args[:1] == ["--self-test"]
    if selftest:
        args = args[1:]
    if len(args) != 2:
        sys.stderr.write(__doc__)
        return 2
    try:
        live = live_into_steps(prologue.parse(args[0]))
        said = commented(open(args[1]).read().splitlines())
    except (OSError, StopIteration, ValueError, AttributeError, IndexError) as e:
        print("check-isa31-steps: cannot read the loop: %s" % e)
        return 2
    problems = compare(live, said)
    if not selftest:
        for p in problems:
            print("FAIL: " + p)
        if not problems:
            print("ok: each of the %d step comments names exactly the registers live into it"
                  % STEPS)
        return 1 if problems else 0
    dropped = dict(said)
    dropped[3] = set(sorted(said[3])[1:])
    added = dict(said)
    added[5] = said[5] | {"vs8"}
    ok = True
    for name, variant in (("a live register left out", dropped),
                          ("a dead register named", added)):
        hit = bool(compare(live, variant))
        print("%s: %s" % (name, "reported" if hit else "NOT reported"))
        ok &= hit
    return 0 if ok and not problems else 1


if __name__ == "__main__":
    sys.exit(main())
