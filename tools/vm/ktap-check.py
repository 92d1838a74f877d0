#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Strict accounting of one guest test set.

Reads what a guest set printed on its result channel (KTAP/TAP from
run_kselftest.sh or from a set's own tests, between the CRCVMX-BEGIN and
CRCVMX-END markers of tools/vm/guest/init) and compares it with the set's
declaration of the exact top-level test names it must report
(tools/vm/guest/sets/<set>.expect). One verdict line per declared test, per
unexpected test and per accounting rule, on stdout:

    PASS<TAB>name
    FAIL<TAB>name<TAB>reason

A test fails if it is missing, reported twice, "not ok" at any depth, or
carries a directive other than a plain result (SKIP, XFAIL, TODO) at any
depth of its nested results, or a "# Totals:" line with a non-zero fail,
xfail, xpass, skip or error count at any depth, without an entry in the skip
allowlist. Nested KTAP is read at every depth ("# " once per level).
A kselftest (a name starting "selftests: ", as run_kselftest.sh reports it)
also fails if it printed no nested results at all, if its nested plan is
1..0 without a SKIP directive, or if any nested result is "not ok": the
runner's top-level "ok" only says the program exited 0, the nested lines
say what it checked.
Accounting rules that fail on their own: a top-level or nested plan that does
not match the number of results, results not numbered 1..N, unexpected test
names, no end marker, a non-zero set exit code, a kernel problem reported by
the guest, a guest run that did not end cleanly (run-guest.sh exit code), a
"not ok" line without a number, a number too long to be a test number.

