# SPDX-License-Identifier: GPL-2.0-only
"""The glue part of the mutation sweep: module/*.c and module/*.h.

A glue mutant cannot run in the qemu-user harness: it is kernel code
(registration, the shash callbacks, the vector sections, the counters). So:

1. Screening on the host. The mutant is written into a copy of Kbuild and
   module/ and built with Kbuild (ARCH=powerpc,
   CROSS_COMPILE=powerpc64le-linux-gnu-, W=1, the modules Kbuild builds for
   that kernel) against every kernel the project builds for that is on the
   machine: the stock one of build/kernel.env (Debian's 6.1) always, then
   tools/check.sh's debug (PREEMPT, DEBUG_PREEMPT, lockdep), 6.12 and
   newest (7.2, built in its toolchain chroot) kernels, from
   build/kernel-NAME.env or the download cache; a kernel for which the
   unchanged sources do not build clean is left out, and so is a module
   that Kbuild does not build for a kernel (crc_family_vmx on the debug
   kernel and on 7.2, which have neither of its algorithms). An error or
   a warning on any of them makes the mutant `invalid`; code and data of
   every .ko identical to the unchanged build's on every kernel make it
   `equivalent` (the detail names the kernels). Code that differs on the
   stock kernel sends it to the guest lane; code that differs only on
   other kernels (preempt_disable() is a barrier without
   CONFIG_PREEMPT_COUNT, which only the debug kernel and 7.2 set) makes it
   `needs-lane`, not killed: no guest lane runs glue mutants on those
   kernels yet. Per kernel and build slot one copy is kept and rebuilt
   incrementally (Kbuild's dependency files rebuild only the objects that
   include the changed file), and each kernel's unchanged build is kept
   with the sources and kernel it is of.
2. The guest lane. The survivors of screening go into POWER8 guest boots
   (or POWER9, POWER10: sweep.py --guest-cpu; the verdict's lane names it;
   POWER10-noVSX is tools/vm/novsx-lane.sh's POWER10 with VSX off, one
   short boot per crc32c_vmx mutant)
   through tools/mutants/lane.sh (one boot per batch; it boots again after a
   crash): each is loaded in turn, the whole kselftest collection runs
   against it, it is unloaded. The unchanged modules run first in every
   batch, so that a test the unchanged module fails never counts as a catch.
   A mutant is `killed` only when a test, the registration self-test
   (testmgr) or the kernel log check reports a failure that the unchanged
   module's run does not; a crash (`crashed`), a hang (`timeout`) or a
   failure before any assertion (`setup-failed`) is not a catch. A
   crc32c_vmx mutant that does not load still runs crc32c_vmx_params.sh,
   which loads the module itself (tools/vm/guest/sets/mutants.sh).
"""
import glob
import hashlib
import os
import re
import shutil
import signal
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
GLUE = "module"
MODULES = ("crc32c_vmx", "crc_family_vmx")
# The sections whose contents (and relocations) decide equivalence: all
# code and data the module runs, not its debug information, its notes or its
# .modinfo (which holds srcversion, a checksum of the source text).
SECTION_SKIP = re.compile(r"^(\.debug|\.note|\.comment|\.modinfo|\.BTF|\.gnu\.build|\.symtab|"
                          r"\.strtab|\.shstrtab|\.rela)")
CROSS = "powerpc64le-linux-gnu-"
# Guest boots: mutants per boot, and the time each one may take (the whole
# kselftest collection under TCG) on top of the boot itself.
BATCH = 12
RUN_STAMP = time.strftime("%Y%m%d-%H%M%S")
BOOT_SECONDS = 300
MUTANT_SECONDS = 420
# The kernels of tools/check.sh the glue is screened on besides the stock
# one, where they are on the machine, and the download cache they are in
# (tools/lib/common.sh's CRCVMX_CACHE).
OTHER_KERNELS = ("debug", "6.12", "newest")
CACHE = os.environ.get("CRCVMX_CACHE") or os.path.join(
    os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "crc32c-vmx")


