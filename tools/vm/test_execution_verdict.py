#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Host test of the execution lane's parsing and attribution.

Runs tools/vm/execution-verdict.py on the plugin output and guest logs of
one recorded run of tools/vm/execution-lane.sh (tools/vm/tests/fixtures/
execution/CPU-{plugin.txt,guest.log}) and on crafted copies that must
fail. Usage: test_execution_verdict.py CASE (one CTest test per case, see
tools/bench-model/tests/CMakeLists.txt) or --list.

Cases:
  good              the three recorded guests pass every check, and the
                    mutant tables hold the recorded counts
  p10-no-lxvp       POWER10: the crc32c-vmx interval without its lxvp
                    (sites and count consistent): "ran lxvp and xxeval" fails
  p10-lxvp-elsewhere POWER10: the crc32c-vmx interval's lxvp at kernel PCs:
                    the same check fails (attribution, not the total)
  p8-prefixed       POWER8: a prefixed instruction in the crc32c-vmx
                    interval: "ran no ISA 3.1 instruction" fails
  nvme-outside      POWER8: the NVMe (CRC-T10DIF) interval's vpmsumd in the
                    kernel's text: "ran no vpmsumd outside crc_family_vmx"
                    and "ran vpmsumd in crc_family_vmx" fail
  vmx-is-vpmsum     POWER8: crc32c-vmx's vpmsumd at crc32c_vpmsum's PCs:
                    the crc32c-vmx checks fail (the two vector drivers are
                    told apart)
  missing-interval  the last interval gone (summary adjusted): pairing fails
  unbalanced        the summary reports an END without BEGIN
  corrupt-line      an interval line cut short
  sites-mismatch    a site count that does not add up to its interval
  hidden-map        the module addresses 0 (kptr_restrict): the map fails
  missing-probe     a label the lane expects is not in the log
  no-summary        the plugin's summary line is missing (QEMU died)
  mutant-probe-failed POWER10: the isa31-not-run probe could not hash
                    ("digest ... failed: Invalid argument", exit 1, no
                    digest line): a broken lane, never a catch; no row
  real-probe-exit   POWER9: the real crc32c-vmx probe printed a right
                    digest but exited 1: its digest check fails
  digest-elsewhere  POWER10: the real crc32c-vmx probe's digest line missing;
                    the isa31-not-run mutant's right crc32c-vmx digest must
                    not stand in for it
Exit codes: 0 the case passed, 1 it failed, 2 bad usage.
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
VERDICT = os.path.join(HERE, "execution-verdict.py")
FIX = os.path.join(HERE, "tests", "fixtures", "execution")
EXPECT = {
    "POWER8": "real:crc32c-vmx,real:crc32c-generic,real:crc32c-vpmsum,real:crct10dif-vmx,"
              "real:crct10dif-generic,real:crc64-rocksoft-vmx,real:crc64-rocksoft-generic,"
              "nvme:crct10dif,nvme:crc64-rocksoft,core-is-software:crc32c-vmx,"
              "family-core-is-software:crct10dif-vmx,family-core-is-software:crc64-rocksoft-vmx",
    "POWER9": "real:crc32c-vmx,real:crc32c-generic",
    "POWER10": "real:crc32c-vmx,real:crc32c-generic,isa31-not-run:crc32c-vmx",
}


def read(cpu, what):
    with open(os.path.join(FIX, "%s-%s" % (cpu, what))) as f:
        return f.read().splitlines()


def run(cpu, plugin, log, work, expect=None):
    """(exit code, stdout, {name: reason or None}) of the verdict script."""
    p, g = os.path.join(work, "plugin.txt"), os.path.join(work, "guest.log")
    with open(p, "w") as f:
        f.write("\n".join(plugin) + "\n")
    with open(g, "w") as f:
        f.write("\n".join(log) + "\n")
    r = subprocess.run([sys.executable, VERDICT, "--cpu", cpu, "--plugin", p, "--log", g,
                        "--expect", EXPECT[cpu] if expect is None else expect,
                        "--vpmsumd-tsv", os.path.join(work, "vpmsumd.tsv"),
                        "--isa31-tsv", os.path.join(work, "isa31.tsv")],
                       stdout=subprocess.PIPE, universal_newlines=True)
    verdicts = {}
    for line in r.stdout.splitlines():
        f = line.split("\t")
        if f[0] == "PASS":
            verdicts[f[1]] = None
        elif f[0] == "FAIL":
            verdicts[f[1]] = f[2] if len(f) > 2 else ""
    return r.returncode, r.stdout, verdicts


