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

A test fails if it is missing, reported twice, "not ok", or skipped (at the
top level or in its nested results) without an entry in the skip allowlist.
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
TOTALS_SKIP = re.compile(r'#\s*Totals:.*\bskip:\s*([1-9]\d*)')
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


def check(lines, expected, allow, run_rc):
    verdicts = []  # (ok, name, reason)
    acc = []                # accounting problems
    top = Block()
    nested = Block()
    nested_notes = []       # problems inside the results of the next top-level test
    nested_seen = False     # the next top-level test printed nested KTAP
    nested_failed = []      # its nested "not ok" results
    seen = {}
    rc = None
    kernel_problem = False
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
            kernel_problem = True
            continue
        if line.startswith('# '):
            inner = line[2:]
            m = RESULT.match(inner)
            if m:
                nested_seen = True
                n = number(m.group(2), 'nested result', nested_notes)
                nested.numbers.append(-1 if n is None else n)
                desc, directive = split_directive(m.group(3))
                if SKIP.match('# ' + directive):
                    nested_notes.append(f'subtest {m.group(2)[:MAX_DIGITS]} skipped ({directive})')
                elif m.group(1) == 'not ok':
                    nested_failed.append(f'#{m.group(2)[:MAX_DIGITS]} {desc}'.strip())
                continue
            if NOT_OK.match(inner):
                nested_notes.append(f'nested "not ok" line without a number: {inner[:80]!r}')
                continue
            m = PLAN.match(inner)
            if m:
                nested_seen = True
                n = number(m.group(1), 'nested plan', nested_notes)
                nested.plan = -1 if n is None else n
                if SKIP.search(m.group(2)):
                    nested_notes.append(f'skipped as a whole ({m.group(2).strip(" #")})')
                    nested.plan_skip = True
                continue
            if re.match(r'^(TAP|KTAP) version', inner):
                nested_notes += nested.problems('nested results')
                nested = Block()
                continue
            m = TOTALS_SKIP.search(line)
            if m:
                nested_notes.append(f'{m.group(1)[:MAX_DIGITS]} subtest(s) reported as skipped')
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
        reasons += nested_notes
        reasons += nested.problems('nested results')
        if nested_failed:
            reasons.append('failed subtests: ' + ', '.join(nested_failed))
        if name.startswith(KSELFTEST_PREFIX) and not skipped:
            if not nested_seen:
                reasons.append('no nested results: the test printed no KTAP of its own')
            elif nested.plan == 0 and not nested.plan_skip:
                reasons.append('nested plan 1..0 without a SKIP directive: it checked nothing')
        if name in allow:
            reasons = [r for r in reasons if 'skipped' not in r]
        nested_notes = []
        nested_failed = []
        nested_seen = False
        nested = Block()
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
    if kernel_problem:
        acc.append('the guest reported kernel warnings or errors (CRCVMX-KERNEL-PROBLEM)')
    if run_rc != 0:
        acc.append(f'run-guest.sh exited {run_rc} (1 failure, 3 crash or timeout)')
    if nested_notes or nested_failed:
        acc.append('results after the last top-level test: '
                   + '; '.join(nested_notes + ['not ok ' + f for f in nested_failed]))
    verdicts.append((not acc, 'accounting', '; '.join(acc)))
    return verdicts


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog='Verdict format and rules: see the module docstring.')
    ap.add_argument('results', help='the set\'s result channel (build/guest-<set>-<cpu>.log)')
    ap.add_argument('--expect', required=True, help='file of expected top-level test names, one a line')
    ap.add_argument('--allow-skip', help='allowlist: "name<TAB>reason" lines of tests that may skip')
    ap.add_argument('--run-rc', type=int, default=0, help='exit code of run-guest.sh (default 0)')
    args = ap.parse_args()
    try:
        expected = load_list(args.expect, False)
        allow = load_list(args.allow_skip, True)
        with open(args.results, encoding='utf-8', errors='replace') as f:
            lines = f.readlines()
    except (OSError, ValueError) as e:
        print(f'ktap-check: {e}', file=sys.stderr)
        return 2
    if not expected:
        print(f'ktap-check: {args.expect} declares no tests', file=sys.stderr)
        return 2
    try:
        verdicts = check(lines, list(expected), allow, args.run_rc)
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
