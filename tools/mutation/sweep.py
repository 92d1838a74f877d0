#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Mutation sweep of the VMX cores (module/arch/powerpc/, under qemu-user) and
of the glue (module/*.c, module/*.h, in POWER8 guests).

Usage: tools/mutation/sweep.py [options] {list,run,report,sample}

  list     every mutant of the files of --scope as they are now (id, file:line, op)
  run      give a verdict to each selected mutant that has none in the
           verdict file yet, writing the file after each one (so a run that
           is stopped resumes where it stopped)
  report   counts per file, operator and verdict; the survivors
  sample   the fixed sample make check runs: its verdicts now against the
           verdict file (a killed or equivalent mutant that now survives,
           or a survivor that is not explained there, fails)

Each mutant is first compiled alone into every object that includes its
file (crc32c, crct10dif, crc64-rocksoft; little- and big-endian; the ISA
3.1 loop): a compile error or warning makes it `invalid`; identical object
code in every object makes it `equivalent`. The others run in the harness
lanes whose objects changed, each lane stopping at its first failure
report: `killed` (a lane reported a mismatch, fault or ABI breach, or the
harness crashed), `timeout`, or `survived`. A mutant of a template line
that no module core compiles (the 64-bit MSB-first reduction, which only
the upstream series' crc64-be core compiles) goes to the series instead:
tools/upstream/kernel-files.py writes the series' files from the mutated
template (crc-constgen, built once per run, gives their constants), the
mutant is compiled alone into the series' cores that keep every line it
changes in the template's kernel copy (invalid, equivalent as above),
and runs in upstream-harness, both byte orders, for each CRC those cores
serve. A line the series does not compile either is `unbuilt`. Mutants
inside the template's functions run from one schema build
(tools/mutation/schema.py); the rest (preprocessor lines, tables, macros,
the instance files, the assembly loop, the series' mutants) from a build
of their own.

The glue's mutants (--scope glue) are screened by a Kbuild build of their
own against the kernel of --kernel-env and each of the debug, 6.12 and
newest kernels that is on the machine (invalid: it warns on one of them;
equivalent: code and data of every .ko unchanged on all of them;
needs-lane: changed only on kernels other than --kernel-env's, counted
as not killed until a lane of such a kernel judges it) and the others run in POWER8
guest boots of --kernel-env's kernel (--guest-cpu for another model), many
per boot, against the whole kselftest collection (tools/mutation/glue.py):
killed, survived, crashed, timeout or setup-failed (killed is a catch;
a crash on a kernel fault report is counted as detected, apart from it).
--guest-kernel debug judges the needs-lane mutants of the debug kernel
in boots of it.

The upstream series' glue (--scope series: tools/upstream/kernel/*.h) is
screened in the patched linux-source-7.2 tree (W=1 lib/crc, little- and
big-endian: invalid, equivalent), crc-vpmsum.h's mutants run in
upstream-harness, and the others in crc_kunit kernels booted by kunit.py
on POWER8 under the guest lock (tools/mutation/seriesglue.py). --scope
all is the core and the glue; the verdict file keeps every scope's rows.

Exit status: 0 done (run: every selected mutant has a verdict; sample: no
regression), 1 a sample regression or a build of the unchanged core
failed, 2 bad usage.
"""
import argparse
import concurrent.futures
import difflib
import glob
import hashlib
import importlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import glue as gluelane  # noqa: E402
import mutants as mutgen  # noqa: E402
import schema as schemagen  # noqa: E402
import seriesglue  # noqa: E402
sys.path.insert(0, os.path.join(TOP, "tools", "upstream"))
kernelfiles = importlib.import_module("kernel-files")  # the upstream series' generator

CORE = "module/arch/powerpc"
HARNESS = "tools/vmx-harness"
TEMPLATE = CORE + "/crc_vmx_core_template.h"
VERDICTS = os.path.join(HERE, "verdicts.tsv")
DOCS = os.path.join(TOP, "docs", "mutants.md")
# The committed seeds: the stratified sample of make check, and of the
# sweep when it is told to sample rather than take every mutant.
CHECK_SEED = 4301
CHECK_SAMPLE = 20
SWEEP_SEED = 4302

COMPILERS = {"le": "powerpc64le-linux-gnu-gcc", "be": "powerpc64-linux-gnu-gcc"}
QEMU = {"le": "qemu-ppc64le", "be": "qemu-ppc64"}
# The flags of the harness builds in tools/vmx-harness/CMakeLists.txt.
CFLAGS = ["-O2", "-std=gnu11", "-Wall", "-Wextra", "-Werror", "-mcpu=power8", "-maltivec",
          "-mno-vsx", "-mhard-float", "-fno-toplevel-reorder", "-DCRC_VMX_ISA31_BUILT=1"]
# The link flag of the little-endian vmx-harness (CMakeLists.txt's
# harness_link_le): its "loop" section counts the calls of the ISA 3.1 loop.
HARNESS_LINK_LE = ["-Wl,--wrap=crc_vmx_fold_streams_isa31"]
# object -> (its source in the core, byte order)
OBJECTS = {
    "crc32c-le": ("crc32c_vmx_core.c", "le"),
    "crc32c-be": ("crc32c_vmx_core.c", "be"),
    "t10dif-le": ("crct10dif_vmx_core.c", "le"),
    "t10dif-be": ("crct10dif_vmx_core.c", "be"),
    "crc64-le": ("crc64_rocksoft_vmx_core.c", "le"),
    "crc64-be": ("crc64_rocksoft_vmx_core.c", "be"),
    "isa31-le": ("crc_vmx_isa31_loop.S", "le"),
}
# lane -> (harness, byte order, qemu CPU, arguments); the objects it runs
LANES = {
    "crc32c-le-power8": ("vmx", "le", "power8", []),
    "crc32c-le-power10-isa31": ("vmx", "le", "power10", ["--isa31"]),
    "crc32c-be-power8": ("vmx", "be", "power8", []),
    # the guard sweep of input ends up to 2 KiB (the plan of CTest's
    # vmx_guard_mutant_isa31_lookahead): a read past the end that changes
    # no CRC shows only here, and it costs about a second
    "crc32c-le-power10-isa31-guard": ("vmx", "le", "power10", [
        "--isa31", "--guard", "--guard-max", "2048", "--guard-all-m", "0", "--guard-spread",
        "0", "--guard-start-max", "0", "--guard-start-all-m", "0"]),
    "t10dif-le-power8": ("family", "le", "power8", ["--crc", "t10dif"]),
    "t10dif-be-power8": ("family", "be", "power8", ["--crc", "t10dif"]),
    "crc64-le-power8": ("family", "le", "power8", ["--crc", "crc64"]),
    "crc64-be-power8": ("family", "be", "power8", ["--crc", "crc64"]),
}
LANES_OF_OBJECT = {
    "crc32c-le": ["crc32c-le-power10-isa31-guard", "crc32c-le-power8", "crc32c-le-power10-isa31"],
    "crc32c-be": ["crc32c-be-power8"],
    "t10dif-le": ["t10dif-le-power8"],
    "t10dif-be": ["t10dif-be-power8"],
    "crc64-le": ["crc64-le-power8"],
    "crc64-be": ["crc64-be-power8"],
    "isa31-le": ["crc32c-le-power10-isa31-guard", "crc32c-le-power10-isa31"],
}
HARNESS_SOURCES = {
    "vmx": ["vmx_harness.c", "crc32c_bitwise.c", "harness_util.c", "harness_guard.c",
            "harness_vr_abi.c"],
    "family": ["family_harness.c", "crc_family_ref.c", "harness_util.c", "harness_guard.c"],
    "upstream": ["family_harness.c", "crc_family_ref.c", "harness_util.c", "harness_guard.c"],
}
CORE_SOURCES = {
    ("vmx", "le"): ["crc32c_vmx_core.c", "crc_vmx_isa31_loop.S"],
    ("vmx", "be"): ["crc32c_vmx_core.c"],
    ("family", "le"): ["crct10dif_vmx_core.c", "crc64_rocksoft_vmx_core.c"],
    ("family", "be"): ["crct10dif_vmx_core.c", "crc64_rocksoft_vmx_core.c"],
}
# The upstream series (tools/upstream/kernel-files.py) compiles the
# template's kernel copy, SERIES_CORE, into one core per width and bit
# order; upstream-harness runs the entry points of the CRCs each serves.
SERIES_CORE = "crc-vpmsum-core.h"


def series_objects():
    """{object: (source, byte order)} of the series' cores, per core of the
    generator's CRCS and byte order. Adds to LANES one lane per CRC and
    byte order (upstream-harness --crc CRC on POWER8), and to
    LANES_OF_OBJECT the lanes of the CRCs each object serves."""
    out = {}
    for crc, _, _, core in kernelfiles.CRCS:
        for arch in COMPILERS:
            obj = "series-%s-%s" % (core.replace("_", "-"), arch)
            lane = "series-%s-%s-power8" % (crc, arch)
            out[obj] = (core.replace("_", "-") + "-vpmsum.c", arch)
            LANES[lane] = ("upstream", arch, "power8", ["--crc", crc])
            LANES_OF_OBJECT.setdefault(obj, []).append(lane)
    return out


SERIES_OBJECTS = series_objects()
# What ends a lane as soon as the harness prints it: its failure reports.
FAILURE = re.compile(r"^(MISMATCH|FAULT|ABI|LOOP|HANG|SECTIONS|out of memory|self-check|.*FAILED)")
RUN_ARGS = ["--seed", "43", "--random", "2000"]
GUARD_RUN_ARGS = ["--seed", "43"]
RUN_TIMEOUT = 300
VERDICT_FIELDS = ["hash", "id", "verdict", "lane", "detail", "where", "op", "mutant"]
# The verdicts of mutants that changed the code: killed (a failed
# assertion) is a catch, and so is a crash on a kernel fault report,
# counted apart (faulted()); needs-lane: a glue mutant whose code differs
# only on kernels no guest lane runs it on yet, tools/mutation/glue.py.
LIVE = ("killed", "survived", "timeout", "crashed", "setup-failed", "needs-lane")
# A crash's detail (glue.py's crash_reports: the console's first report and
# the function it names; a crc_kunit boot adds the case in parentheses)
# that is the kernel stopping a fault: a bad access, an illegal or
# unavailable instruction, a failed list check. A stall the watchdog
# reports (soft lockup, hung task, RCU stall) is a hang, not a fault.
FAULT = re.compile(r"(Oops: |BUG: Unable to handle|BUG: Kernel NULL pointer|kernel BUG at"
                   r"|illegal instruction, seen by QEMU with no kernel report)"
                   r".* in \w+(?: \([^)]*\))?$")
HANG = re.compile(r"soft lockup|hung task|rcu_sched|RCU stall|stuck for", re.I)

_print_lock = threading.Lock()


def say(*args):
    with _print_lock:
        print(*args, flush=True)


def core_files():
    """The core's source files: all of module/arch/powerpc/ but the generated constants."""
    return gluelane.source_files(CORE, (".c", ".h", ".S"))


# all: the core and the glue (what make check-mutation runs); series: the
# upstream series' glue, tools/upstream/kernel/*.h (tools/mutation/seriesglue.py)
SCOPES = ("core", "glue", "all", "series")


def scope_files(scope):
    if scope == "series":
        return seriesglue.files()
    return (core_files() if scope in ("core", "all") else []) + \
        (gluelane.glue_files() if scope in ("glue", "all") else [])


def all_mutants(scope="core"):
    out = []
    for rel in scope_files(scope):
        out.extend(mutgen.mutants(os.path.join(TOP, rel), name=rel))
    return seriesglue.tag(out) if scope == "series" else out


def every_mutant():
    """The mutants of every scope: the verdict file keeps their rows."""
    return all_mutants("all") + all_mutants("series")


def is_glue(mu):
    return "/arch/" not in mu.path and not seriesglue.is_series(mu)


def stratified_sample(muts, count, seed):
    """count mutants drawn by seed, each file's share proportional to its mutants."""
    by_file = {}
    for mu in muts:
        by_file.setdefault(mu.path, []).append(mu)
    rng = random.Random(seed)
    total = len(muts)
    picked = []
    for path in sorted(by_file):
        group = sorted(by_file[path], key=lambda m: m.hash)
        share = max(1, round(count * len(group) / total)) if total else 0
        picked.extend(rng.sample(group, min(share, len(group))))
    rng.shuffle(picked)
    return sorted(picked[:count], key=lambda m: (m.path, m.first, m.hash))


def keeping(live, lines):
    """The objects of live ({object: the lines its preprocessed source
    keeps}) that keep every one of lines; none if lines is empty."""
    lines = set(lines)
    return [obj for obj, kept in live.items() if lines and lines <= kept]


def lanes_of(objects):
    """The lanes of objects, each once, in order."""
    out = []
    for obj in objects:
        out += [lane for lane in LANES_OF_OBJECT[obj] if lane not in out]
    return out


def changed_lines(before, after):
    """The lines of before (numbered from 1) that after changes or removes,
    and the line before which it inserts any."""
    out = set()
    for tag, i1, i2, _, _ in difflib.SequenceMatcher(None, before, after,
                                                     autojunk=False).get_opcodes():
        if tag != "equal":
            out.update(range(i1 + 1, max(i1 + 1, i2) + 1))
    return out


# --- the verdict file ---------------------------------------------------------

def read_verdicts(path):
    out = {}
    if not os.path.exists(path):
        return out
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            cols = line.rstrip("\n").split("\t")
            if len(cols) != len(VERDICT_FIELDS):
                raise SystemExit("%s: malformed line: %s" % (path, line.strip()))
            out[cols[0]] = dict(zip(VERDICT_FIELDS, cols))
    return out


def write_verdicts(path, verdicts, current):
    """The verdicts of the mutants that exist now (current: all of them, in
    every scope), sorted by file and line."""
    order = {mu.hash: (mu.path, mu.first, mu.id) for mu in current}
    rows = [v for h, v in verdicts.items() if h in order]
    rows.sort(key=lambda v: order[v["hash"]])
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("# SPDX-License-Identifier: GPL-2.0-only\n")
        f.write("# Verdicts of tools/mutation/sweep.py, keyed by mutant hash; "
                "written by `make check-mutation`.\n")
        f.write("# " + "\t".join(VERDICT_FIELDS) + "\n")
        for v in rows:
            f.write("\t".join(v[k] for k in VERDICT_FIELDS) + "\n")
    os.replace(tmp, path)


def clean(text):
    return " ".join(text.replace("\t", " ").split())


def verdict_row(mu, verdict, lane="-", detail="-"):
    before = clean(mu.old) or "-"
    after = clean(mu.new) or "(removed)"
    return {"hash": mu.hash, "id": mu.id, "verdict": verdict, "lane": lane,
            "detail": clean(detail)[:160] or "-",
            "where": "%s:%d" % (mu.path.split("/")[-1], mu.first), "op": mu.op,
            "mutant": "%s => %s" % (before[:200], after[:200])}


# --- builds ---------------------------------------------------------------------

def nice(cmd):
    return ["nice", "-n", "10"] + cmd


class Builder:
    def __init__(self, work):
        self.work = work
        os.makedirs(work, exist_ok=True)
        self.selector = os.path.join(HERE, "selector.c")
        self.series_files = None

    def core_copy(self, tag, replace=None):
        """A copy of the core directory, with replace = (name, text) written over one file."""
        d = os.path.join(self.work, tag, "core")
        if os.path.isdir(d):
            shutil.rmtree(d)
        shutil.copytree(os.path.join(TOP, CORE), d)
        if replace:
            with open(os.path.join(d, replace[0]), "w", encoding="utf-8") as f:
                f.write(replace[1])
        return d

    def flags(self, core):
        h = os.path.join(TOP, HARNESS)
        return CFLAGS + ["-I" + core, "-I" + os.path.join(TOP, "module"), "-I" + h,
                         "-I" + os.path.join(h, "kernel-shim")]

    def series(self, core, overlay=None):
        """The upstream series' lib/crc/powerpc files beside core, with the
        kernel copy of core's template (tools/upstream/kernel-files.py)
        and overlay's (name, text) written over one file.
        The first call builds crc-constgen and writes the others."""
        if not self.series_files:
            constgen = os.path.join(self.work, "crc-constgen")
            sources = sorted(glob.glob(os.path.join(TOP, "tools", "constgen", "*.cpp")))
            subprocess.run(nice(["g++", "-std=c++20", "-O2", "-o", constgen] + sources),
                           check=True)
            out = os.path.join(self.work, "series-gen")
            subprocess.run([sys.executable, kernelfiles.__file__, "--constgen", constgen,
                            "--out", out], check=True, capture_output=True)
            self.series_files = os.path.join(out, "lib", "crc", "powerpc")
        d = os.path.join(os.path.dirname(core), "series")
        if os.path.isdir(d):
            shutil.rmtree(d)
        shutil.copytree(self.series_files, d)
        with open(os.path.join(d, SERIES_CORE), "w", encoding="utf-8") as f:
            f.write(kernelfiles.kernel_template(os.path.join(core, TEMPLATE.split("/")[-1])))
        if overlay:
            with open(os.path.join(d, overlay[0]), "w", encoding="utf-8") as f:
                f.write(overlay[1])
        return d

    def objects(self, core, outdir, objects):
        """{object: its disassembly and data, or None if it did not compile}
        of objects ({object: (source in core, byte order)}), and errors."""
        os.makedirs(outdir, exist_ok=True)
        out = {}
        errors = []
        for obj, (src, arch) in objects.items():
            o = os.path.join(outdir, obj + ".o")
            r = subprocess.run(nice([COMPILERS[arch]] + self.flags(core) +
                                    ["-c", os.path.join(core, src), "-o", o]),
                               capture_output=True, text=True)
            if r.returncode:
                out[obj] = None
                errors.append(r.stderr)
                continue
            d = subprocess.run([COMPILERS[arch].replace("gcc", "objdump"), "-d", "-s", "-r", o],
                               capture_output=True, text=True, check=True).stdout
            out[obj] = hashlib.sha256(d.split("\n", 2)[2].encode()).hexdigest()
        return out, errors

    def live_lines(self, core, name, objects=OBJECTS):
        """{object: set of the lines of core/name that its preprocessed source keeps}."""
        out = {}
        for obj, (src, arch) in objects.items():
            if src.endswith(".S"):
                continue
            r = subprocess.run(nice([COMPILERS[arch], "-E"] + self.flags(core) +
                                    [os.path.join(core, src)]),
                               capture_output=True, text=True, check=True)
            live = set()
            cur, no = None, 0
            for line in r.stdout.splitlines():
                m = re.match(r'# (\d+) "([^"]*)"', line)
                if m:
                    no, cur = int(m.group(1)), m.group(2)
                    continue
                if cur and cur.endswith("/" + name) and line.strip():
                    live.add(no)
                no += 1
            out[obj] = live
        return out

    def harness(self, core, outdir, harness, arch, overlay=None):
        """Build one harness binary; (path, None) or (None, compiler output).
        upstream-harness is built from the series' files of core's template
        (overlay: a series file's (name, text) instead of kernel-files.py's)."""
        os.makedirs(outdir, exist_ok=True)
        binary = os.path.join(outdir, "%s-%s" % (harness, arch))
        srcs = [os.path.join(TOP, HARNESS, s) for s in HARNESS_SOURCES[harness]]
        if harness == "upstream":
            series = self.series(core, overlay)
            srcs += [os.path.join(series, s) for s in sorted({s for s, _ in
                                                              SERIES_OBJECTS.values()})]
            flags = self.flags(series) + ["-DFAMILY_HARNESS_UPSTREAM"]
        else:
            srcs += [os.path.join(core, s) for s in CORE_SOURCES[(harness, arch)]]
            flags = self.flags(core)
            if harness == "vmx" and arch == "le":
                flags += HARNESS_LINK_LE
        srcs.append(self.selector)
        r = subprocess.run(nice([COMPILERS[arch], "-static"] + flags + srcs +
                                ["-o", binary]), capture_output=True, text=True)
        if r.returncode:
            return None, r.stderr
        return binary, None


def series_boot_row(mu, item, arch, cpu):
    """The verdict row of mu's crc_kunit boot kept in item
    (series-build.sh boot), or None where the kernel never started."""
    verdict, detail = series_boot_verdict(item, arch, cpu)
    if not verdict:
        say("series: %s: %s, %s/kunit-%s-%s.log: no verdict" % (mu.id, detail, item, arch, cpu))
        return None
    return verdict_row(mu, verdict, "crc_kunit-%s-%s" % (arch, cpu.lower()), detail)


def series_boot_verdict(item, arch, cpu):
    """seriesglue.boot_verdict() of the crc_kunit boot kept in item."""
    stem = os.path.join(item, "kunit-%s-%s" % (arch, cpu))
    with open(stem + ".seconds", encoding="utf-8") as f:
        seconds = int(f.read().split()[0])
    cases = {}
    if os.path.exists(stem + ".json"):
        try:
            with open(stem + ".json", encoding="utf-8") as f:
                cases = seriesglue.kunit_cases(json.load(f))
        except ValueError:
            cases = {}
    log = ""
    for path in (os.path.join(item, "kunit-%s" % arch, "test.log"), stem + ".log"):
        if os.path.exists(path):
            with open(path, encoding="utf-8", errors="replace") as f:
                log += f.read()
    illegal = None
    if os.path.exists(stem + ".qemu-int.log"):
        with open(stem + ".qemu-int.log", encoding="utf-8", errors="replace") as f:
            interrupts = f.read()
        if seriesglue.QEMU_ILLEGAL.search(interrupts):
            cross = seriesglue.CROSS["be" if arch == seriesglue.KUNIT_ARCH["be"] else "le"]
            illegal = seriesglue.qemu_illegal(interrupts, seriesglue.text_symbols(
                os.path.join(item, "kunit-%s" % arch, "vmlinux"), cross))
    return seriesglue.boot_verdict(cases, log, seconds, seriesglue.BOOT_TIMEOUT, illegal)


INSN = r"^[ \t]*([0-9a-f]+):[ \t]+(?:[0-9a-f]{2} ){4}[ \t]*(\S+)[ \t]*(\S*)"


def disassemble(obj):
    return subprocess.run([COMPILERS["le"].replace("gcc", "objdump"), "-d", obj],
                          capture_output=True, text=True, check=True).stdout


def loop_padding(obj):
    """The ISA 3.1 loop's body must hold no nop: its prefixed instructions
    are placed so that the assembler never pads (crc_vmx_isa31_loop.S).
    Returns what breaks that in the object, or "" if nothing does."""
    insns = re.findall(INSN, disassemble(obj), re.M)
    loops = [(int(a, 16), int(t, 16)) for a, op, t in insns if op == "bdnz" and t]
    if len(loops) != 1:
        return "%d bdnz instructions in the ISA 3.1 loop's object, not 1" % len(loops)
    end, start = loops[0]
    pads = [a for a, op, _ in insns if op == "nop" and start <= int(a, 16) < end]
    return "padding nop in the loop body at 0x%s" % pads[0] if pads else ""


def falls_off_end(obj):
    """Every function of the ISA 3.1 loop's object must end in a branch that
    leaves it (blr, b or bctr) before any alignment nops: one that runs off
    its end executes whatever the linker puts next, which the harness's
    link may make harmless. Returns the first such function, or ""."""
    for name, body in re.findall(r"^[0-9a-f]+ <([^>]+)>:\n(.*?)(?=^[0-9a-f]+ <|\Z)",
                                 disassemble(obj), re.M | re.S):
        ops = [op for _, op, _ in re.findall(INSN, body, re.M) if op not in ("nop", "ori")]
        if ops and ops[-1] not in ("blr", "b", "bctr"):
            return "%s runs off its end (last instruction %s)" % (name, ops[-1])
    return ""


def run_lane(binary, lane, selector):
    """(verdict, detail) of one harness run: killed, timeout or survived."""
    _, arch, cpu, args = LANES[lane]
    env = dict(os.environ, CRC_VMX_MUTANT=str(selector))
    cmd = nice([QEMU[arch], "-cpu", cpu, binary] + args +
               (GUARD_RUN_ARGS if "--guard" in args else RUN_ARGS))
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         env=env, errors="replace")
    timer = threading.Timer(RUN_TIMEOUT, p.kill)
    timer.start()
    first_failure = None
    try:
        for line in p.stdout:
            if FAILURE.match(line):
                first_failure = line.strip()
                p.kill()
                break
        p.stdout.close()
        rc = p.wait()
    finally:
        timed_out = not timer.is_alive() and first_failure is None
        timer.cancel()
    if first_failure:
        return "killed", first_failure
    if timed_out:
        return "timeout", "no result in %d s" % RUN_TIMEOUT
    if rc < 0:
        return "killed", "the harness died of signal %d" % -rc
    if rc:
        return "killed", "the harness exited %d" % rc
    return "survived", "-"


# --- the sweep ------------------------------------------------------------------

class Sweep:
    def __init__(self, args):
        self.args = args
        self.b = Builder(args.work)
        self.baseline = None
        self.series_baseline = None

    def base(self):
        if self.baseline is None:
            core = self.b.core_copy("base")
            objs, errors = self.b.objects(core, os.path.join(self.args.work, "base", "obj"),
                                          OBJECTS)
            if errors:
                raise SystemExit("the unchanged core does not build:\n" + "".join(errors))
            self.baseline = objs
        return self.baseline

    def series_base(self):
        """The series' objects from the unchanged template, the lines of its
        kernel copy that each keeps, and the copy's lines."""
        if self.series_baseline is None:
            self.base()
            series = self.b.series(os.path.join(self.args.work, "base", "core"))
            objs, errors = self.b.objects(
                series, os.path.join(self.args.work, "base", "series-obj"), SERIES_OBJECTS)
            if errors:
                raise SystemExit("the unchanged series does not build:\n" + "".join(errors))
            with open(os.path.join(series, SERIES_CORE), encoding="utf-8") as f:
                copy = f.read().splitlines()
            self.series_baseline = (objs, self.b.live_lines(series, SERIES_CORE, SERIES_OBJECTS),
                                    copy)
        return self.series_baseline

    def screen(self, mu, slot, series=False):
        """Compile one mutant alone: (verdict or None, lanes, mutated text).
        series: a template mutant whose line no module core compiles, compiled
        into the series' objects that keep every line it changes in the
        template's kernel copy (`unbuilt` if none does)."""
        rel = mu.path.split("/")[-1]
        with open(mu.path, encoding="utf-8") as f:
            lines = f.read().splitlines(keepends=True)
        text = "".join(mu.apply(lines))
        core = self.b.core_copy("screen%d" % slot, (rel, text))
        if series:
            base, live, copy = self.series_base()
            src = self.b.series(core)
            with open(os.path.join(src, SERIES_CORE), encoding="utf-8") as f:
                objects = {o: SERIES_OBJECTS[o] for o in
                           keeping(live, changed_lines(copy, f.read().splitlines()))}
            if not objects:
                return verdict_row(mu, "unbuilt", "-", "neither a module core nor the upstream "
                                   "series compiles this line"), [], text
        else:
            # a file of one instance is compiled into its objects only; the
            # template and the shared headers into all of them
            base, src = self.base(), core
            objects = {o: v for o, v in OBJECTS.items() if v[0] == rel} or OBJECTS
        objs, errors = self.b.objects(src, os.path.join(self.args.work, "screen%d" % slot, "obj"),
                                      objects)
        if errors:
            first = next((ln for e in errors for ln in e.splitlines()
                          if "error" in ln or "warning" in ln), errors[0][:160])
            return verdict_row(mu, "invalid", "-", first.split(": ", 1)[-1]), [], text
        changed = [o for o in objs if objs[o] != base[o]]
        if not changed:
            return verdict_row(mu, "equivalent", "-", "identical object code"), [], text
        if "isa31-le" in changed:
            obj = os.path.join(self.args.work, "screen%d" % slot, "obj", "isa31-le.o")
            pad = loop_padding(obj)
            if pad:
                return verdict_row(mu, "killed", "isa31-loop-layout", pad), [], text
            end = falls_off_end(obj)
            if end:
                return verdict_row(mu, "killed", "isa31-function-end", end), [], text
        return None, lanes_of(changed), text

    def run_lanes(self, mu, lanes, binaries, selector):
        for lane in lanes:
            harness, arch, _, _ = LANES[lane]
            verdict, detail = run_lane(binaries[(harness, arch)], lane, selector)
            if verdict != "survived":
                return verdict_row(mu, verdict, lane, detail)
        return verdict_row(mu, "survived", ",".join(lanes), "-")

    def run_glue(self, muts, record):
        """The glue's mutants: screened one Kbuild build at a time, then the
        others in guest boots of --guest-cpu (tools/mutation/glue.py)."""
        start = time.time()
        b = gluelane.GlueBuilder(self.args.work, gluelane.kernels(
            self.args.work, self.args.kernel_env, say, self.args.guest_kernel))
        pending = []
        for mu in muts:
            with open(mu.path, encoding="utf-8") as f:
                text = "".join(mu.apply(f.read().splitlines(keepends=True)))
            verdict, detail, changed = b.screen(mu, text)
            if verdict:
                record(verdict_row(mu, verdict, "-", detail))
            else:
                say("%-9s %s %s changes %s" % ("to-guest", mu.id, verdict_row(mu, "-")["where"],
                                                detail))
                pending.append((mu, changed))
        screened = time.time() - start
        say("glue: screened %d mutants in %.0f s (%.0f s per hundred): %d for the guest" %
            (len(muts), screened, 100 * screened / max(1, len(muts)), len(pending)))
        if not pending or self.args.no_guest:
            return
        if self.args.guest_cpu == "POWER10-noVSX":
            got = gluelane.run_novsx(pending, gluelane.base_kos(b), self.args.kernel_env,
                                     self.args.work, say)
            for mu, _ in pending:
                if mu.hash in got:
                    record(verdict_row(mu, *got[mu.hash]))
            return
        start = time.time()
        out, initrd = gluelane.guest_initramfs(self.args.work, self.args.kernel_env, say,
                                               self.args.guest_kernel)
        kos = gluelane.base_kos(b)
        deadline = until(self.args.guest_until) if self.args.guest_until else None
        for n, batch in enumerate(gluelane.batches(pending, self.args.batch), 1):
            if deadline and time.time() > deadline - 300:
                say("glue: no boot starts within 5 minutes of --guest-until: %d mutants left" %
                    sum(len(b) for b in gluelane.batches(pending, self.args.batch)[n - 1:]))
                break
            got = gluelane.run_batch(batch, kos, out, initrd, self.args.kernel_env,
                                     self.args.work, n, say, deadline, self.args.guest_cpu,
                                     self.args.guest_kernel)
            for mu, _ in batch:
                if mu.hash in got:
                    verdict, lane, detail = got[mu.hash]
                    record(verdict_row(mu, verdict, lane, detail))
                else:
                    say("glue: %s has no result from boot %d: run again" % (mu.id, n))
        guest = time.time() - start
        say("glue: %d mutants in guests in %.0f s (%.0f s per hundred)" %
            (len(pending), guest, 100 * guest / len(pending)))

    def run_series(self, muts, record):
        """The series' glue (tools/mutation/seriesglue.py): screened in the
        patched 7.2 tree, crc-vpmsum.h's in upstream-harness, the others
        that changed code in crc_kunit boots."""
        start = time.time()
        work = os.path.join(self.args.work, "series-glue")
        os.makedirs(work, exist_ok=True)
        items = {}
        todo = []
        for mu in muts:
            item = os.path.join(work, mu.hash[:16])
            name, text = seriesglue.series_file(mu, kernelfiles, os.path.join(work, "scratch"))
            if not seriesglue.prepare_item(item, {name: text}):
                todo.append(item)
            items[mu.hash] = (item, (name, text))
        # the unchanged series as kernel-files.py writes it now (so that a
        # mutant differs from it by the mutation alone, even where
        # upstream/*.patch is older than tools/upstream/kernel/)
        base = os.path.join(work, "base")
        unchanged = {os.path.basename(rel): kernelfiles.glue_header(os.path.basename(rel),
                                                                    sorted(kernelfiles.CORES))
                     for rel in seriesglue.files()}
        if not seriesglue.prepare_item(base, unchanged):
            todo.insert(0, base)
        # 1. screening, a few items per hold of the tree's lock (an item
        # screened before with the same files and series is not built again)
        say("series: %d of %d items to screen" % (len(todo), len(items) + 1))
        for i in range(0, len(todo), seriesglue.SCREEN_BATCH):
            subprocess.run([seriesglue.SCRIPT, "screen"] + todo[i:i + seriesglue.SCREEN_BATCH],
                           check=True)
            for item in todo[i:i + seriesglue.SCREEN_BATCH]:
                seriesglue.mark_screened(item)
        base_fp = {}
        for b, (problem, fps) in seriesglue.screen_item(base).items():
            if problem:
                raise SystemExit("the unchanged series does not build clean (%s): %s" %
                                 (b, problem))
            base_fp[b] = fps
        pending = []
        for mu in muts:
            verdict, detail, changed = seriesglue.screen_verdict(
                base_fp, seriesglue.screen_item(items[mu.hash][0]))
            if verdict:
                record(verdict_row(mu, verdict, "-", detail))
            else:
                say("%-9s %s %s changes %s" % ("to-lanes", mu.id, verdict_row(mu, "-")["where"],
                                                detail))
                pending.append((mu, changed))
        screened = time.time() - start
        say("series: screened %d mutants in %.0f s (%.0f s per hundred): %d changed code" %
            (len(muts), screened, 100 * screened / max(1, len(muts)), len(pending)))
        # 2. upstream-harness for the one header it compiles
        start = time.time()
        lanes = lanes_of(list(SERIES_OBJECTS))
        core = self.b.core_copy("series-glue")
        to_kunit = []
        harnessed = 0
        for mu, changed in pending:
            if os.path.basename(mu.path) != "crc-vpmsum.h":
                to_kunit.append((mu, changed))
                continue
            harnessed += 1
            binaries = {}
            for arch in COMPILERS:
                binary, err = self.b.harness(core, os.path.join(self.args.work, "series-glue",
                                                                "harness"),
                                             "upstream", arch, items[mu.hash][1])
                if not binary:
                    say("series: %s: upstream-harness does not build (%s): to crc_kunit" %
                        (mu.id, err.strip().splitlines()[0] if err.strip() else "?"))
                    break
                binaries[("upstream", arch)] = binary
            if len(binaries) == len(COMPILERS):
                row = self.run_lanes(mu, lanes, binaries, 0)
                if row["verdict"] != "survived":
                    # killed, or a hang a boot would show as one too
                    record(row)
                    continue
                say("%-9s %s in upstream-harness: to crc_kunit" % (row["verdict"], mu.id))
            to_kunit.append((mu, changed))
        if harnessed:
            spent = time.time() - start
            say("series: %d mutants in upstream-harness in %.0f s (%.0f s per hundred)" %
                (harnessed, spent, 100 * spent / harnessed))
        if not to_kunit or self.args.no_guest:
            return
        to_kunit.sort(key=lambda item: seriesglue.kunit_order(item[0]))
        # 3. crc_kunit and crc_vpmsum_path: every kernel first, then one
        # hold of the guest lock; POWER8 first, then the survivors again on
        # a big-endian POWER7 (no vector crypto: only there does the static
        # key decide anything)
        deadline = time.time() + 48 * 3600
        if self.args.guest_until:
            deadline = time.mktime(time.strptime(time.strftime("%Y-%m-%d ") +
                                                 self.args.guest_until, "%Y-%m-%d %H:%M"))
        survivors = []
        for b in ("le", "be"):
            batch = [(mu, items[mu.hash][0]) for mu, changed in to_kunit
                     if seriesglue.kunit_arch(changed) == b]
            survivors += self.kunit_lane(batch, seriesglue.KUNIT_ARCH[b], seriesglue.KUNIT_CPU,
                                         base, work, deadline, record)
        self.kunit_lane([(mu, items[mu.hash][0]) for mu in survivors], seriesglue.KUNIT_ARCH["be"],
                        seriesglue.KUNIT_CPU_NO_CRYPTO, base, work, deadline, record)

    def kunit_lane(self, batch, arch, cpu, base, work, deadline, record):
        """Builds the kernels of batch ([(mutant, item)]) and the unchanged
        series' for arch, boots them on cpu and records each verdict;
        returns the mutants that survived."""
        if not batch:
            return []
        start = time.time()
        # the unchanged series is built and booted with every batch: a case
        # that fails there would kill every mutant
        unbuilt = [i for i in [base] + [i for _, i in batch] if not seriesglue.kunit_built(i, arch)]
        say("series: %d crc_kunit kernels (%s) to build" % (len(unbuilt), arch))
        # a few kernels per hold of the tree's lock; none starts in the 10
        # minutes before the boots' deadline
        done = 0
        for i in range(0, len(unbuilt), seriesglue.KUNIT_BATCH):
            if time.time() > deadline - 600:
                say("series: no kernel build starts within 10 minutes of --guest-until: "
                    "%d left" % (len(unbuilt) - i))
                break
            chunk = unbuilt[i:i + seriesglue.KUNIT_BATCH]
            subprocess.run([seriesglue.SCRIPT, "kunit", arch, work] + chunk, check=True)
            for item in chunk:
                seriesglue.mark_kunit_built(item, arch)
            done += len(chunk)
        if done:
            built = time.time() - start
            say("series: built %d kernels in %.0f s (%.0f s each)" % (done, built, built / done))
        for mu, item in batch:
            failed = os.path.join(item, "kunit-%s.failed" % arch)
            if os.path.exists(failed):
                # screening built lib/crc clean: a failed link is the lane's
                say("series: %s: the kernel did not build, see %s" % (mu.id, failed))
        ready = [(mu, item) for mu, item in batch if seriesglue.kunit_built(item, arch)]
        if not ready:
            return []
        if not seriesglue.kunit_built(base, arch):
            raise SystemExit("the unchanged series' crc_kunit kernel (%s) did not build: "
                             "see %s" % (arch, os.path.join(base, "kunit-%s.failed" % arch)))
        # an item the deadline leaves unbooted must not keep an earlier run's results
        for item in [base] + [i for _, i in ready]:
            for ext in (".seconds", ".json", ".log"):
                path = os.path.join(item, "kunit-%s-%s%s" % (arch, cpu, ext))
                if os.path.exists(path):
                    os.remove(path)
        start = time.time()
        say("series: %d crc_kunit boots (%s, %s), waiting for the guest lock" %
            (len(ready), arch, cpu))
        subprocess.run([seriesglue.SCRIPT, "boot", arch, cpu, str(int(deadline)), base] +
                       [i for _, i in ready], check=True,
                       env=dict(os.environ, SERIES_BOOT_TIMEOUT=str(seriesglue.BOOT_TIMEOUT)))
        stem = os.path.join(base, "kunit-%s-%s" % (arch, cpu))
        if not os.path.exists(stem + ".seconds"):
            say("series: the unchanged series was not booted (deadline): run again")
            return []
        verdict, detail = series_boot_verdict(base, arch, cpu)
        if verdict != "survived":
            raise SystemExit("the unchanged series fails its crc_kunit boot (%s, %s): %s, %s; "
                             "no verdict recorded for this batch (see %s.log)" %
                             (arch, cpu, verdict, detail, stem))
        booted = 0
        survivors = []
        for mu, item in ready:
            if not os.path.exists(os.path.join(item, "kunit-%s-%s.seconds" % (arch, cpu))):
                say("series: %s was not booted (deadline): run again" % mu.id)
                continue
            booted += 1
            row = series_boot_row(mu, item, arch, cpu)
            if row:
                record(row)
                if row["verdict"] == "survived":
                    survivors.append(mu)
        if booted:
            spent = time.time() - start
            say("series: %d boots in %.0f s (waiting for the lock included; %.0f s per boot)" %
                (booted, spent, spent / booted))
        return survivors

    def own_build(self, mu, lanes, text, slot):
        rel = mu.path.split("/")[-1]
        core = self.b.core_copy("own%d" % slot, (rel, text))
        binaries = {}
        for lane in lanes:
            harness, arch, _, _ = LANES[lane]
            if (harness, arch) in binaries:
                continue
            binary, err = self.b.harness(core, os.path.join(self.args.work, "own%d" % slot),
                                         harness, arch)
            if not binary:
                line = next((ln for ln in err.splitlines() if "error" in ln), err[:160])
                return verdict_row(mu, "invalid", "-", line.split(": ", 1)[-1])
            binaries[(harness, arch)] = binary
        return self.run_lanes(mu, lanes, binaries, 0)

    def schema_build(self, muts):
        """Binaries of the template schema holding muts, {hash: selector}, and the rejects."""
        path = os.path.join(TOP, TEMPLATE)
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines(keepends=True)
        rejects = []
        todo = list(muts)
        for _ in range(20):
            text, number = schemagen.build(lines, todo)
            core = self.b.core_copy("schema", ("crc_vmx_core_template.h", text))
            # where each copy lies in the schema text, to map an error to its mutant
            spans = {}
            for no, line in enumerate(text.splitlines(), 1):
                m = re.search(r"\w+__mut_(\d+)\(", line)
                if m and not line.lstrip().startswith("return") and \
                        not line.lstrip().startswith("if"):
                    spans[no] = int(m.group(1))
            starts = sorted(spans)
            bad = set()
            binaries = {}
            for harness, arch in CORE_SOURCES:
                binary, err = self.b.harness(core, os.path.join(self.args.work, "schema"),
                                             harness, arch)
                if binary:
                    binaries[(harness, arch)] = binary
                    continue
                for m in re.finditer(r"crc_vmx_core_template\.h:(\d+):", err):
                    no = int(m.group(1))
                    owner = [s for s in starts if s <= no]
                    if owner:
                        bad.add(spans[owner[-1]])
                if not bad:
                    raise SystemExit("the schema build failed outside any mutant:\n" + err)
                break
            if not bad:
                return binaries, number, rejects
            by_number = {number[m.hash]: m for m in todo}
            rejects.extend(by_number[n] for n in bad)
            todo = [m for m in todo if number[m.hash] not in bad]
            say("schema: %d mutants need a build of their own (%d left in the schema)" %
                (len(bad), len(todo)))
        raise SystemExit("the schema build did not converge")

    def run(self, muts, verdicts, current, write=True):
        """Verdicts for muts; writes the verdict file after each one if write."""
        jobs = self.args.jobs
        start = time.time()
        total = len(muts)
        results = {}
        lock = threading.Lock()

        def record(row):
            with lock:
                results[row["hash"]] = row
                verdicts[row["hash"]] = row
                if write:
                    write_verdicts(self.args.verdicts, verdicts, current)
                say("%-9s %s %s %s" % (row["verdict"], row["id"], row["where"], row["detail"]))

        glue = [mu for mu in muts if is_glue(mu)]
        series = [mu for mu in muts if seriesglue.is_series(mu)]
        muts = [mu for mu in muts if not is_glue(mu) and not seriesglue.is_series(mu)]
        if glue:
            self.run_glue(glue, record)
        if series:
            self.run_series(series, record)
        if not muts:
            return results
        self.base()
        # 1. the template's function mutants go to the schema build, in the
        # lanes of the objects whose preprocessed source keeps their line;
        # those on a line that no module core compiles go to the upstream
        # series' lanes, and they and the others are compiled alone first:
        # validity, object identity, lanes
        pending = []
        live = self.b.live_lines(os.path.join(self.args.work, "base", "core"),
                                 TEMPLATE.split("/")[-1])
        lined = []
        series = []
        for mu in muts:
            if not (mu.path.endswith(TEMPLATE) and mu.schema_ok):
                continue
            lanes = lanes_of(keeping(live, range(mu.first, mu.last + 1)))
            if lanes:
                pending.append((mu, lanes, None))
            else:
                series.append(mu)
            lined.append(mu)
        muts = [mu for mu in muts if mu not in lined]
        if series:
            self.series_base()
        slots = list(range(jobs))
        slot_lock = threading.Lock()

        def screen(item):
            mu, in_series = item
            with slot_lock:
                slot = slots.pop()
            try:
                return mu, self.screen(mu, slot, in_series)
            finally:
                with slot_lock:
                    slots.append(slot)

        with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
            for mu, (row, lanes, text) in ex.map(screen, [(mu, False) for mu in muts] +
                                                 [(mu, True) for mu in series]):
                if row:
                    record(row)
                else:
                    pending.append((mu, lanes, text))
        say("screened %d mutants in %.0f s: %d to run" % (len(muts) + len(series),
                                                           time.time() - start, len(pending)))
        # 2. the template's function mutants from one schema build (the
        # series' ones from builds of their own)
        in_schema = [mu for mu, _, _ in pending if mu.path.endswith(TEMPLATE) and mu.schema_ok
                     and mu not in series]
        binaries, number, rejects = ({}, {}, [])
        if in_schema:
            binaries, number, rejects = self.schema_build(in_schema)
        schema_hashes = {mu.hash for mu in in_schema} - {mu.hash for mu in rejects}

        def execute(item):
            mu, lanes, text = item
            if mu.hash in schema_hashes:
                row = self.run_lanes(mu, lanes, binaries, number[mu.hash])
                if row["verdict"] != "survived":
                    return row
                # a survivor: is its object code any different?
                with slot_lock:
                    slot = slots.pop()
                try:
                    screened, _, _ = self.screen(mu, slot)
                finally:
                    with slot_lock:
                        slots.append(slot)
                return screened or row
            if text is None:
                with open(mu.path, encoding="utf-8") as f:
                    text = "".join(mu.apply(f.read().splitlines(keepends=True)))
            with slot_lock:
                slot = slots.pop()
            try:
                return self.own_build(mu, lanes, text, slot)
            finally:
                with slot_lock:
                    slots.append(slot)

        with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
            for row in ex.map(execute, pending):
                record(row)
        elapsed = time.time() - start
        say("%d mutants in %.0f s (%.0f s per hundred)" %
            (total, elapsed, 100 * elapsed / max(1, total)))
        return results


def until(hhmm, now=None):
    """The time.time() of the next HH:MM from now: today's, or tomorrow's
    once today's has passed (a session that runs past midnight)."""
    now = time.time() if now is None else now
    day = time.localtime(now)
    hour, minute = map(int, hhmm.split(":"))
    t = time.mktime((day.tm_year, day.tm_mon, day.tm_mday, hour, minute, 0, 0, 0, -1))
    if t <= now:
        t = time.mktime((day.tm_year, day.tm_mon, day.tm_mday + 1, hour, minute, 0, 0, 0, -1))
    return t


def faulted(v):
    """A crashed verdict whose detail is a kernel fault report in a named
    function: make check fails on it, with the kernel's report, so the
    sweep counts it as detected (apart from killed); a hang never is."""
    return v.get("verdict") == "crashed" and bool(FAULT.search(v.get("detail", ""))) and \
        not HANG.search(v.get("detail", ""))


def report(current, verdicts, out, argued=None):
    """The table per file and operator, and the survivors. A survivor that
    docs/mutants.md argues equivalent (argued_equivalent()) is counted as
    `argued`, out of the rates, as judge() counts it."""
    kinds = ["killed", "survived", "timeout", "crashed", "setup-failed", "needs-lane",
             "invalid", "equivalent", "argued", "unbuilt", "none"]
    argued = argued_equivalent() if argued is None else argued
    table = {}
    for mu in current:
        row = verdicts.get(mu.hash, {})
        v = row.get("verdict", "none")
        if v in LIVE and v != "killed" and row.get("id") in argued:
            v = "argued"
        for key in ((mu.path.split("/")[-1], mu.op), (mu.path.split("/")[-1], "all"),
                    ("all", mu.op), ("all", "all")):
            c = table.setdefault(key, dict.fromkeys(kinds + ["faulted"], 0))
            c[v] += 1
            c["faulted"] += faulted(row)
    out.write("| file | operator | mutants | %s | killed of non-equivalent | killed or faulted |\n"
              % " | ".join(kinds))
    out.write("|---|---|---:|%s---:|---:|\n" % ("---:|" * len(kinds)))
    for (f, op) in sorted(table, key=lambda k: (k[0] == "all", k[0], k[1] == "all", k[1])):
        c = table[(f, op)]
        live = sum(c[k] for k in LIVE)
        rate = "%.1f%%" % (100.0 * c["killed"] / live) if live else "-"
        both = "%.1f%%" % (100.0 * (c["killed"] + c["faulted"]) / live) if live else "-"
        out.write("| %s | %s | %d | %s | %s | %s |\n" %
                  (f, op, sum(c[k] for k in kinds), " | ".join(str(c[k]) for k in kinds), rate, both))
    surv = [mu for mu in current if verdicts.get(mu.hash, {}).get("verdict") in LIVE and
            verdicts[mu.hash]["verdict"] != "killed" and verdicts[mu.hash]["id"] not in argued]
    out.write("\nSurvivors not argued equivalent (%d):\n" % len(surv))
    for mu in surv:
        v = verdicts[mu.hash]
        out.write("- %s %s %s: %s (%s%s)\n" % (v["id"], v["where"], v["op"], v["mutant"],
                                                v["verdict"],
                                                ": a kernel fault report" if faulted(v) else ""))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 2)[2])
    ap.add_argument("command", choices=["list", "run", "report", "sample"])
    ap.add_argument("--verdicts", default=VERDICTS, help="the verdict file (default: %(default)s)")
    ap.add_argument("--work", default=os.path.join(TOP, "build", "mutation"),
                    help="build directory (default: %(default)s)")
    ap.add_argument("--jobs", type=int, default=2,
                    help="parallel builds and runs of the core part (default: 2; the glue's "
                    "Kbuild builds run one at a time)")
    ap.add_argument("--scope", choices=SCOPES, default="all",
                    help="list, run, report: the core (module/arch/powerpc), the glue "
                    "(module/*.c, module/*.h), all (default: both) or series (the upstream "
                    "series' glue, tools/upstream/kernel/*.h); sample is always the core's")
    ap.add_argument("--kernel-env", default=os.path.join(TOP, "build", "kernel.env"),
                    help="the glue's stock kernel, which its guest boots run "
                    "(default: %(default)s, from make setup); the screening adds the "
                    "debug, 6.12 and newest kernels it finds")
    ap.add_argument("--batch", type=int, default=gluelane.BATCH, metavar="N",
                    help="run: glue mutants per guest boot (default: %(default)s)")
    ap.add_argument("--guest-until", metavar="HH:MM",
                    help="run: stop the glue's guest boot at this local time, keeping the "
                    "verdicts of the mutants it finished; no boot starts in the 5 minutes "
                    "before it")
    ap.add_argument("--guest-cpu", choices=["POWER8", "POWER9", "POWER10", "POWER10-noVSX"],
                    default="POWER8",
                    help="run: the CPU model of the glue's guest boots (default POWER8; "
                         "POWER10 sees what only the ISA 3.1 core's path does; "
                         "POWER10-noVSX, POWER10 with VSX off, is tools/vm/novsx-lane.sh: "
                         "crc32c_vmx mutants only, stock kernel)")
    ap.add_argument("--guest-kernel", choices=["stock", "debug"], default="stock",
                    help="run: the kernel of the glue's guest boots: stock (--kernel-env's, "
                    "the default) or debug (make check's debug kernel: PREEMPT, "
                    "DEBUG_PREEMPT, lockdep; lane.sh's debug lane). With debug and no --id, "
                    "the mutants are the needs-lane ones whose code differs on the debug "
                    "kernel, given a new verdict; --kernel-env is then the debug kernel's")
    ap.add_argument("--no-guest", action="store_true",
                    help="run: screen the glue's mutants on the host only; the ones that "
                    "need a guest keep no verdict")
    ap.add_argument("--sample", type=int, metavar="N",
                    help="run, report: only a stratified sample of N mutants (seed %d)" %
                    SWEEP_SEED)
    ap.add_argument("--file", action="append", metavar="NAME",
                    help="run: only the mutants of this core file (repeatable)")
    ap.add_argument("--id", action="append", metavar="ID", help="run: only this mutant (repeatable)")
    ap.add_argument("--fresh", action="store_true",
                    help="run: give a new verdict even where one is cached")
    args = ap.parse_args(argv)
    if args.jobs < 1 or args.batch < 1:
        ap.error("--jobs and --batch must be 1 or more")
    if args.guest_until and not re.match(r"^([01]\d|2[0-3]):[0-5]\d$", args.guest_until):
        ap.error("--guest-until takes a time of day as HH:MM")
    if args.guest_kernel == "debug":
        if args.command != "run" or args.scope != "glue":
            ap.error("--guest-kernel debug goes with run --scope glue")
        args.kernel_env = gluelane.find_kernel("debug")
        if not args.kernel_env:
            print("sweep.py: no debug kernel on this machine: run `make check` once (it "
                  "builds it, tools/vm/build-debug-kernel.sh) or give --guest-kernel stock",
                  file=sys.stderr)
            return 2

    current = all_mutants("core" if args.command == "sample" else args.scope)
    if args.command == "list":
        for mu in current:
            print("%s\t%s\t%s" % (mu.id, "schema" if mu.schema_ok else "own", mu.describe()))
        return 0
    verdicts = read_verdicts(args.verdicts)
    if args.command == "report":
        if args.sample:
            current = stratified_sample(current, args.sample, SWEEP_SEED)
        report(current, verdicts, sys.stdout)
        return 0
    missing = [t for t in ("qemu-ppc64le", "qemu-ppc64", COMPILERS["le"], COMPILERS["be"],
                           "g++", "cpio", "qemu-system-ppc64")
               if not shutil.which(t)]
    if missing:
        print("sweep.py: %s not found; run tools/setup.sh (it installs the cross compilers "
              "and qemu-user)" % ", ".join(missing), file=sys.stderr)
        return 2
    sweep = Sweep(args)
    if args.command == "sample":
        chosen = stratified_sample(current, CHECK_SAMPLE, CHECK_SEED)
        fresh = sweep.run(chosen, dict(verdicts), current, write=False)
        argued = argued_equivalent()
        bad = 0
        for mu in chosen:
            now = fresh[mu.hash]["verdict"]
            was = verdicts.get(mu.hash, {}).get("verdict")
            # a survivor passes only as the one the sweep recorded and
            # docs/mutants.md argues equivalent
            ok = now in ("killed", "invalid", "equivalent", "unbuilt") or \
                (now == was and mu.id in argued)
            print("mutation:sample %s %s (%s)%s" % (mu.id, "ok" if ok else "FAILED", now,
                                                   "" if ok else ": recorded as %s" % was))
            bad += not ok
        return 1 if bad else 0
    chosen = current
    if args.file:
        chosen = [mu for mu in chosen if mu.path.split("/")[-1] in args.file]
        if not chosen:
            ap.error("no mutant of --file %s in scope %s (see `sweep.py list`)" %
                     (", ".join(args.file), args.scope))
    if args.scope != "core" and any(is_glue(mu) for mu in chosen) and \
            not gluelane.have_kernel(args.kernel_env):
        print("sweep.py: no kernel in %s for the glue's builds: run `make setup` (or give "
              "--kernel-env, or --scope core)" % args.kernel_env, file=sys.stderr)
        return 2
    if args.id:
        chosen = [mu for mu in chosen if mu.id in args.id]
        unknown = set(args.id) - {mu.id for mu in chosen}
        if unknown:
            ap.error("no such mutant now: %s (see `sweep.py list`)" % ", ".join(sorted(unknown)))
    if args.sample:
        chosen = stratified_sample(chosen, args.sample, SWEEP_SEED)
    if args.guest_kernel == "debug" and not args.id:
        # what only the debug kernel's code shows: screening said needs-lane
        chosen = [mu for mu in chosen if verdicts.get(mu.hash, {}).get("verdict") == "needs-lane"
                  and re.search(r"\bdebug\b", verdicts[mu.hash]["detail"])]
        args.fresh = True
    if not args.fresh:
        chosen = [mu for mu in chosen if mu.hash not in verdicts]
    print("sweep: %d mutants to run (%d in all, %d with a verdict)" %
          (len(chosen), len(current), len(verdicts)), flush=True)
    if chosen:
        # the file keeps the rows of every mutant that exists, in any scope
        sweep.run(chosen, verdicts, every_mutant())
    report(current, verdicts, sys.stdout)
    return judge(current, verdicts)


def argued_equivalent(path=DOCS):
    """Ids that docs/mutants.md argues equivalent: a table row whose first
    cell names the id and whose last cell starts with 'equivalent' (so "not
    equivalent", or an id named only in another row's argument, is not)."""
    out = set()
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if not line.startswith("|"):
                    continue
                cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
                if len(cells) >= 2 and cells[-1].startswith("equivalent"):
                    out.update(re.findall(r"`([\w-]+-[0-9a-f]{8})`", cells[0]))
    return out


def judge(current, verdicts):
    """0 if every mutant has a verdict, every survivor is argued equivalent in
    docs/mutants.md and at least 95% of the others are detected: killed by a
    failed assertion, or crashed on a kernel fault report (faulted())."""
    rc = 0
    pending = [mu for mu in current if mu.hash not in verdicts]
    if pending:
        print("sweep: %d mutants have no verdict yet: run `make check-mutation` again" %
              len(pending))
        rc = 1
    argued = argued_equivalent()
    live = [verdicts[mu.hash] for mu in current if mu.hash in verdicts and
            verdicts[mu.hash]["verdict"] in LIVE]
    open_ = [v for v in live if v["verdict"] != "killed" and v["id"] not in argued]
    killed = sum(v["verdict"] == "killed" for v in live)
    fault = [v for v in open_ if faulted(v)]
    open_ = [v for v in open_ if not faulted(v)]
    if open_:
        print("sweep: %d survivors are neither killed nor argued equivalent in %s:" %
              (len(open_), os.path.relpath(DOCS, TOP)))
        for v in open_:
            print("  %s %s %s" % (v["id"], v["where"], v["mutant"]))
    denominator = killed + len(fault) + len(open_)
    if denominator:
        print("sweep: %d of %d non-equivalent mutants killed by a failed assertion (%.1f%%)" %
              (killed, denominator, 100.0 * killed / denominator))
        rate = 100.0 * (killed + len(fault)) / denominator
        print("sweep: %d of %d detected, with the %d that crashed on a kernel fault report "
              "(%.1f%%; the target is 95%%)" %
              (killed + len(fault), denominator, len(fault), rate))
        if rate < 95.0:
            rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