def source_files(folder, suffixes):
    """The sources in folder (relative to the top) whose names end in one of
    suffixes, but the generated constants headers."""
    return [folder + "/" + name for name in sorted(os.listdir(os.path.join(TOP, folder)))
            if name.endswith(suffixes) and not name.endswith("_consts.h")]


def glue_files():
    """module/*.c and module/*.h (the vector cores are the core part)."""
    return source_files(GLUE, (".c", ".h"))


def glue_sources():
    """Every file of Kbuild and module/ a module build reads (relative paths)."""
    out = ["Kbuild"]
    for root, _, files in os.walk(os.path.join(TOP, GLUE)):
        for f in files:
            if re.search(r"\.(c|h|S|mk)$", f) or f == "Makefile":
                out.append(os.path.relpath(os.path.join(root, f), TOP))
    return sorted(out)


def same(a, b):
    with open(a, "rb") as f, open(b, "rb") as g:
        return f.read() == g.read()


def fingerprint(obj, cross=CROSS):
    """A hash of the code, data and relocations of the sections of object
    obj (a .ko, or a .o of the series' lib/crc) that it runs, by cross's
    objdump; SECTION_SKIP leaves out what it does not run."""
    heads = subprocess.run([cross + "objdump", "-h", obj], capture_output=True, text=True,
                           check=True).stdout
    secs = [m.group(1) for m in re.finditer(r"^\s*\d+\s+(\S+)\s", heads, re.M)
            if not SECTION_SKIP.match(m.group(1))]
    args = [cross + "objdump", "-d", "-r", "-s"]
    for s in secs:
        args += ["-j", s]
    out = subprocess.run(args + [obj], capture_output=True, text=True, check=True).stdout
    # the first lines name the file
    return hashlib.sha256(out.split("\n", 2)[2].encode()).hexdigest()


def nice(cmd):
    # the machine is shared with guest runs: builds at low priority, one job
    return ["nice", "-n", "15"] + cmd


def kernel_env(path):
    env = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"(\w+)=(.*)$", line.strip())
            if m:
                env[m.group(1)] = m.group(2)
    return env


def find_kernel(name):
    """The env file of kernel name of tools/check.sh (debug, 6.12, newest):
    build/kernel-NAME.env (tools/lib/guest-sets.sh's kernel_env), else the
    newest of the download cache's; None where it is not on the machine."""
    own = os.path.join(TOP, "build", "kernel-%s.env" % name)
    if have_kernel(own):
        return own
    if name == "debug":
        found = glob.glob(os.path.join(CACHE, "debug-kernel", "*", "kernel.env"))
    else:
        # fetch-kernel.sh names the --kernel it was given in the first line
        found = []
        for path in glob.glob(os.path.join(CACHE, "kernel", "*", "kernel.env")):
            with open(path, encoding="utf-8") as f:
                if f.readline().startswith("# Generated by tools/vm/fetch-kernel.sh "
                                           "--kernel %s;" % name):
                    found.append(path)
    found = [p for p in found if have_kernel(p)]
    return max(found, key=os.path.getmtime) if found else None


