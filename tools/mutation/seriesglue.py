# SPDX-License-Identifier: GPL-2.0-only
"""The series scope of the mutation sweep: the upstream series' glue,
tools/upstream/kernel/*.h (crc-vpmsum.h, crc32.h, crc64.h), which
tools/upstream/kernel-files.py writes into lib/crc/powerpc of the series.

Its mutants are the same generator's (mutants.py); their ids start with
"series_" (series_crc32_h-negate-xxxxxxxx), their hashes record the
repository path. Each one goes, cheapest first, through:

1. Screening on the host (tools/mutation/series-build.sh screen): the
   mutated header, as kernel-files.py writes it, over the patched
   linux-source-7.2 tree's, and lib/crc built with W=1 little- and
   big-endian in check-build.sh's configured output trees, under the
   tree's lock (it is reset after). A warning or an error on either makes
   it `invalid`; code, data and relocations of every lib/crc object
   identical on both make it `equivalent` (glue.py's rules).
2. upstream-harness (qemu-user), for crc-vpmsum.h's mutants: the harness
   compiles vpmsum_sections() and the vector sections' enable/disable
   through tools/vmx-harness/kernel-shim, and checks every section's
   length and that each one is closed. Killed there needs no boot.
3. crc_kunit and the lanes' crc_vpmsum_path suite (tools/upstream/kunit:
   which path each function takes, its vector sections and their
   preemption and page-fault state), through kunit.py, in POWER8 guests,
   the unchanged series' kernel first (all its cases must pass, with no
   kernel report, or the batch gets no verdict): one kernel per mutant,
   relinked in a copy of make check-upstream's kunit build directory
   (little-endian powerpcle; big-endian powerpc only where the mutant's
   code differs there alone), CRC_BENCHMARK off (the benchmark cases skip;
   only the correctness cases count). All kernels are built first under
   the tree's lock; the boots then run one at a time under the guest lock,
   taken once for the batch. A case that is not PASS kills the mutant, and
   so does a kernel report (a warning, BUG:, a task that exits atomic); a
   boot that ends without every case's result is `crashed` (the oops line
   and function in the detail) or `timeout`; without a kernel report, it
   is `crashed` where QEMU's interrupt log shows the kernel run an illegal
   instruction (the function in the detail).
"""
import bisect
import glob
import hashlib
import os
import re
import shutil
import subprocess

import glue

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
SERIES = "tools/upstream/kernel"
PREFIX = "series_"
SCRIPT = os.path.join(HERE, "series-build.sh")
# the screening builds: check-build.sh's le and be configs
CROSS = {"le": "powerpc64le-linux-gnu-", "be": "powerpc64-linux-gnu-"}
KUNIT_ARCH = {"le": "powerpcle", "be": "powerpc"}
KUNIT_CPU = "POWER8"
# where the survivors of the POWER8 boot go next (big-endian only): a CPU
# without the vector crypto facility
KUNIT_CPU_NO_CRYPTO = "POWER7"
# kunit.py exec's --timeout (series-build.sh reads the same variable): a
# boot without the benchmark takes 8 to 13 s
BOOT_TIMEOUT = int(os.environ.get("SERIES_BOOT_TIMEOUT", "300"))
KUNIT_BATCH = 6
# crc_kunit's correctness cases in 7.2 (the *_benchmark ones skip without
# CONFIG_CRC_BENCHMARK), then the cases of the lanes' own suite,
# crc_vpmsum_path (tools/upstream/kunit): which path each function takes
KUNIT_CASES = ("crc7_be_test", "crc16_test", "crc_t10dif_test", "crc32_le_test",
               "crc32_be_test", "crc32c_test", "crc64_be_test", "crc64_nvme_test")
PATH_CASES = ("crc32_optimizations_path", "crc32_le_path", "crc32_be_path", "crc32c_path",
              "crc64_be_path", "crc64_nvme_path")