With --pins FILE, each test's nested plans and results must also equal what
FILE pins for it (tools/vm/pin-subtests.sh writes it from a passing run):
the same plans, the same numbered subtests with the same descriptions once
measured values are masked (pin_text()). A test that shrinks to "1..1 / ok
1", or whose environment-dependent branch flips, changes them.
Exit code: 0 if every line is PASS, 1 if any is FAIL, 2 on bad usage, 3 if
the checker itself failed (it then prints a FAIL accounting line too, so a
crashed checker can never look like an empty set).
"""
import argparse
import re
import sys

RESULT = re.compile(r'^(not ok|ok) +(\d+)(?: +-)? *(.*)$')
NOT_OK = re.compile(r'^not ok\b')
PLAN = re.compile(r'^1\.\.(\d+)(.*)$')
# SKIP, SKIPPED, skip: any directive that starts with the word.
SKIP = re.compile(r'#\s*SKIP', re.IGNORECASE)
# Test numbers and plans longer than this are not numbers a set prints.
MAX_DIGITS = 9
KSELFTEST_PREFIX = 'selftests: '
TOTALS = re.compile(r'^Totals:(.*)$')
TOTALS_BAD = ('fail', 'xfail', 'xpass', 'skip', 'error')
# A run of digits that is a measurement (a count, a byte total) rather than
# a parameter of the test: parameters are ranges "a..b", sizes with a unit
# and "a x b" grids, and stay as they are in a pin.
PIN_NUMBER = re.compile(r'(?<![\w.])(?:0x[0-9a-fA-F]+|\d+\.\.\d+'
                        r'|\d+(?:\s*(?:KiB|MiB|GiB|B\b|bytes?\b)|-byte\b)'
                        r'|\d+(?:\.\d+)+|\d+(?![\w]))')
END = re.compile(r'^CRCVMX-END rc=(\d+)')


def split_directive(desc):
    """'name # SKIP why' -> ('name', 'SKIP why'); no directive -> (desc, '')."""
    m = re.search(r'\s+#\s*(.*)$', desc)
    if not m:
        return desc.strip(), ''
    return desc[:m.start()].strip(), m.group(1).strip()


def number(text, where, problems):
    """The int of a run of digits, or None (and a problem) if it is too long."""
    if len(text) > MAX_DIGITS:
        problems.append(f'{where}: number of {len(text)} digits')
        return None
    return int(text)


class Block:
    """Results of one (nested) KTAP level."""

    def __init__(self):
        self.plan = None
        self.plan_skip = False
        self.numbers = []

    def problems(self, where):
        out = []
        if self.plan is None:
            if self.numbers:
                out.append(f'{where}: results without a plan line')
            return out
        if self.plan != len(self.numbers):
            out.append(f'{where}: plan 1..{self.plan} but {len(self.numbers)} results')
        if self.numbers != list(range(1, len(self.numbers) + 1)):
            out.append(f'{where}: results not numbered 1..{len(self.numbers)}')
        return out


def load_list(path, with_reason):
    entries = {}
    if not path:
        return entries
    with open(path, encoding='utf-8') as f:
        for raw in f:
            line = raw.strip()
            if not line or line.startswith('#'):
                continue
            if with_reason:
                name, _, reason = line.partition('\t')
                if not reason.strip():
                    raise ValueError(f'{path}: allowlist entry without a reason: {line!r}')
                entries[name.strip()] = reason.strip()
            else:
                entries[line] = ''
    return entries


def pin_text(desc):
    """A subtest description with its measured values masked as '#'."""
    def mask(m):
        t = m.group(0)
        if t.startswith('0x'):
            return '0x#'
        return '#' if re.fullmatch(r'\d+(?:\.\d+)*', t) else t
    # Device names the kernel numbers in probe order (nvme0n1, nvme0n2).
    desc = re.sub(r'\bnvme\d+n\d+\b', 'nvme#n#', desc)
    return PIN_NUMBER.sub(mask, desc)


def load_pins(path):
    """{test name: [pinned nested lines]} from a pin file; None if absent."""
    try:
        f = open(path, encoding='utf-8')
    except FileNotFoundError:
        return None
    pins, cur = {}, None
    with f:
        for raw in f:
            line = raw.rstrip('\n')
            if not line or line.startswith('#'):
                continue
            if line.startswith('= '):
                cur = pins.setdefault(line[2:], [])
            elif cur is None:
                raise ValueError(f'{path}: pinned line before any "= test name": {line!r}')
            else:
                cur.append(line)
    return pins


def split_depth(line):
    """'# # ok 1 x' -> (2, 'ok 1 x'): the KTAP nesting depth and the line."""
    depth = 0
    while line.startswith('# '):
        depth += 1
        line = line[2:]
    return depth, line


class Nested:
    """The nested results of the top-level test being read, at every depth."""

    def __init__(self):
        self.blocks = {}     # depth -> Block
        self.notes = []      # problems found so far
        self.failed = []     # "not ok" subtests
        self.seen = False    # any nested plan or result
        self.pinned = []     # the lines a pin compares

    def close_below(self, depth):
        for d in sorted(k for k in self.blocks if k > depth):
            self.notes += self.blocks.pop(d).problems(f'nested results (depth {d})')

    def block(self, depth):
        return self.blocks.setdefault(depth, Block())

    def line(self, depth, inner):
        m = RESULT.match(inner)
        if m:
            self.seen = True
            self.close_below(depth)
            n = number(m.group(2), 'nested result', self.notes)
            self.block(depth).numbers.append(-1 if n is None else n)
            desc, directive = split_directive(m.group(3))
            num = m.group(2)[:MAX_DIGITS]
            if directive and SKIP.match('# ' + directive):
                self.notes.append(f'subtest {num} (depth {depth}) skipped ({directive})')
            elif directive:
                self.notes.append(f'subtest {num} (depth {depth}) has the directive {directive!r}')
            if m.group(1) == 'not ok':
                self.failed.append(f'#{num} {desc}'.strip())
            self.pinned.append(f'{depth}\t{m.group(1)} {num} {pin_text(desc)}')
            return
        if NOT_OK.match(inner):
            self.notes.append(f'nested "not ok" line without a number: {inner[:80]!r}')
            return
        m = PLAN.match(inner)
        if m:
            self.seen = True
            self.close_below(depth)
            n = number(m.group(1), 'nested plan', self.notes)
            blk = self.block(depth)
            blk.plan = -1 if n is None else n
            if SKIP.search(m.group(2)):
                self.notes.append(f'skipped as a whole ({m.group(2).strip(" #")})')
                blk.plan_skip = True
            elif m.group(2).strip():
                self.notes.append(f'nested plan with a directive ({m.group(2).strip(" #")})')
            self.pinned.append(f'{depth}\t1..{m.group(1)[:MAX_DIGITS]}')
            return
        if re.match(r'^(TAP|KTAP) version', inner):
            self.close_below(depth - 1)
            return
        m = TOTALS.match(inner)
        if m:
            for key, val in re.findall(r'(\w+):\s*(\d+)', m.group(1)):
                if key in TOTALS_BAD and int(val[:MAX_DIGITS]) > 0:
                    word = 'skipped' if key == 'skip' else key
                    self.notes.append(f'Totals: {val[:MAX_DIGITS]} subtest(s) {word}')

    def problems(self):
        self.close_below(0)
        return self.notes


def pin_problems(name, got, pins):
    """Why the nested lines of test name differ from its pin; [] if equal."""
    if name not in pins:
        return [f'no pinned subtests for it in the pin file (tools/vm/pin-subtests.sh)']
    want = pins[name]
    if got == want:
        return []
    for i, (g, w) in enumerate(zip(got, want)):
        if g != w:
            return [f'subtests differ from the pin at nested line {i + 1}: got {g!r}, pinned {w!r}']
    return [f'{len(got)} nested plan/result lines where the pin has {len(want)}']


def check(lines, expected, allow, run_rc, pins=None, pins_missing=None, record=None):
    verdicts = []  # (ok, name, reason)
    acc = []                # accounting problems
    top = Block()
    nested = Nested()
    seen = {}
    rc = None
    kernel_problems = []
    begun = False
    for raw in lines:
        line = raw.rstrip('\r\n')
        if line.startswith('CRCVMX-BEGIN'):
            begun = True
            continue
        if not begun:
            continue
        m = END.match(line)
        if m:
            rc = number(m.group(1), 'end marker', acc)
            if rc is None:
                rc = -1
            break
        if line.startswith('CRCVMX-KERNEL-PROBLEM'):
            kernel_problems.append(line.partition(':')[2].strip()[:200])
            continue
        if line.startswith('# '):
            depth, inner = split_depth(line)
            nested.line(depth, inner)
            continue
        m = PLAN.match(line)
        if m:
            if top.plan is not None:
                acc.append('second top-level plan line')
            n = number(m.group(1), 'top-level plan', acc)
            top.plan = -1 if n is None else n
            continue
        m = RESULT.match(line)
        if not m:
            if NOT_OK.match(line):
                acc.append(f'"not ok" line without a number: {line[:80]!r}')
            continue
        status, desc = m.group(1), m.group(3)
        n = number(m.group(2), 'top-level result', acc)
        name, directive = split_directive(desc)
        top.numbers.append(-1 if n is None else n)
        reasons = []
        if status == 'not ok':
            reasons.append('not ok' + (f' ({directive})' if directive else ''))
        skipped = bool(SKIP.match('# ' + directive))
        if skipped:
            reasons.append(f'skipped ({directive})')
        elif directive:
            reasons.append(f'has the directive {directive!r}')
        blk0 = nested.blocks.get(1)
        reasons += nested.problems()
        if nested.failed:
            reasons.append('failed subtests: ' + ', '.join(nested.failed))
        if name.startswith(KSELFTEST_PREFIX) and not skipped:
            if not nested.seen:
                reasons.append('no nested results: the test printed no KTAP of its own')
            elif blk0 is not None and blk0.plan == 0 and not blk0.plan_skip:
                reasons.append('nested plan 1..0 without a SKIP directive: it checked nothing')
        if name in allow:
            reasons = [r for r in reasons if 'skipped' not in r and 'directive' not in r]
        if pins is not None and name in expected and not reasons:
            reasons += pin_problems(name, nested.pinned, pins)
        if record is not None:
            record.append((name, nested.pinned))
        nested = Nested()
        if name in seen:
            verdicts.append((False, name, 'reported more than once'))
            continue
        seen[name] = True
        if name not in expected:
            verdicts.append((False, name, 'unexpected test (not in the set\'s .expect list)'
                             + ('; ' + '; '.join(reasons) if reasons else '')))
            continue
        verdicts.append((not reasons, name, '; '.join(reasons)))
    for name in expected:
        if name not in seen:
            verdicts.append((False, name, 'missing: the set did not report it'))
    acc += top.problems('top-level results')
    if rc is None:
        acc.append('no CRCVMX-END marker: the set did not finish')
    elif rc != 0:
        acc.append(f'the set exited with rc={rc}')
    if kernel_problems:
        acc.append('the guest reported kernel problems (CRCVMX-KERNEL-PROBLEM: '
                   + '; '.join(kernel_problems) + ')')
    if pins_missing:
        acc.append(f'no pin file {pins_missing}: write it from a passing run '
                   '(tools/vm/pin-subtests.sh)')
    if run_rc != 0:
        acc.append(f'run-guest.sh exited {run_rc} (1 failure, 3 crash, 4 timeout)')
    left = nested.problems() + ['not ok ' + f for f in nested.failed]
    if left:
        acc.append('results after the last top-level test: ' + '; '.join(left))
    verdicts.append((not acc, 'accounting', '; '.join(acc)))
    return verdicts


def dump_pins(lines):
    """The pin file text of a passing result channel: each top-level test's
    nested lines as check() reads them."""
    record = []
    check(lines, [], {}, 0, record=record)
    out = []
    for name, pinned in record:
        out.append(f'= {name}')
        out += pinned
    return '\n'.join(out) + '\n'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog='Verdict format and rules: see the module docstring.')
    ap.add_argument('results', help='the set\'s result channel (build/guest-<set>-<cpu>.log)')
    ap.add_argument('--expect', help='file of expected top-level test names, one a line')
    ap.add_argument('--allow-skip', help='allowlist: "name<TAB>reason" lines of tests that may skip')
    ap.add_argument('--run-rc', type=int, default=0, help='exit code of run-guest.sh (default 0)')
    ap.add_argument('--pins', help='pin file of the nested subtests (a missing file fails the set)')
    ap.add_argument('--dump-pins', action='store_true',
                    help='print the pin file of RESULTS (a passing run) and exit')
    args = ap.parse_args()
    pins = None
    try:
        with open(args.results, encoding='utf-8', errors='replace') as f:
            lines = f.readlines()
        if args.dump_pins:
            sys.stdout.write(dump_pins(lines))
            return 0
        expected = load_list(args.expect, False)
        allow = load_list(args.allow_skip, True)
        if args.pins:
            pins = load_pins(args.pins)
    except (OSError, ValueError) as e:
        print(f'ktap-check: {e}', file=sys.stderr)
        return 2
    if not expected:
        print(f'ktap-check: {args.expect} declares no tests (--expect is required)', file=sys.stderr)
        return 2
    try:
        verdicts = check(lines, list(expected), allow, args.run_rc, pins,
                         args.pins if args.pins and pins is None else None)
    except Exception as e:  # pylint: disable=broad-except
        # Fail closed: a checker that cannot judge must never read as a pass
        # or as a set with no results.
        print(f'FAIL\taccounting\tktap-check.py crashed: {type(e).__name__}: {e}'[:500])
        return 3
    bad = 0
    for ok, name, reason in verdicts:
        if ok:
            print(f'PASS\t{name}')
        else:
            bad += 1
            print(f'FAIL\t{name}\t{reason}')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