class Kernel:
    """Kbuild builds of copies of the module sources against one kernel."""

    def __init__(self, work, name, kenv):
        self.name = name
        self.work = os.path.join(work, "glue", name)
        env = kernel_env(kenv)
        self.kdir = env["KDIR"]
        self.version = env.get("KVER", "?")
        self.base = None
        self.dirty = {}
        self.synced = set()
        self.wrap, self.cc = [], []
        if env.get("KBUILD_IN") == "testing-chroot":
            # Debian testing's kernel: Kbuild runs in the toolchain chroot
            # with the compiler its config names, as tools/build-guest.sh does
            os.makedirs(self.work, exist_ok=True)
            root = subprocess.run([os.path.join(TOP, "tools", "vm", "toolchain-chroot.sh"),
                                   "--kernel-env", kenv], capture_output=True, text=True,
                                  check=True).stdout.strip()
            with open(os.path.join(self.kdir, ".config"), encoding="utf-8") as f:
                cc = re.search(r'^CONFIG_CC_VERSION_TEXT="(\S+) ', f.read(), re.M).group(1)
            self.wrap = [os.path.join(TOP, "tools", "vm", "toolchain-run.sh"), "--root", root,
                         "--bind", self.work, "--"]
            self.cc = ["CC=" + cc]

    def slot(self, n):
        """The build copy of slot n, its mutated file restored to the original."""
        d = os.path.join(self.work, "slot%d" % n)
        if not os.path.isdir(d):
            os.makedirs(d)
            shutil.copy2(os.path.join(TOP, "Kbuild"), d)
            shutil.copytree(os.path.join(TOP, GLUE), os.path.join(d, GLUE),
                            ignore=shutil.ignore_patterns("*.o", ".*.cmd", "*.mod*", "*.ko"))
        if n not in self.synced:
            # a run that was stopped may have left a mutant in the copy
            self.synced.add(n)
            for rel in glue_sources():
                mine, theirs = os.path.join(d, rel), os.path.join(TOP, rel)
                if not os.path.exists(mine) or not same(mine, theirs):
                    os.makedirs(os.path.dirname(mine), exist_ok=True)
                    shutil.copyfile(theirs, mine)
        rel = self.dirty.pop(n, None)
        if rel:
            shutil.copyfile(os.path.join(TOP, rel), os.path.join(d, rel))
        return d

    def make(self, d):
        """The first error or warning of one Kbuild run in d (None: built
        clean), and {module: path of its .ko} of the modules it built (Kbuild
        leaves out crc_family_vmx where the kernel has neither algorithm)."""
        r = subprocess.run(nice(self.wrap + ["make", "-C", self.kdir, "ARCH=powerpc",
                                             "CROSS_COMPILE=" + CROSS, "W=1", "M=" + d,
                                             "modules"] + self.cc),
                           capture_output=True, text=True)
        log = r.stdout + r.stderr
        if r.returncode or warned(log):
            return next((ln for ln in log.splitlines() if re.search(r"\b(error|warning):", ln)),
                        "the build failed").split(": ", 1)[-1], {}
        return None, {mod: os.path.join(d, mod + ".ko") for mod in MODULES
                      if os.path.exists(os.path.join(d, mod + ".ko"))}

    def fingerprint(self, ko):
        """A hash of the code, data and relocations of the sections a module runs."""
        return fingerprint(ko)

    def baseline(self):
        """The first error or warning of the unchanged sources' build (None:
        clean); self.base is then {module: fingerprint} of the modules it
        builds, each .ko kept in base/."""
        keep = os.path.join(self.work, "base")
        # the unchanged build is kept with the sources and kernel it is of
        h = hashlib.sha256(self.kdir.encode())
        for rel in glue_sources():
            with open(os.path.join(TOP, rel), "rb") as f:
                h.update(rel.encode() + b"\0" + f.read())
        key = h.hexdigest()
        stamp = os.path.join(keep, "fingerprints")
        if os.path.exists(stamp):
            with open(stamp, encoding="utf-8") as f:
                lines = f.read().split("\n")
            if lines[0] == key:
                self.base = dict(ln.split() for ln in lines[1:] if ln)
                return None
        error, kos = self.make(self.slot(0))
        if error:
            return error
        self.base = {}
        os.makedirs(keep, exist_ok=True)
        for mod, ko in kos.items():
            shutil.copy2(ko, os.path.join(keep, mod + ".ko"))
            self.base[mod] = self.fingerprint(ko)
        with open(stamp, "w", encoding="utf-8") as f:
            f.write("\n".join([key] + ["%s %s" % m for m in sorted(self.base.items())]) + "\n")
        return None

    def build(self, rel, text, slot):
        """(first error or warning, {module: .ko}) of the sources with rel's text replaced."""
        d = self.slot(slot)
        with open(os.path.join(d, rel), "w", encoding="utf-8") as f:
            f.write(text)
        self.dirty[slot] = rel
        return self.make(d)