TEST_CASES = KUNIT_CASES + PATH_CASES
SCREEN_BATCH = 8
# a fault or panic (kunit's try-catch turns a fault in a case into that
# case's failure: it is a crash all the same), and the kernel's other
# reports (a survivor's detail names the first)
OOPS = re.compile(r"(Oops: .*|BUG: Unable to handle .*|kernel BUG at .*|Kernel panic.*)")
REPORT = re.compile(r"((?:BUG|WARNING): .*|note: .* exited with (?:irqs disabled|preempt_count).*)")
NIP = re.compile(r"NIP \[[0-9a-f]+\] (\w+)\+")
# QEMU's interrupt log (-d int, series-build.sh's boots), one line per
# interrupt: "Raise exception at c0000000003e6960 => HV_EMU (96) error=21".
# An error code of 0x2X is an illegal instruction: QEMU raises it as the
# hypervisor emulation assistance interrupt on POWER7 and later, as a
# program check before; a program check of 0x4X is a trap, which every
# WARN_ON() and BUG() raises.
QEMU_ILLEGAL = re.compile(r"^Raise exception at ([0-9a-f]+) => (PROGRAM|HV_EMU) \(\d+\) "
                          r"error=2[0-9a-f]$", re.M)
KERNEL_BASE = 0xc000000000000000


def files():
    """tools/upstream/kernel/*.h, relative to the top."""
    return [SERIES + "/" + name for name in sorted(os.listdir(os.path.join(TOP, SERIES)))
            if name.endswith(".h")]


def is_series(mu):
    return os.path.dirname(mu.path).endswith(SERIES)


def tag(muts):
    """The series' ids: PREFIX before the generator's."""
    for mu in muts:
        if not mu.id.startswith(PREFIX):
            mu.id = PREFIX + mu.id
    return muts


def series_file(mu, kernelfiles, scratch):
    """(name, text) of the lib/crc/powerpc file kernel-files.py writes from
    mu's mutated header (scratch: a directory it may use)."""
    name = os.path.basename(mu.path)
    if os.path.isdir(scratch):
        shutil.rmtree(scratch)
    shutil.copytree(os.path.join(TOP, SERIES), scratch)
    with open(mu.path, encoding="utf-8") as f:
        text = "".join(mu.apply(f.read().splitlines(keepends=True)))
    with open(os.path.join(scratch, name), "w", encoding="utf-8") as f:
        f.write(text)
    return name, kernelfiles.glue_header(name, sorted(kernelfiles.CORES), glue=scratch)


def item_key(files):
    """The key of an item's builds: its files and upstream/*.patch."""
    h = hashlib.sha256()
    for name in sorted(files):
        h.update(name.encode() + b"\0" + files[name].encode() + b"\0")
    for path in sorted(glob.glob(os.path.join(TOP, "upstream", "*.patch"))):
        with open(path, "rb") as f:
            h.update(f.read())
    return h.hexdigest()


def prepare_item(item, files):
    """Writes item/files/ ({name: text}); True if the item was screened
    with the same files and series before (its results are kept, and so is
    its crc_kunit kernel), False if it must be screened."""
    key = item_key(files)
    stamp = os.path.join(item, "screened")
    if os.path.exists(stamp):
        with open(stamp, encoding="utf-8") as f:
            if f.read().strip() == key:
                return True
    if os.path.isdir(item):
        shutil.rmtree(item)
    os.makedirs(os.path.join(item, "files"))
    for name, text in files.items():
        with open(os.path.join(item, "files", name), "w", encoding="utf-8") as f:
            f.write(text)
    with open(os.path.join(item, "key"), "w", encoding="utf-8") as f:
        f.write(key + "\n")
    return False


def kunit_key():
    """What an item's crc_kunit kernel is built with besides its files and
    the series (item_key()): the lanes' crc_vpmsum_path suite, and the
    kernel options that series-lib.sh and series-build.sh give kunit.py
    (their lines with --kconfig_add)."""
    h = hashlib.sha256()
    with open(os.path.join(TOP, "tools/upstream/kunit/crc_vpmsum_path_kunit.c"), "rb") as f:
        h.update(f.read())
    for rel in ("tools/upstream/series-lib.sh", "tools/mutation/series-build.sh"):
        with open(os.path.join(TOP, rel), "rb") as f:
            h.update(b"".join(ln for ln in f if b"--kconfig_add" in ln))
    return h.hexdigest()


