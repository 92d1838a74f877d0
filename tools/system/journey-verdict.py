#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Hold the system test's PASS/FAIL lines to the declared assertion list.

Usage: journey-verdict.py EXPECT RESULTS

EXPECT lists one assertion name per line ('#' comments). RESULTS holds
lines "PASS <name>: <text>" or "FAIL <name>: <text>". Each declared name
passes only with exactly one PASS and no FAIL; a name that never reported
(its step did not run) fails, and so does a reported name that is not
declared. Prints the failures, then "N passed, N failed" last.
Exit codes: 0 all passed, 1 some failed, 2 bad usage.
"""
import re
import sys


def judge(expect, lines):
    """Return (passed names, [(failed name, reason)])."""
    seen = {}
    for ln in lines:
        m = re.match(r"^(PASS|FAIL) ([^:\s]+): ?(.*)$", ln.rstrip("\n"))
        if m:
            seen.setdefault(m.group(2), []).append((m.group(1), m.group(3)))
    passed, failed = [], []
    for name in expect:
        got = seen.get(name, [])
        verdicts = [v for v, _ in got]
        if verdicts == ["PASS"]:
            passed.append(name)
        elif not got:
            failed.append((name, "did not run (no result)"))
        elif "FAIL" in verdicts:
            failed.append((name, next(t for v, t in got if v == "FAIL")))
        else:
            failed.append((name, "reported %d times" % len(got)))
    for name in sorted(set(seen) - set(expect)):
        failed.append((name, "not declared in journey.expect"))
    return passed, failed


def main(argv):
    if len(argv) != 3 or argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(argv) == 2 else 2
    with open(argv[1]) as f:
        expect = [n for n in (ln.split("#")[0].strip() for ln in f) if n]
    with open(argv[2]) as f:
        passed, failed = judge(expect, f)
    for name, why in failed:
        print("FAILED %s: %s" % (name, why))
    print("%d passed, %d failed" % (len(passed), len(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