def kernels(work, kenv, say, first="stock"):
    """The kernels the glue is screened on, the guest's one (kenv, named
    first: stock, or debug for the debug kernel's lane) first, then the
    others of debug, 6.12 and newest that are on the machine and for which
    the unchanged sources build clean; each with its unchanged build."""
    if not have_kernel(kenv):
        raise SystemExit("glue: no %s kernel in %s: run `make setup`" % (first, kenv))
    stock = Kernel(work, first, kenv)
    error = stock.baseline()
    if error:
        raise SystemExit("the unchanged module sources do not build clean: " + error)
    out = [stock]
    for name in OTHER_KERNELS:
        if name == first:
            continue
        env = find_kernel(name)
        if not env:
            say("glue: no %s kernel on this machine: the glue is not screened on it" % name)
            continue
        try:
            k = Kernel(work, name, env)
        except subprocess.CalledProcessError as e:
            say("glue: no toolchain chroot for the %s kernel (%s): the glue is not screened "
                "on it" % (name, (e.stderr.strip().splitlines() or ["exit %d" % e.returncode])[-1]))
            continue
        error = k.baseline()
        if error:
            say("glue: the unchanged sources do not build clean for the %s kernel (%s): "
                "the glue is not screened on it" % (name, error))
            continue
        out.append(k)
    say("glue: screening on %s" % ", ".join("%s (%s: %s)" % (k.name, k.version,
                                                             ",".join(sorted(k.base)))
                                            for k in out))
    return out


def screen_verdict(names, differs):
    """(verdict, detail) of a mutant that builds clean on the kernels names
    (the stock one first), from {kernel: [modules whose code or data
    differ]}: None for the guest where the stock kernel's do; `needs-lane`
    where only other kernels' do (no guest lane runs them yet)."""
    if differs.get(names[0]):
        return None, ",".join(sorted(differs[names[0]]))
    others = ["%s (%s)" % (k, ",".join(sorted(differs[k]))) for k in names if differs.get(k)]
    if others:
        return "needs-lane", "code differs only on " + ", ".join(others)
    return "equivalent", "identical code and data of every .ko on " + ", ".join(names)


class GlueBuilder:
    """Screening of mutants by Kbuild builds against each of kernels (see kernels())."""

    def __init__(self, work, kernels):
        self.work = os.path.join(work, "glue")
        self.kernels = kernels

    def screen(self, mu, text, slot=0):
        """(verdict, detail, {module: path of the mutant's .ko on the stock
        kernel}) of one mutant."""
        keep = os.path.join(self.work, "ko", mu.hash[:16])
        # a survivor of screening keeps its .ko files until the guest judges
        # it: a run stopped in between does not build it again
        key = hashlib.sha256((text + repr([sorted(k.base.items()) for k in self.kernels]))
                             .encode()).hexdigest()
        stamp = os.path.join(keep, "screened")
        if os.path.exists(stamp):
            with open(stamp, encoding="utf-8") as f:
                if f.read().strip() == key:
                    changed = {mod: os.path.join(keep, mod + ".ko") for mod in MODULES
                               if os.path.exists(os.path.join(keep, mod + ".ko"))}
                    return None, ",".join(sorted(changed)), changed
        rel = mu.path[len(TOP) + 1:] if mu.path.startswith(TOP + "/") else mu.path
        differs = {}
        for k in self.kernels:
            error, kos = k.build(rel, text, slot)
            if error:
                return "invalid", "%s: %s" % (k.name, error), {}
            differs[k.name] = [mod for mod in k.base if k.fingerprint(kos[mod]) != k.base[mod]]
            if k is self.kernels[0]:
                shutil.rmtree(keep, ignore_errors=True)
                stock = {}
                for mod in differs[k.name]:
                    os.makedirs(keep, exist_ok=True)
                    stock[mod] = shutil.copy2(kos[mod], os.path.join(keep, mod + ".ko"))
        verdict, detail = screen_verdict([k.name for k in self.kernels], differs)
        if verdict:
            return verdict, detail, {}
        with open(stamp, "w", encoding="utf-8") as f:
            f.write(key + "\n")
        return None, detail, stock