def kunit_built(item, arch):
    """True if item holds a crc_kunit kernel for arch built as kunit_key() says."""
    try:
        with open(os.path.join(item, "kunit-%s" % arch, "key"), encoding="utf-8") as f:
            return f.read().strip() == kunit_key() and \
                os.path.exists(os.path.join(item, "kunit-%s" % arch, "vmlinux"))
    except OSError:
        return False


def mark_kunit_built(item, arch):
    """Stamps item's new crc_kunit kernel for arch (if it was built) with kunit_key()."""
    if os.path.exists(os.path.join(item, "kunit-%s" % arch, "vmlinux")):
        with open(os.path.join(item, "kunit-%s" % arch, "key"), "w", encoding="utf-8") as f:
            f.write(kunit_key() + "\n")


def mark_screened(item):
    shutil.copyfile(os.path.join(item, "key"), os.path.join(item, "screened"))


def fingerprints(objdir, cross):
    """{object path under lib/crc: fingerprint} of a screening build's copy."""
    out = {}
    for root, _, names in os.walk(objdir):
        for n in names:
            if n.endswith(".o"):
                p = os.path.join(root, n)
                out[os.path.relpath(p, objdir)] = glue.fingerprint(p, cross)
    return out


def first_problem(log):
    """The first warning or error line of a build log, without its location."""
    try:
        with open(log, encoding="utf-8", errors="replace") as f:
            for line in f:
                if re.search(r"\b(warning|error):", line):
                    return line.strip().split(": ", 1)[-1]
    except OSError:
        pass
    return "the build failed"


def screen_item(item):
    """{build: (first problem or None, {object: fingerprint})} of a screened item."""
    out = {}
    for b, cross in CROSS.items():
        try:
            with open(os.path.join(item, "screen-%s.txt" % b), encoding="utf-8") as f:
                ok = f.read().startswith("PASS")
        except OSError:
            ok = False
        if not ok:
            out[b] = (first_problem(os.path.join(item, "screen-%s.log" % b)), {})
        else:
            out[b] = (None, fingerprints(os.path.join(item, "obj-" + b), cross))
    return out


def screen_verdict(base, got):
    """(verdict, detail, {build: [objects that differ]}) from the unchanged
    series' {build: {object: fingerprint}} and a mutant's screen_item():
    `invalid` if a build warned or failed, `equivalent` if every object is
    identical on every build, else None (to the lanes)."""
    for b in sorted(got):
        if got[b][0]:
            return "invalid", "%s: %s" % (b, got[b][0]), {}
    changed = {}
    for b in sorted(got):
        objs = got[b][1]
        diff = sorted(o for o in set(objs) | set(base.get(b, {}))
                      if objs.get(o) != base.get(b, {}).get(o))
        if diff:
            changed[b] = diff
    if not changed:
        return "equivalent", "identical code and data of every lib/crc object on " + \
            ", ".join(sorted(got)), {}
    return None, "; ".join("%s: %s" % (b, ",".join(os.path.basename(o) for o in objs))
                           for b, objs in sorted(changed.items())), changed


def kunit_arch(changed):
    """The build whose crc_kunit boot judges a mutant: little-endian if its
    code differs there, big-endian only if it differs there alone."""
    if changed.get("le"):
        return "le"
    if changed.get("be"):
        return "be"
    return None


def kunit_order(mu):
    """Boots for the mutants most likely to show first: dropped statements,
    negated conditions and dropped operands, then the moved bounds and
    constants (a threshold moved by one changes only which correct path
    runs)."""
    order = ("drop", "negate", "andor", "swap", "relop", "const")
    return (order.index(mu.op) if mu.op in order else len(order), mu.path, mu.first)