def interval_of(plugin, label, log):
    """The seq of the interval paired with PROBE label."""
    labels = [l.split()[1] for l in log if l.startswith("PROBE ")]
    return labels.index(label)


def edit_interval(plugin, seq, keep_site=None, move_site=None, extra=None, fields=None):
    """A copy of plugin with interval seq changed: site lines filtered
    (keep_site(kind, pc) False drops one), moved (move_site(kind, pc) gives
    a new pc or None), extra site lines added, fields of the interval line
    replaced; the interval's sites= follows."""
    out, idx = [], None
    for line in plugin:
        m = re.match(r"site vcpu=0 seq=(\d+) kind=(\w+) pc=0x([0-9a-f]+) n=(\d+)$", line)
        if m and int(m.group(1)) == seq:
            kind, pc = m.group(2), int(m.group(3), 16)
            if keep_site and not keep_site(kind, pc):
                continue
            if move_site:
                new = move_site(kind, pc)
                if new is not None:
                    line = "site vcpu=0 seq=%d kind=%s pc=0x%x n=%s" % (seq, kind, new, m.group(4))
        out.append(line)
        if line.startswith("interval ") and " seq=%d " % seq in line:
            idx = len(out) - 1
            out.extend(extra or [])
    n = sum(1 for l in out if l.startswith("site vcpu=0 seq=%d " % seq))
    line = re.sub(r"sites=\d+", "sites=%d" % n, out[idx])
    for k, v in (fields or {}).items():
        line = re.sub(r" %s=\d+" % k, " %s=%d" % (k, v), line)
    out[idx] = line
    return out


def expect_fail(rc, verdicts, names, out):
    bad = [n for n in names if n not in verdicts or verdicts[n] is None]
    if rc != 1 or bad:
        print(out)
        print("expected exit 1 and FAIL lines for %s; got exit %d, not failed: %s" %
              (names, rc, bad))
        return 1
    for n in names:
        print("caught as required: FAIL %s: %s" % (n, verdicts[n]))
    return 0


def expect_fail_any(rc, verdicts, prefix, out):
    failed = [n for n, r in verdicts.items() if r is not None and n.startswith(prefix)]
    if rc != 1 or not failed:
        print(out)
        print("expected exit 1 and a FAIL line starting %r; got exit %d" % (prefix, rc))
        return 1
    for n in failed:
        print("caught as required: FAIL %s: %s" % (n, verdicts[n]))
    return 0