def warned(log):
    return re.search(r"(^|[^a-z_])warning:", log, re.I | re.M) is not None


# --- the guest lane -------------------------------------------------------------

def _newest(paths):
    newest = 0.0
    for p in paths:
        for root, _, files in os.walk(p):
            for f in files:
                newest = max(newest, os.path.getmtime(os.path.join(root, f)))
    return newest


def guest_initramfs(work, kenv, say, name="stock"):
    """The initramfs of make check's guest without mutants (tools/build-guest.sh
    --lane none) for kenv's kernel (name), built again when a source it packs
    is newer."""
    out = os.path.join(work, "glue-guest" if name == "stock" else "glue-guest-" + name)
    initrd = os.path.join(out, "initramfs.cpio.gz")
    srcs = [os.path.join(TOP, p) for p in ("module", "selftests", "tools/vm/guest", "Kbuild",
                                           "tools/build-guest.sh", "tools/vm/mkinitramfs.sh")]
    if os.path.exists(initrd) and os.path.getmtime(initrd) > _newest(srcs):
        return out, initrd
    say("glue: building the guest's initramfs (tools/build-guest.sh --lane none)")
    log = out + ".log"
    with open(log, "w") as f:
        r = subprocess.run(nice([os.path.join(TOP, "tools", "build-guest.sh"), "--kernel-env",
                                 kenv, "--out", out, "--lane", "none"]),
                           stdout=f, stderr=subprocess.STDOUT)
    if r.returncode:
        raise SystemExit("glue: tools/build-guest.sh failed (log %s)" % log)
    return out, initrd


def kselftests(guest_out):
    """The kselftest collection the guest runs (make check's POWER8 set)."""
    path = os.path.join(guest_out, "ksft", "kselftest-list.txt")
    with open(path, encoding="utf-8") as f:
        tests = [ln.strip().split(":", 1)[1] for ln in f if ln.startswith("crc32c_vmx:")]
    if not tests:
        raise SystemExit("glue: no crc32c_vmx kselftest in %s" % path)
    return tests


def entry_name(mu, mod):
    return "g%s-%s" % (mu.hash[:10], "f" if mod == "crc_family_vmx" else "c")


BASE_ENTRIES = {"gbase-c": "crc32c_vmx", "gbase-f": "crc_family_vmx"}


