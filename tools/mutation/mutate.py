#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""List or apply the rule-based mutants of any C or assembly file.

Usage: tools/mutation/mutate.py list FILE...
       tools/mutation/mutate.py show ID FILE
       tools/mutation/mutate.py apply ID FILE   (the mutated file on stdout)

list prints one mutant a line: id, hash, file:line, operator, the change.
The operators and what is never mutated are described in mutants.py.
Exit status: 0 done, 1 no mutant with that id, 2 bad usage or unreadable file.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutants  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("command", choices=["list", "show", "apply"])
    ap.add_argument("args", nargs="+", metavar="ARG")
    a = ap.parse_args(argv)
    files = a.args if a.command == "list" else a.args[1:]
    if not files or (a.command != "list" and len(a.args) != 2):
        ap.error("%s needs %s" % (a.command, "FILE..." if a.command == "list" else "ID FILE"))
    for path in files:
        if not os.path.isfile(path):
            print("mutate.py: %s: no such file" % path, file=sys.stderr)
            return 2
    if a.command == "list":
        for path in files:
            for m in mutants.mutants(path):
                print("%s\t%s\t%s" % (m.id, m.hash, m.describe()))
        return 0
    found = [m for m in mutants.mutants(files[0]) if a.args[0] in (m.id, m.hash)]
    if not found:
        print("mutate.py: no mutant %s in %s (see `mutate.py list %s`)" %
              (a.args[0], files[0], files[0]), file=sys.stderr)
        return 1
    if a.command == "show":
        print(found[0].describe())
        return 0
    with open(files[0], encoding="utf-8") as f:
        sys.stdout.write("".join(found[0].apply(f.read().splitlines(keepends=True))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
