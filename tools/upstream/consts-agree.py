#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Two independent generators must agree: for every CRC of the upstream
series (tools/upstream/kernel-files.py's list), the constants of the kernel's
scripts/gen-crc-consts.py with the series' powerpc_vpmsum type
(tools/upstream/scripts/powerpc_vpmsum.py) and those of the project's C++
crc-constgen, row by row, both the fold and the reduction tables.

Usage: consts-agree.py --script PATCHED_GEN_CRC_CONSTS_PY --constgen BIN
Prints PASS|FAIL <TAB> generators agree: <crc> [<TAB> reason] per CRC and
exits 1 if any failed, 2 on bad usage."""
import argparse
import importlib.util
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def kernel_files():
    spec = importlib.util.spec_from_file_location("kernel_files", os.path.join(HERE, "kernel-files.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--script", required=True)
    ap.add_argument("--constgen", required=True)
    a = ap.parse_args()
    kf = kernel_files()
    failed = 0
    for name, args, *_ in kf.CRCS:
        what = "generators agree: " + name
        try:
            ours_rows = kf.constgen_rows(a.constgen, name, args)
            theirs = subprocess.run([sys.executable, a.script, "powerpc_vpmsum",
                                     kf.kernel_variant(args)],
                                    check=True, capture_output=True, text=True).stdout
        except (OSError, subprocess.CalledProcessError) as e:
            print("FAIL\t%s\t%s" % (what, getattr(e, "stderr", "") or e))
            failed += 1
            continue
        theirs_rows = kf.vec_rows(theirs, "VPMSUM_PAIR")
        if len(ours_rows) < 17 or not theirs_rows:
            print("FAIL\t%s\tno constants parsed (crc-constgen %d rows, gen-crc-consts.py %d)"
                  % (what, len(ours_rows), len(theirs_rows)))
            failed += 1
        elif ours_rows != theirs_rows:
            i = next((i for i, (x, y) in enumerate(zip(ours_rows, theirs_rows)) if x != y),
                     min(len(ours_rows), len(theirs_rows)))
            print("FAIL\t%s\trow %d differs (%d and %d rows): crc-constgen %s, gen-crc-consts.py %s"
                  % (what, i, len(ours_rows), len(theirs_rows),
                     ours_rows[i] if i < len(ours_rows) else "-",
                     theirs_rows[i] if i < len(theirs_rows) else "-"))
            failed += 1
        else:
            print("PASS\t%s\t%d rows" % (what, len(ours_rows)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