def run_batch(batch, base_kos, guest_out, initrd, kenv, work, number, say, deadline=None,
              cpu="POWER8", kname="stock"):
    """Boot a guest of CPU model cpu and kenv's kernel (kname: stock, or
    debug, which lane.sh runs as its debug lane) for batch = [(mutant,
    {module: ko})]: {hash: (verdict, lane, detail)}; a mutant without a
    result in this batch is left out. The unchanged modules run first, each
    one the kernel builds (base_kos). At deadline (a time.time() value) the
    boot is stopped and the finished mutants judged."""
    tests = kselftests(guest_out)
    # each run's boots keep their logs: a directory per run and boot
    bdir = os.path.join(work, "glue-runs", "%s-boot%d" % (RUN_STAMP, number))
    if os.path.isdir(bdir):
        shutil.rmtree(bdir)
    stage = os.path.join(bdir, "stage", "mutants")
    heads = os.path.join(bdir, "headers")
    os.makedirs(stage)
    os.makedirs(heads)
    entries = []
    owner = {}
    lane = "debug" if kname == "debug" else "stock"
    kos = [(name, mod, base_kos[mod], None) for name, mod in BASE_ENTRIES.items()
           if mod in base_kos]
    for mu, changed in batch:
        for mod, ko in sorted(changed.items()):
            kos.append((entry_name(mu, mod), mod, ko, mu))
    for name, mod, ko, mu in kos:
        shutil.copy2(ko, os.path.join(stage, name + ".ko"))
        with open(os.path.join(stage, name + ".module"), "w") as f:
            f.write(mod + "\n")
        with open(os.path.join(stage, "%s.%s.tests" % (name, lane)), "w") as f:
            f.write(" ".join(tests) + "\n")
        # the header tools/mutants/lib.sh reads (the lane runs these names)
        with open(os.path.join(heads, name + ".patch"), "w") as f:
            f.write("Defect: %s\nModule: %s\nCatch: testmgr kernel-log %s\n" %
                    (mu.describe() if mu else "none: the unchanged module", mod,
                     " ".join(tests)))
        entries.append(name)
        owner[name] = mu
    # the kernel unpacks concatenated archives in order: the mutants land
    # beside what the base initramfs holds
    extra = os.path.join(bdir, "mutants.cpio.gz")
    names = subprocess.run(["find", "mutants"], cwd=os.path.join(bdir, "stage"),
                           capture_output=True, text=True, check=True).stdout
    cpio = subprocess.run(["cpio", "-o", "-H", "newc", "--quiet"], input=names.encode(),
                          cwd=os.path.join(bdir, "stage"), capture_output=True, check=True).stdout
    gz = subprocess.run(["gzip", "-9n"], input=cpio, capture_output=True, check=True).stdout
    with open(extra, "wb") as f:
        f.write(gz)
    combined = os.path.join(bdir, "initramfs.cpio.gz")
    with open(combined, "wb") as out, open(initrd, "rb") as a:
        shutil.copyfileobj(a, out)
        out.write(gz)
    timeout = BOOT_SECONDS + MUTANT_SECONDS * len(entries)
    say("glue: guest boot %d: %d mutants (%d builds) and the unchanged modules, up to %d s" %
        (number, len(batch), len(entries) - len(base_kos), timeout))
    start = time.time()
    env = dict(os.environ, MUTANT_DIR=heads)
    with open(os.path.join(bdir, "lane.log"), "w") as log:
        p = subprocess.Popen([os.path.join(TOP, "tools", "mutants", "lane.sh"), "--kernel-env",
                              kenv, "--initrd", combined, "--lane", lane, "--out", bdir,
                              "--mutants", ",".join(entries), "--timeout", str(timeout),
                              "--cpu", cpu],
                             env=env, stdout=log, stderr=subprocess.STDOUT,
                             start_new_session=True)
        stopped = False
        while p.poll() is None:
            if deadline and time.time() > deadline:
                # lane.sh, run-guest.sh and QEMU are one session: stop them all
                os.killpg(p.pid, signal.SIGTERM)
                p.wait()
                stop_guests(bdir)
                stopped = True
                break
            time.sleep(5)
    say("glue: guest boot %d took %.0f s (lane.sh %s)" %
        (number, time.time() - start, "stopped at the deadline" if stopped
         else "exit %d" % p.returncode))
    if stopped:
        # only the mutants the guest finished: their MUTANT-END is in its log
        return judge_batch(finished_rows(bdir), owner, bdir, lane_name(cpu, kname))
    rows = {}
    oops = crash_reports(bdir)
    with open(os.path.join(bdir, "results.tsv"), encoding="utf-8", errors="replace") as f:
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if len(cols) >= 4:
                detail = cols[4] if len(cols) > 4 else ""
                if cols[3].startswith("crashed") and cols[1] in oops:
                    detail = oops[cols[1]]
                rows.setdefault(cols[1], []).append((cols[2], cols[3], detail))
    return judge_batch(rows, owner, bdir, lane_name(cpu, kname))


def crash_reports(bdir):
    """{entry: the kernel's oops line and function} for each boot that died
    while an entry was running (its last MUTANT-BEGIN)."""
    out = {}
    for log in glob.glob(os.path.join(bdir, "guest-mutants-*.log")):
        if log.endswith(".console.log"):
            continue
        console = log[:-len(".log")] + ".console.log"
        with open(log, encoding="utf-8", errors="replace") as f:
            begins = re.findall(r"^MUTANT-BEGIN (\S+)", f.read(), re.M)
        if not begins:
            continue
        report = console_report(console)
        if report:
            out[begins[-1]] = report
    return out