def kunit_cases(doc):
    """{case name: status} of kunit.py's --json document."""
    out = {}

    def walk(group):
        for t in group.get("test_cases", []):
            out[t["name"]] = t.get("status", "?")
        for sub in group.get("sub_groups", []):
            walk(sub)
    walk(doc)
    return out


def case_name(case):
    """suite:case, for a verdict's detail."""
    return ("crc_vpmsum_path:" if case in PATH_CASES else "crc_kunit:") + case


def text_symbols(vmlinux, cross):
    """[(address, function)] of vmlinux's code, sorted; with the synthetic
    symbols, which name the code of a big-endian ELFv1 kernel (its function
    symbols are descriptors in .opd: the code's are ".name")."""
    out = subprocess.run([cross + "nm", "-n", "--synthetic", "--defined-only", vmlinux],
                         capture_output=True, text=True, check=True).stdout
    syms = []
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3 and f[1] in "TtWw":
            syms.append((int(f[0], 16), f[2].lstrip(".")))
    return sorted(syms)


def qemu_illegal(int_log, symbols):
    """(address, function, interrupt) of the first illegal instruction that
    QEMU's interrupt log shows the kernel run, or None: a kernel that
    faults before its console is up prints nothing, but QEMU saw it."""
    addresses = [a for a, _ in symbols]
    for m in QEMU_ILLEGAL.finditer(int_log):
        address = int(m.group(1), 16)
        i = bisect.bisect_right(addresses, address) - 1
        if address >= KERNEL_BASE and i >= 0:
            return address, symbols[i][1], m.group(2)
    return None


def boot_verdict(cases, log_text, seconds, timeout=BOOT_TIMEOUT, illegal=None):
    """(verdict, detail) of one crc_kunit boot: cases is {case: status}
    (kunit_cases(), empty if there was no json), log_text the kernel's
    output (kunit.py's test.log), seconds how long the boot took, illegal
    qemu_illegal()'s finding in the boot's interrupt log. (None, why) where
    the kernel never started (kunit.py or QEMU failed): no verdict. A boot
    that ends without every result and without a kernel report, but where
    the kernel ran an illegal instruction, crashed there (a fault before
    the console is up: prom_init's "Preparing to boot Linux version" may be
    all it printed)."""
    oops = OOPS.search(log_text)
    nip = NIP.search(log_text[oops.start():]) if oops else None
    where = oops.group(1).strip() + (" in " + nip.group(1) if nip else "") if oops else ""
    missing = [c for c in TEST_CASES if c not in cases]
    if missing and not where and illegal:
        return "crashed", ("illegal instruction, seen by QEMU with no kernel report, in %s "
                           "(%s at %x)" % (illegal[1], illegal[2], illegal[0]))
    if missing and not where and not re.search(r"Linux version|K?TAP version", log_text):
        return None, "the kernel did not start (see kunit.py's log)"
    if where:
        # a case that failed because its thread faulted is a crash, not a catch
        failed = [c for c in TEST_CASES if cases.get(c, "PASS") != "PASS"]
        return "crashed", where + (" (%s %s)" % (case_name(failed[0]), cases[failed[0]])
                                   if failed else "")
    if not missing:
        failed = [c for c in TEST_CASES if cases[c] != "PASS"]
        if failed:
            return "killed", "%s %s" % (case_name(failed[0]), cases[failed[0]])
        # check-upstream's kunit lane fails a boot whose kernel reports a bug
        # (a warning, a task that exits atomic) even where every case passed
        report = REPORT.search(log_text)
        if report:
            return "killed", "the kernel reports " + report.group(1).strip()
        return "survived", "every crc_kunit and crc_vpmsum_path case passed"
    if seconds is not None and seconds >= timeout - 5:
        return "timeout", "no result for %s in %d s" % (missing[0], seconds)
    return "crashed", "no result for %s (the boot ended after %s s)" % (
        missing[0], "?" if seconds is None else seconds)