def case(name, work):
    p8, l8 = read("POWER8", "plugin.txt"), read("POWER8", "guest.log")
    p10, l10 = read("POWER10", "plugin.txt"), read("POWER10", "guest.log")
    kernel = next(int(l.split()[1], 16) for l in l8 if l.startswith("KTEXT "))
    if name == "good":
        bad = 0
        for cpu in ("POWER8", "POWER9", "POWER10"):
            rc, out, v = run(cpu, read(cpu, "plugin.txt"), read(cpu, "guest.log"), work)
            fails = [n for n, r in v.items() if r is not None]
            if rc != 0 or fails or len(v) < 5:
                print(out)
                print("%s: exit %d, failed: %s" % (cpu, rc, fails))
                bad = 1
            else:
                print("%s: %d checks passed" % (cpu, len(v)))
            rows = open(os.path.join(work, "vpmsumd.tsv" if cpu != "POWER10" else "isa31.tsv")).read()
            want = {"POWER8": r"core-is-software:crc32c-vmx\t1048576\t0\n"
                              r"family-core-is-software:crct10dif-vmx\t1048576\t0\n",
                    "POWER9": r"real:crc32c-vmx\t1048576\t[1-9]\d{4}\n",
                    "POWER10": r"isa31-not-run:crc32c-vmx\t1048576\t0\t0\n"}[cpu]
            if not re.search(want, rows) or not re.search(r"^real:crc32c-vmx\t1048576\t[1-9]", rows):
                print("%s: the mutant table lacks %r:\n%s" % (cpu, want, rows))
                bad = 1
        return bad
    if name == "p10-no-lxvp":
        seq = interval_of(p10, "real:crc32c-vmx", l10)
        p = edit_interval(p10, seq, keep_site=lambda k, pc: k != "lxvp", fields={"lxvp": 0})
        rc, out, v = run("POWER10", p, l10, work)
        return expect_fail(rc, v, ["execution:POWER10:crc32c-vmx ran lxvp and xxeval"], out)
    if name == "p10-lxvp-elsewhere":
        seq = interval_of(p10, "real:crc32c-vmx", l10)
        p = edit_interval(p10, seq, move_site=lambda k, pc: kernel + 0x1000 if k in ("lxvp", "xxeval") else None)
        # Moved sites of one PC merge in the attribution; the counts stay.
        rc, out, v = run("POWER10", p, l10, work)
        return expect_fail(rc, v, ["execution:POWER10:crc32c-vmx ran lxvp and xxeval"], out)
    if name == "p8-prefixed":
        seq = interval_of(p8, "real:crc32c-vmx", l8)
        iv = next(l for l in p8 if l.startswith("interval ") and " seq=%d " % seq in l)
        pre = int(re.search(r" prefixed=(\d+)", iv).group(1))
        p = edit_interval(p8, seq, extra=["site vcpu=0 seq=%d kind=prefixed pc=0x%x n=1" %
                                          (seq, kernel + 0x2000)], fields={"prefixed": pre + 1})
        rc, out, v = run("POWER8", p, l8, work)
        return expect_fail(rc, v, ["execution:POWER8:crc32c-vmx ran no ISA 3.1 instruction "
                                   "(lxvp, xxeval, prefixed)"], out)
    if name == "nvme-outside":
        seq = interval_of(p8, "nvme:crct10dif", l8)
        p = edit_interval(p8, seq, move_site=lambda k, pc: kernel + 0x3000 + (pc & 0xfff) if k == "vpmsumd" else None)
        rc, out, v = run("POWER8", p, l8, work)
        return expect_fail(rc, v, ["execution:POWER8:NVMe PI I/O (crct10dif) ran no vpmsumd outside crc_family_vmx",
                                   "execution:POWER8:NVMe PI I/O (crct10dif) ran vpmsumd in crc_family_vmx"], out)
    if name == "vmx-is-vpmsum":
        seq = interval_of(p8, "real:crc32c-vmx", l8)
        vp = next(l for l in l8 if l.startswith("MAP crc32c_vpmsum "))
        base = int(vp.split()[2], 16)
        p = edit_interval(p8, seq, move_site=lambda k, pc: base + (pc & 0xffff) if k == "vpmsumd" else None)
        rc, out, v = run("POWER8", p, l8, work)
        return expect_fail(rc, v, ["execution:POWER8:crc32c-vmx ran vpmsumd in crc32c_vmx",
                                   "execution:POWER8:crc32c-vmx ran no vpmsumd outside crc32c_vmx"], out)
    if name == "missing-interval":
        last = max(int(re.search(r" seq=(\d+)", l).group(1)) for l in p9() if l.startswith("interval "))
        p = [l for l in p9() if " seq=%d " % last not in l]
        p = [re.sub(r"^# insn-interval: \d+ intervals", "# insn-interval: %d intervals" % last, l)
             for l in p]
        rc, out, v = run("POWER9", p, read("POWER9", "guest.log"), work)
        return expect_fail(rc, v, ["execution:POWER9:pairing"], out)
    if name == "unbalanced":
        p = [l.replace(" 0 END without BEGIN", " 1 END without BEGIN") for l in p9()]
        rc, out, v = run("POWER9", p, read("POWER9", "guest.log"), work)
        return expect_fail(rc, v, ["execution:POWER9:plugin output"], out)
    if name == "corrupt-line":
        p = p9()
        i = next(k for k, l in enumerate(p) if l.startswith("interval "))
        p[i] = p[i][:len(p[i]) // 2]
        rc, out, v = run("POWER9", p, read("POWER9", "guest.log"), work)
        return expect_fail(rc, v, ["execution:POWER9:plugin output"], out)
    if name == "sites-mismatch":
        p = p9()
        i = next(k for k, l in enumerate(p) if l.startswith("site ") and "kind=vpmsumd" in l)
        p[i] = re.sub(r" n=(\d+)$", lambda m: " n=%d" % (int(m.group(1)) + 1), p[i])
        rc, out, v = run("POWER9", p, read("POWER9", "guest.log"), work)
        return expect_fail(rc, v, ["execution:POWER9:plugin output"], out)
    if name == "hidden-map":
        log = [re.sub(r"^(MAP \S+) 0x[0-9a-f]+ ", r"\1 0x0000000000000000 ", l)
               for l in read("POWER9", "guest.log")]
        rc, out, v = run("POWER9", p9(), log, work)
        return expect_fail_any(rc, v, "execution:POWER9:real:crc32c-vmx map", out)
    if name == "missing-probe":
        rc, out, v = run("POWER9", p9(), read("POWER9", "guest.log"), work,
                         expect=EXPECT["POWER9"] + ",real:crc32c-vpmsum")
        return expect_fail(rc, v, ["execution:POWER9:real:crc32c-vpmsum probe"], out)
    if name == "no-summary":
        p = [l for l in p9() if not l.startswith("# insn-interval:")]
        rc, out, v = run("POWER9", p, read("POWER9", "guest.log"), work)
        return expect_fail(rc, v, ["execution:POWER9:plugin output"], out)
    if name == "mutant-probe-failed":
        i = next(k for k, l in enumerate(l10) if l.startswith("PROBE isa31-not-run:"))
        # Its digest and exit-code lines are the two after it.
        assert l10[i + 1].startswith("VPMSUMD-PROBE") and l10[i + 2].startswith("PROBE-RC")
        log = l10[:i + 1] + ["vpmsumd-probe: digest through crc32c-vmx failed: Invalid argument",
                             "PROBE-RC 1"] + l10[i + 3:]
        rc, out, v = run("POWER10", p10, log, work)
        bad = expect_fail(rc, v, ["execution:POWER10:isa31-not-run:crc32c-vmx probe hashed"], out)
        rows = open(os.path.join(work, "isa31.tsv")).read()
        if "isa31-not-run" in rows:
            print("the failed probe still has a mutant row:\n" + rows)
            bad = 1
        return bad
    if name == "real-probe-exit":
        log = read("POWER9", "guest.log")
        i = next(k for k, l in enumerate(log) if l.startswith("PROBE real:crc32c-vmx "))
        j = next(k for k in range(i, len(log)) if log[k].startswith("PROBE-RC"))
        log[j] = "PROBE-RC 1"
        rc, out, v = run("POWER9", p9(), log, work)
        return expect_fail(rc, v, ["execution:POWER9:crc32c-vmx digest of the probe is right"], out)
    if name == "digest-elsewhere":
        log = list(l10)
        i = next(k for k, l in enumerate(log) if l.startswith("PROBE real:crc32c-vmx "))
        j = next(k for k in range(i, len(log)) if log[k].startswith("VPMSUMD-PROBE"))
        del log[j]
        rc, out, v = run("POWER10", p10, log, work)
        return expect_fail(rc, v, ["execution:POWER10:crc32c-vmx digest of the probe is right"], out)
    print("unknown case %r (try --list)" % name)
    return 2


def p9():
    return read("POWER9", "plugin.txt")


CASES = ("good p10-no-lxvp p10-lxvp-elsewhere p8-prefixed nvme-outside vmx-is-vpmsum "
         "missing-interval unbalanced corrupt-line sites-mismatch hidden-map missing-probe "
         "no-summary mutant-probe-failed real-probe-exit digest-elsewhere").split()


def main():
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0 if len(sys.argv) == 2 else 2
    if sys.argv[1] == "--list":
        print("\n".join(CASES))
        return 0
    if sys.argv[1] not in CASES:
        print("unknown case %r (try --list)" % sys.argv[1])
        return 2
    with tempfile.TemporaryDirectory(prefix="execution-verdict-test.") as work:
        return case(sys.argv[1], work)


if __name__ == "__main__":
    sys.exit(main())