def console_report(console):
    """The kernel's first oops, BUG or panic line on a console log, with the
    function of its NIP; None if it has none."""
    if not os.path.exists(console):
        return None
    with open(console, encoding="utf-8", errors="replace") as f:
        text = f.read()
    what = re.search(r"(Oops: .*|BUG: .*|Kernel panic.*)", text)
    nip = re.search(r"NIP \[[0-9a-f]+\] (\w+)\+", text)
    if not what:
        return None
    return what.group(1).strip() + (" in " + nip.group(1) if nip else "")


NOVSX_LANE = os.path.join(TOP, "tools", "vm", "novsx-lane.sh")
NOVSX_NAME = "guest-power10-novsx"
# novsx-lane.sh's check of the guest's end: the kernel log and the exit
NOVSX_END = "no kernel problem, the guest finished"


def novsx_run(ko, kenv, out):
    """One novsx-lane.sh boot of ko: (exit code, [(check, reason)] that failed)."""
    p = subprocess.run([NOVSX_LANE, "--kernel-env", kenv, "--ko", ko, "--out", out],
                       capture_output=True, text=True)
    fails = []
    for line in p.stdout.splitlines():
        f = line.split("\t")
        if f[0] == "FAIL":
            fails.append((f[1], f[2] if len(f) > 2 else "-"))
    return p.returncode, fails


def run_novsx(pending, base_kos, kenv, work, say):
    """The no-VSX lane (tools/vm/novsx-lane.sh: POWER10 with VSX off, the
    stock kernel) for the crc32c_vmx builds of pending = [(mutant, {module:
    ko})], after the unchanged module, which must pass it: {hash: (verdict,
    lane, detail)}. A guest that crashed or hung is `crashed` or `timeout`
    (its later checks only miss their lines); otherwise a failed check is a
    catch, and a kernel report with no failed check a crash (a fault
    report) or a catch (a warning), as in the guest lane."""
    runs = os.path.join(work, "novsx-runs", RUN_STAMP)
    rc, fails = novsx_run(base_kos["crc32c_vmx"], kenv, os.path.join(runs, "base"))
    if rc or fails:
        say("glue: the unchanged crc32c_vmx fails the no-VSX lane (exit %d: %s): no verdict" %
            (rc, "; ".join(c for c, _ in fails) or "no check failed"))
        return {}
    out = {}
    for mu, changed in pending:
        if "crc32c_vmx" not in changed:
            say("glue: %s: no crc32c_vmx build, which the no-VSX lane runs" % mu.id)
            continue
        d = os.path.join(runs, mu.hash[:16])
        start = time.time()
        rc, fails = novsx_run(changed["crc32c_vmx"], kenv, d)
        asserted = [(c, r) for c, r in fails if c != NOVSX_END]
        report = console_report(os.path.join(d, "module", "guest.console.log"))
        # a guest that died or hung leaves later checks without their
        # lines: those failures are no assertions
        if rc == 4:
            verdict = ("timeout", NOVSX_NAME, "the guest hung")
        elif rc == 3:
            verdict = ("crashed", NOVSX_NAME, report or "the guest stopped before its end")
        elif asserted:
            verdict = ("killed", "%s:%s" % (NOVSX_NAME, asserted[0][0]), asserted[0][1])
        elif report and re.match(r"Oops|BUG: (Unable|Kernel NULL)|Kernel panic", report):
            verdict = ("crashed", NOVSX_NAME, report)
        elif fails:
            verdict = ("killed", "%s:kernel-log" % NOVSX_NAME, report or fails[0][1])
        else:
            verdict = ("survived", NOVSX_NAME, "every check passed")
        say("glue: %s: %s in the no-VSX lane (%.0f s)" % (mu.id, verdict[0], time.time() - start))
        out[mu.hash] = verdict
    return out


def stop_guests(bdir):
    """Stop the QEMU of a boot of bdir: timeout(1) runs it in a process group
    of its own, outside lane.sh's session."""
    for pid in os.listdir("/proc"):
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                args = f.read().split(b"\0")
        except OSError:
            continue
        if args and os.path.basename(args[0]) in (b"timeout", b"qemu-system-ppc64") and \
                any(bdir.encode() in a for a in args):
            try:
                os.killpg(os.getpgid(int(pid)), signal.SIGTERM)
            except OSError:
                pass


