#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Judge one guest of the execution lane (tools/vm/execution-lane.sh).

Reads what the insn-interval QEMU plugin counted (run with sites=1: one
"interval" line per probe, followed by its "site" lines, the PCs of the
counted instructions) and the guest's result channel (set "execution": per
probe the kernel text range, the /proc/modules map and a "PROBE label"
line), pairs the k-th probe with the k-th interval, attributes every
counted instruction to the kernel, a module or "elsewhere" by its PC, and
prints one verdict line per check:

    PASS<TAB>execution:CPU:what
    FAIL<TAB>execution:CPU:what<TAB>reason

plus INFO lines with the attributed counts. Fails closed: a plugin line it
cannot parse, a summary reporting unbalanced markers or lost data, site
counts that do not add up to their interval, a probe without an interval
(or the reverse), a probe without a module map, a missing digest line: each
is a FAIL line and exit code 1. Every probe must have hashed: its own
VPMSUMD-PROBE line (between its PROBE line and the next) and its exit code
(PROBE-RC): 0 with a right digest for the real drivers; for a mutant, a
digest (right or MISMATCH) and exit 0 or 1. A mutant probe that could not
hash is a broken lane, never a catch: it gets no row in the mutant tables.

Exit codes: 0 every check passed, 1 a check failed, 2 bad usage.
"""
import argparse
import re
import sys

KINDS = ("mtmsr", "vpmsumd", "lxvp", "xxeval", "prefixed")
INTERVAL = re.compile(
    r"interval vcpu=(\d+) seq=(\d+) insns=(\d+) mtmsr=(\d+) vpmsumd=(\d+)"
    r" lxvp=(\d+) xxeval=(\d+) prefixed=(\d+) sites=(\d+)")
SITE = re.compile(r"site vcpu=(\d+) seq=(\d+) kind=(\w+) pc=0x([0-9a-f]+) n=(\d+)")
SUMMARY = re.compile(
    r"# insn-interval: (\d+) intervals, (\d+) END without BEGIN, (\d+) BEGIN inside an"
    r" interval, (\d+) unterminated, (\d+) events of unknown vCPUs, (\d+) allocations failed")
# The module whose code computes each driver's CRC.
DRIVER_MODULE = {
    "crc32c-vmx": "crc32c_vmx",
    "crct10dif-vmx": "crc_family_vmx",
    "crc64-rocksoft-vmx": "crc_family_vmx",
    "crc32c-vpmsum": "crc32c_vpmsum",
}
MIB = 1048576


class Verdicts:
    def __init__(self, cpu):
        self.cpu = cpu
        self.failed = 0
        self.count = 0

    def check(self, ok, what, reason):
        self.count += 1
        name = "execution:%s:%s" % (self.cpu, what)
        if ok:
            print("PASS\t%s" % name)
        else:
            print("FAIL\t%s\t%s" % (name, reason))
            self.failed += 1

    def info(self, text):
        print("INFO\texecution:%s: %s" % (self.cpu, text))


def parse_plugin(path, v):
    """The intervals in order, each a dict; None after a FAIL."""
    try:
        lines = open(path, encoding="ascii", errors="replace").read().splitlines()
    except OSError as e:
        v.check(False, "plugin output", "cannot read %s: %s" % (path, e))
        return None
    intervals, summary = [], None
    for no, line in enumerate(lines, 1):
        m = INTERVAL.fullmatch(line)
        if m:
            f = [int(x) for x in m.groups()]
            intervals.append({
                "vcpu": f[0], "seq": f[1], "insns": f[2], "mtmsr": f[3], "vpmsumd": f[4],
                "lxvp": f[5], "xxeval": f[6], "prefixed": f[7], "nsites": f[8],
                "sites": [], "line": no})
            continue
        m = SITE.fullmatch(line)
        if m:
            vcpu, seq, kind, pc, n = m.groups()
            if (not intervals or kind not in KINDS or int(vcpu) != intervals[-1]["vcpu"]
                    or int(seq) != intervals[-1]["seq"]):
                v.check(False, "plugin output",
                        "%s:%d: a site line that does not follow its interval: %s" % (path, no, line))
                return None
            intervals[-1]["sites"].append((kind, int(pc, 16), int(n)))
            continue
        m = SUMMARY.fullmatch(line)
        if m and summary is None:
            summary = [int(x) for x in m.groups()]
            continue
        v.check(False, "plugin output", "%s:%d: cannot parse (a plugin without sites=1, or "
                "a truncated or corrupt file?): %.120s" % (path, no, line))
        return None
    if summary is None:
        v.check(False, "plugin output", "no '# insn-interval:' summary in %s "
                "(QEMU did not exit cleanly?)" % path)
        return None
    if summary[1:] != [0, 0, 0, 0, 0] or summary[0] != len(intervals):
        v.check(False, "plugin output", "the plugin's summary reports unbalanced markers or "
                "lost data, or %d intervals where the file has %d: %s" %
                (summary[0], len(intervals), lines[-1] if lines else ""))
        return None
    for k, iv in enumerate(intervals):
        where = "%s:%d" % (path, iv["line"])
        if iv["vcpu"] != 0 or iv["seq"] != k:
            v.check(False, "plugin output", "%s: interval vcpu=%d seq=%d where vcpu=0 seq=%d "
                    "was due (the lane runs one vCPU)" % (where, iv["vcpu"], iv["seq"], k))
            return None
        if len(iv["sites"]) != iv["nsites"]:
            v.check(False, "plugin output", "%s: sites=%d but %d site lines follow" %
                    (where, iv["nsites"], len(iv["sites"])))
            return None
        total = dict.fromkeys(KINDS, 0)
        for kind, _, n in iv["sites"]:
            total[kind] += n
        want = {"mtmsr": iv["mtmsr"], "vpmsumd": iv["vpmsumd"], "lxvp": iv["lxvp"],
                "xxeval": iv["xxeval"], "prefixed": iv["prefixed"] - iv["xxeval"]}
        if total != want:
            v.check(False, "plugin output", "%s: the site counts %s do not add up to the "
                    "interval's %s" % (where, total, want))
            return None
    return intervals


def parse_log(path, v):
    """The probes in order: label, bytes, map (list of (name, lo, hi)), line,
    and their own digest line and exit code (None where absent)."""
    try:
        lines = open(path, encoding="utf-8", errors="replace").read().splitlines()
    except OSError as e:
        v.check(False, "guest log", "cannot read %s: %s" % (path, e))
        return None
    probes, regions = [], []
    for no, line in enumerate(lines, 1):
        f = line.split()
        if not f:
            continue
        if f[0] == "KTEXT" and len(f) == 3:
            try:
                regions.append(("kernel", int(f[1], 16), int(f[2], 16)))
            except ValueError:
                v.check(False, "guest log", "%s:%d: cannot parse %s" % (path, no, line))
                return None
        elif f[0] == "MAP" and len(f) == 4:
            try:
                lo = int(f[2], 16)
                regions.append((f[1], lo, lo + int(f[3])))
            except ValueError:
                v.check(False, "guest log", "%s:%d: cannot parse %s" % (path, no, line))
                return None
        elif f[0] == "PROBE" and len(f) >= 3 and f[2].startswith("bytes="):
            probes.append({"label": f[1], "bytes": int(f[2][6:]), "map": regions, "line": no,
                           "digest": None, "rc": None})
            regions = []
        elif f[0] == "VPMSUMD-PROBE" and probes:
            if probes[-1]["digest"] is not None:
                v.check(False, "guest log", "%s:%d: a second digest line for PROBE %s"
                        % (path, no, probes[-1]["label"]))
                return None
            probes[-1]["digest"] = line
        elif f[0] == "PROBE-RC" and len(f) == 2 and f[1].isdigit() and probes:
            probes[-1]["rc"] = int(f[1])
    return probes


def attribute(iv, regions):
    """{kind: {region name or 'elsewhere': count}}"""
    out = {k: {} for k in KINDS}
    for kind, pc, n in iv["sites"]:
        name = "elsewhere"
        for r, lo, hi in regions:
            if lo <= pc < hi:
                name = r
                break
        out[kind][name] = out[kind].get(name, 0) + n
    return out


def inside(att, kind, region):
    return att[kind].get(region, 0)


def outside(att, kind, region):
    return sum(n for r, n in att[kind].items() if r != region)


def fmt(att, kind):
    return ", ".join("%s %d" % x for x in sorted(att[kind].items())) or "none"


def judge(args):
    v = Verdicts(args.cpu)
    intervals = parse_plugin(args.plugin, v)
    probes = parse_log(args.log, v)
    if intervals is None or probes is None:
        return v
    if len(probes) != len(intervals) or not probes:
        v.check(False, "pairing", "the guest ran %d probes, the plugin counted %d intervals "
                "(%s, %s)" % (len(probes), len(intervals), args.log, args.plugin))
        return v
    v.check(True, "pairing", "")
    want = set(args.expect.split(",")) if args.expect else set()
    seen = set()
    vpm_rows, isa_rows = [], []
    for p, iv in zip(probes, intervals):
        label, nbytes = p["label"], p["bytes"]
        if not any(r[0] == "kernel" for r in p["map"]) or len(p["map"]) < 2:
            v.check(False, "%s map" % label, "no kernel text range or module map before "
                    "PROBE %s (%s:%d)" % (label, args.log, p["line"]))
            continue
        if any(lo == 0 for _, lo, _ in p["map"]):
            v.check(False, "%s map" % label, "addresses are hidden (0) in the map before "
                    "PROBE %s: kptr_restrict? (%s:%d)" % (label, args.log, p["line"]))
            continue
        att = attribute(iv, p["map"])
        source, driver = label.split(":", 1)
        seen.add(label)
        if source not in ("real", "nvme"):
            hashed = (p["rc"] in (0, 1) and p["digest"] is not None and re.fullmatch(
                r"VPMSUMD-PROBE driver=%s bytes=%d digest=[0-9a-f]+ (ok|MISMATCH)" %
                (re.escape(driver), nbytes), p["digest"]) is not None)
            v.check(hashed, "%s probe hashed" % label,
                    "the mutant's probe did not hash (exit %s, digest line %r): a broken lane, "
                    "not a catch (%s:%d)" % (p["rc"], p["digest"], args.log, p["line"]))
            if not hashed:
                continue
        mod = DRIVER_MODULE.get(driver)
        v.info("%s: %d bytes, %d instructions; vpmsumd: %s; lxvp: %s; xxeval: %s; other "
               "prefixed: %s" % (label, nbytes, iv["insns"], fmt(att, "vpmsumd"),
                                 fmt(att, "lxvp"), fmt(att, "xxeval"), fmt(att, "prefixed")))
        if driver in ("crc32c-vmx", "crct10dif-vmx", "crc64-rocksoft-vmx"):
            vpm_rows.append((label, nbytes, inside(att, "vpmsumd", mod)))
            if args.cpu == "POWER10":
                isa_rows.append((label, nbytes, inside(att, "lxvp", mod),
                                 inside(att, "xxeval", mod)))
        if source != "real" and source != "nvme":
            continue  # a mutant: judged by tools/mutants/verdict.sh from the tables
        if source == "nvme":
            v.check(p["rc"] == 0, "NVMe PI I/O (%s) finished" % driver,
                    "the I/O probe exited %s (%s:%d)" % (p["rc"], args.log, p["line"]))
            mod = "crc_family_vmx"
            n_in, n_out = inside(att, "vpmsumd", mod), outside(att, "vpmsumd", mod)
            v.info("vpmsumd executed in %s: %d for %d MiB of NVMe I/O (%s guard), %d outside "
                   "it" % (mod, n_in, nbytes // MIB, driver, n_out))
            v.check(n_in >= nbytes // 32, "NVMe PI I/O (%s) ran vpmsumd in %s" % (driver, mod),
                    "%d vpmsumd in %s for %d bytes of I/O (need >= %d; elsewhere: %d)" %
                    (n_in, mod, nbytes, nbytes // 32, n_out))
            v.check(n_out == 0, "NVMe PI I/O (%s) ran no vpmsumd outside %s" % (driver, mod),
                    "vpmsumd outside %s: %s" % (mod, fmt(att, "vpmsumd")))
            continue
        v.check(p["rc"] == 0 and p["digest"] is not None and re.fullmatch(
                    r"VPMSUMD-PROBE driver=%s bytes=%d digest=[0-9a-f]+ ok" %
                    (re.escape(driver), nbytes), p["digest"]) is not None,
                "%s digest of the probe is right" % driver,
                "PROBE %s: exit %s, digest line %r, not a right digest (%s:%d)" %
                (label, p["rc"], p["digest"], args.log, p["line"]))
        if mod is None:
            # A control: a software driver executes no vpmsumd anywhere.
            v.check(iv["vpmsumd"] == 0, "%s ran no vpmsumd (control)" % driver,
                    "%s executed vpmsumd: %s" % (driver, fmt(att, "vpmsumd")))
            continue
        n_in = inside(att, "vpmsumd", mod)
        v.check(n_in >= nbytes // 32, "%s ran vpmsumd in %s" % (driver, mod),
                "%d vpmsumd in %s for %d bytes (need >= %d; all: %s)" %
                (n_in, mod, nbytes, nbytes // 32, fmt(att, "vpmsumd")))
        v.check(outside(att, "vpmsumd", mod) == 0, "%s ran no vpmsumd outside %s" % (driver, mod),
                "vpmsumd outside %s: %s" % (mod, fmt(att, "vpmsumd")))
        if driver != "crc32c-vmx":
            continue
        if args.cpu == "POWER10":
            # The loop loads each 512-byte group with 8 lxvp (the blocks it
            # multiplies) and 8 plxvp (the blocks it only adds, counted as
            # "prefixed", which excludes xxeval): one load per 32 bytes, of
            # which at least half are asked for, and some of each kind.
            nl, nx = inside(att, "lxvp", mod), inside(att, "xxeval", mod)
            npl = inside(att, "prefixed", mod)
            v.check(nl > 0 and npl > 0 and nl + npl >= nbytes // 64 and nx >= nbytes // 64,
                    "crc32c-vmx ran lxvp and xxeval", "in %s: %d lxvp + %d plxvp, %d xxeval for "
                    "%d bytes (need some of each load and >= %d loads and xxeval: the ISA 3.1 loop "
                    "did not run; all lxvp: %s; all xxeval: %s; all other prefixed: %s)" %
                    (mod, nl, npl, nx, nbytes, nbytes // 64, fmt(att, "lxvp"), fmt(att, "xxeval"),
                     fmt(att, "prefixed")))
        else:
            v.check(iv["lxvp"] == 0 and iv["xxeval"] == 0 and iv["prefixed"] == 0,
                    "crc32c-vmx ran no ISA 3.1 instruction (lxvp, xxeval, prefixed)",
                    "%s executed %d lxvp, %d xxeval, %d prefixed: lxvp %s; xxeval %s; prefixed %s" %
                    (args.cpu, iv["lxvp"], iv["xxeval"], iv["prefixed"], fmt(att, "lxvp"),
                     fmt(att, "xxeval"), fmt(att, "prefixed")))
    for label in sorted(want - seen):
        v.check(False, "%s probe" % label, "the guest logged no PROBE %s (%s)" % (label, args.log))
    if args.vpmsumd_tsv:
        with open(args.vpmsumd_tsv, "w") as f:
            for row in vpm_rows:
                f.write("%s\t%d\t%d\n" % row)
    if args.isa31_tsv:
        with open(args.isa31_tsv, "w") as f:
            for row in isa_rows:
                f.write("%s\t%d\t%d\t%d\n" % row)
    return v


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="Exit codes: 0 every check passed, 1 a check failed, "
                                        "2 bad usage.")
    ap.add_argument("--cpu", required=True, choices=("POWER8", "POWER9", "POWER10"))
    ap.add_argument("--plugin", required=True, help="the plugin's output (out=FILE, sites=1)")
    ap.add_argument("--log", required=True, help="the guest's result channel (set execution)")
    ap.add_argument("--expect", default="", help="comma-separated probe labels that must be "
                    "there (e.g. real:crc32c-vmx,real:crc32c-generic)")
    ap.add_argument("--vpmsumd-tsv", help="write label, bytes, vpmsumd inside the driver's "
                    "module per probe of one of our drivers (tools/mutants/verdict.sh --vpmsumd)")
    ap.add_argument("--isa31-tsv", help="POWER10: write label, bytes, lxvp and xxeval in "
                    "crc32c_vmx per crc32c-vmx probe (tools/mutants/verdict.sh --isa31)")
    args = ap.parse_args()
    v = judge(args)
    if v.count == 0:
        v.check(False, "verdicts", "nothing was checked")
    sys.exit(1 if v.failed else 0)


if __name__ == "__main__":
    main()