def finished_rows(bdir):
    """{entry: [(test, verdict, detail)]} of the entries a stopped boot finished."""
    rows, ended = {}, set()
    for path in sorted(glob.glob(os.path.join(bdir, "guest-mutants-*.log*"))):
        if path.endswith(".console.log") or (not path.endswith(".raw") and
                                            os.path.exists(path + ".raw")):
            continue
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = re.match(r"MUTANT-RESULT (\S+) (\S+) ([a-z-]+) *(.*)$", line.rstrip())
                if m:
                    rows.setdefault(m.group(1), []).append(m.group(2, 3, 4))
                m = re.match(r"MUTANT-END (\S+)\s*$", line)
                if m:
                    ended.add(m.group(1))
    out = {k: v for k, v in rows.items() if k in ended}
    # and those during which an earlier boot died (lane.sh's row for each)
    oops = crash_reports(bdir)
    results = os.path.join(bdir, "results.tsv")
    if os.path.exists(results):
        with open(results, encoding="utf-8", errors="replace") as f:
            for line in f:
                cols = line.rstrip("\n").split("\t")
                if len(cols) >= 4 and (cols[3].startswith("crashed") or cols[3] == "timeout"):
                    out.setdefault(cols[1], []).append(
                        (cols[2], cols[3], oops.get(cols[1], cols[4] if len(cols) > 4 else "")))
    return out


def lane_name(cpu, kname="stock"):
    """The lane column of a verdict from a guest of CPU model cpu and kernel
    kname (stock: build/kernel.env's)."""
    return "guest-" + ("" if kname == "stock" else kname + "-") + cpu.lower()


def judge_batch(rows, owner, where="-", lane="guest-power8"):
    """{hash: (verdict, lane, detail)} from lane.sh's rows {entry: [(test, verdict, detail)]}."""
    base_ok = {}
    for name in [n for n, mu in owner.items() if mu is None]:
        got = rows.get(name)
        if not got or any(v in ("no-result", "failed") or v.startswith("crashed")
                          for _, v, _ in got):
            # without a clean run of the unchanged module nothing is judged
            return {}
        base_ok[BASE_ENTRIES[name]] = {t for t, v, _ in got if v == "missed"}
    by_mutant = {}
    for name, mu in owner.items():
        if mu is None:
            continue
        by_mutant.setdefault(mu.hash, []).append(name)
    out = {}
    for h, names in by_mutant.items():
        if any(name not in rows for name in names):
            # a build that did not run (a boot stopped before it): no verdict yet
            continue
        results = []
        for name in names:
            mod = "crc_family_vmx" if name.endswith("-f") else "crc32c_vmx"
            for t, v, d in rows.get(name, []):
                results.append((mod, t, v, d))
        if not results or any(v == "no-result" for _, _, v, _ in results):
            continue
        caught = [(t, d) for mod, t, v, d in results
                  if v == "caught" and t in base_ok.get(mod, ())]
        if caught:
            out[h] = ("killed", lane + ":" + caught[0][0], caught[0][1] or "-")
            continue
        kinds = {v for _, _, v, _ in results}
        for kind, verdict in (("crashed", "crashed"), ("crashed-otherwise", "crashed"),
                              ("timeout", "timeout"), ("setup-failed", "setup-failed"),
                              ("failed", "setup-failed")):
            if kind in kinds:
                t, d = next((t, d) for _, t, v, d in results if v == kind)
                out[h] = (verdict, lane + ":" + t, d or "-")
                break
        else:
            out[h] = ("survived", lane, "every test passed (%s)" % where)
    return out


def base_kos(builder):
    stock = builder.kernels[0]
    return {mod: os.path.join(stock.work, "base", mod + ".ko") for mod in stock.base}


def have_kernel(kenv):
    return os.path.exists(kenv) and os.path.isdir(kernel_env(kenv).get("KDIR", "/nonexistent"))


def batches(items, size=BATCH):
    return [items[i:i + size] for i in range(0, len(items), size)]


