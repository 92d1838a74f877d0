#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Unit tests of ktap-check.py on crafted result channels (make check runs
them in its harness stage; python3 -m unittest discover -s tools/vm -p 'test_*.py')."""
import contextlib
import importlib.util
import io
import os
import sys
import tempfile
import unittest

_spec = importlib.util.spec_from_file_location(
    'ktap_check', os.path.join(os.path.dirname(os.path.abspath(__file__)), 'ktap-check.py'))
kc = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(kc)

KSFT = 'selftests: crc32c_vmx: '


def run(body, expected, allow=None, run_rc=0, rc=0, end=True):
    lines = ['noise before the set starts', 'ok 9 not counted', 'CRCVMX-BEGIN set=x']
    lines += body.strip('\n').split('\n') if body.strip() else []
    if end:
        lines.append(f'CRCVMX-END rc={rc}')
    verdicts = kc.check(lines, expected, allow or {}, run_rc)
    return {name: (ok, reason) for ok, name, reason in verdicts}


GOOD = f'''TAP version 13
1..2
# selftests: crc32c_vmx: a
# TAP version 13
# 1..2
# ok 1 first thing
# ok 2 second thing
# # Totals: pass:2 fail:0 xfail:0 xpass:0 skip:0 error:0
ok 1 {KSFT}a
# selftests: crc32c_vmx: b
# TAP version 13
# 1..1
# ok 1 only thing
ok 2 {KSFT}b
'''


class KtapCheck(unittest.TestCase):
    def test_clean_run_passes(self):
        v = run(GOOD, [KSFT + 'a', KSFT + 'b'])
        self.assertTrue(all(ok for ok, _ in v.values()), v)
        self.assertEqual(set(v), {KSFT + 'a', KSFT + 'b', 'accounting'})

    def test_no_results_and_exit_1_fails(self):
        v = run('cannot load crc32c_vmx', [KSFT + 'a'], rc=1, run_rc=1)
        self.assertFalse(v[KSFT + 'a'][0])
        self.assertIn('missing', v[KSFT + 'a'][1])
        self.assertFalse(v['accounting'][0])
        self.assertIn('rc=1', v['accounting'][1])

    def test_missing_test_fails(self):
        v = run(GOOD, [KSFT + 'a', KSFT + 'b', KSFT + 'c'])
        self.assertFalse(v[KSFT + 'c'][0])

    def test_unexpected_test_fails(self):
        v = run(GOOD, [KSFT + 'a'])
        self.assertFalse(v[KSFT + 'b'][0])
        self.assertIn('unexpected', v[KSFT + 'b'][1])

    def test_top_level_skip_fails_unless_allowlisted(self):
        body = 'TAP version 13\n1..1\nok 1 x # SKIP no premise\n'
        self.assertFalse(run(body, ['x'])['x'][0])
        self.assertTrue(run(body, ['x'], allow={'x': 'reason'})['x'][0])

    def test_nested_skips_fail(self):
        body = 'TAP version 13\n1..2\n# 1..0 # SKIP not loaded\nok 1 x\n' \
               '# TAP version 13\n# 1..1\n# ok 1 y # SKIP why\nok 2 z\n'
        v = run(body, ['x', 'z'])
        self.assertFalse(v['x'][0])
        self.assertFalse(v['z'][0])
        body = '# Totals: pass:1 fail:0 xfail:0 xpass:0 skip:1 error:0\nok 1 x\n1..1\n'
        self.assertFalse(run(body, ['x'])['x'][0])

    def test_not_ok_fails(self):
        v = run('1..1\nnot ok 1 x\n', ['x'])
        self.assertFalse(v['x'][0])

    def test_plan_mismatch_fails(self):
        v = run('1..3\nok 1 x\nok 2 y\n', ['x', 'y'])
        self.assertFalse(v['accounting'][0])
        self.assertIn('plan 1..3 but 2', v['accounting'][1])

    def test_nested_plan_mismatch_fails(self):
        v = run('1..1\n# TAP version 13\n# 1..3\n# ok 1 a\n# ok 2 b\nok 1 x\n', ['x'])
        self.assertFalse(v['x'][0])
        self.assertIn('plan 1..3 but 2', v['x'][1])

    def test_duplicate_and_numbering_fail(self):
        v = run('1..2\nok 1 x\nok 1 x\n', ['x'])
        self.assertFalse(v['accounting'][0])
        self.assertIn('numbered', v['accounting'][1])

    def test_no_end_marker_fails(self):
        v = run('1..1\nok 1 x\n', ['x'], end=False, run_rc=3)
        self.assertFalse(v['accounting'][0])
        self.assertIn('CRCVMX-END', v['accounting'][1])

    def test_kernel_problem_fails(self):
        v = run('1..1\nok 1 x\nCRCVMX-KERNEL-PROBLEM: warnings\n', ['x'], rc=3)
        self.assertFalse(v['accounting'][0])
        self.assertIn('kernel', v['accounting'][1])

    def test_tap14_dash_and_directive_names(self):
        v = run('1..1\nok 1 - list shows every driver\n', ['list shows every driver'])
        self.assertTrue(v['list shows every driver'][0])

    # --- fail closed (issue 3.1): each hole a reviewer found is a case here ---

    def test_nested_not_ok_fails_its_test(self):
        body = f'1..1\n# TAP version 13\n# 1..2\n# ok 1 a\n# not ok 2 digest of 4097 bytes\nok 1 {KSFT}x\n'
        v = run(body, [KSFT + 'x'])
        self.assertFalse(v[KSFT + 'x'][0])
        self.assertIn('#2 digest of 4097 bytes', v[KSFT + 'x'][1])

    def test_nested_not_ok_fails_a_plain_test_too(self):
        body = '1..1\n# TAP version 13\n# 1..1\n# not ok 1 a\nok 1 x\n'
        self.assertFalse(run(body, ['x'])['x'][0])

    def test_nested_empty_plan_without_skip_fails(self):
        body = f'1..1\n# TAP version 13\n# 1..0\nok 1 {KSFT}x\n'
        v = run(body, [KSFT + 'x'])
        self.assertFalse(v[KSFT + 'x'][0])
        self.assertIn('1..0 without a SKIP', v[KSFT + 'x'][1])

    def test_kselftest_without_nested_output_fails(self):
        v = run(f'1..1\nok 1 {KSFT}x\n', [KSFT + 'x'])
        self.assertFalse(v[KSFT + 'x'][0])
        self.assertIn('no nested results', v[KSFT + 'x'][1])

    def test_plain_set_test_needs_no_nested_output(self):
        # The sets' own tests (crcbench, nocrypto, signing) print top-level TAP only.
        self.assertTrue(run('1..1\nok 1 list shows every driver\n', ['list shows every driver'])
                        ['list shows every driver'][0])

    def test_skipped_variants_fail(self):
        for directive in ('# SKIPPED', '# skipped', '#SKIP', '# Skip: no premise'):
            with self.subTest(directive=directive):
                self.assertFalse(run(f'1..1\nok 1 x {directive}\n', ['x'])['x'][0])
                body = f'1..1\n# TAP version 13\n# 1..1\n# ok 1 y {directive}\nok 1 x\n'
                self.assertFalse(run(body, ['x'])['x'][0])

    def test_huge_numbers_fail_without_crashing(self):
        big = '9' * 5000
        v = run(f'1..1\nok {big} x\n', ['x'])
        self.assertFalse(v['accounting'][0])
        self.assertIn('5000 digits', v['accounting'][1])
        v = run(f'1..{big}\nok 1 x\n', ['x'])
        self.assertFalse(v['accounting'][0])
        body = f'1..1\n# TAP version 13\n# 1..1\n# not ok {big} y\nok 1 x\n'
        self.assertFalse(run(body, ['x'])['x'][0])
        v = run(f'1..1\nok 1 x\nCRCVMX-END rc={big}\n', ['x'], end=False)
        self.assertFalse(v['accounting'][0])

    def test_not_ok_without_number_fails(self):
        v = run('1..1\nok 1 x\nnot ok\n', ['x'])
        self.assertFalse(v['accounting'][0])
        body = '1..1\n# TAP version 13\n# 1..1\n# ok 1 a\n# not ok broken\nok 1 x\n'
        self.assertFalse(run(body, ['x'])['x'][0])

    def test_top_level_not_ok_alone_is_a_failure_not_an_empty_set(self):
        v = run(f'1..1\nnot ok 1 {KSFT}x # exit=1\n', [KSFT + 'x'], rc=1)
        self.assertFalse(v[KSFT + 'x'][0])
        self.assertFalse(v['accounting'][0])

    def _main(self, body, expect):
        with tempfile.TemporaryDirectory() as d:
            log, exp = os.path.join(d, 'log'), os.path.join(d, 'expect')
            with open(log, 'w', encoding='utf-8') as f:
                f.write(body)
            with open(exp, 'w', encoding='utf-8') as f:
                f.write(expect)
            out = io.StringIO()
            argv = sys.argv
            sys.argv = ['ktap-check.py', '--expect', exp, log]
            try:
                with contextlib.redirect_stdout(out):
                    rc = kc.main()
            finally:
                sys.argv = argv
            return rc, out.getvalue()

    def test_checker_crash_prints_a_failure_and_exit_3(self):
        orig = kc.check
        kc.check = lambda *a: 1 / 0
        try:
            rc, out = self._main('CRCVMX-BEGIN\n1..1\nok 1 x\nCRCVMX-END rc=0\n', 'x\n')
        finally:
            kc.check = orig
        self.assertEqual(rc, 3)
        self.assertRegex(out, r'^FAIL\taccounting\tktap-check.py crashed: ZeroDivisionError')

    def test_main_exit_codes(self):
        rc, out = self._main('CRCVMX-BEGIN\n1..1\nok 1 x\nCRCVMX-END rc=0\n', 'x\n')
        self.assertEqual((rc, out), (0, 'PASS\tx\nPASS\taccounting\n'))
        rc, out = self._main('CRCVMX-BEGIN\n1..1\nnot ok 1 x\nCRCVMX-END rc=0\n', 'x\n')
        self.assertEqual(rc, 1)
        self.assertIn('FAIL\tx\tnot ok', out)

    def test_allowlist_needs_reason(self):
        path = os.path.join(os.environ.get('TMPDIR', '/tmp'), 'ktap-allow-test.txt')
        with open(path, 'w', encoding='utf-8') as f:
            f.write('x\n')
        with self.assertRaises(ValueError):
            kc.load_list(path, True)
        os.unlink(path)



class EveryDepth(unittest.TestCase):
    """Issue 4.3 hole 1: nested KTAP is read at every depth."""

    def body(self, inner):
        return ('TAP version 13\n1..1\n# selftests: crc32c_vmx: a\n# TAP version 13\n# 1..1\n'
                + inner + f'# ok 1 outer\nok 1 {KSFT}a\n')

    def test_second_level_not_ok_fails(self):
        v = run(self.body('# # TAP version 13\n# # 1..2\n# # ok 1 x\n# # not ok 2 y\n'), [KSFT + 'a'])
        self.assertFalse(v[KSFT + 'a'][0])
        self.assertIn('failed subtests', v[KSFT + 'a'][1])

    def test_directives_at_any_depth_fail(self):
        for d in ('XFAIL known bug', 'TODO later', 'SKIP no premise'):
            v = run(self.body(f'# # 1..1\n# # ok 1 x # {d}\n'), [KSFT + 'a'])
            self.assertFalse(v[KSFT + 'a'][0], d)
        v = run(self.body('# # 1..1\n# # ok 1 x # XFAIL known bug\n'), [KSFT + 'a'],
                allow={KSFT + 'a': 'reason'})
        self.assertTrue(v[KSFT + 'a'][0])

    def test_totals_with_errors_fail_at_any_depth(self):
        for t in ('error:3', 'fail:1', 'xfail:2', 'xpass:1', 'skip:1'):
            v = run(self.body(f'# # 1..1\n# # ok 1 x\n# # # Totals: pass:1 {t}\n'), [KSFT + 'a'])
            self.assertFalse(v[KSFT + 'a'][0], t)
        v = run(self.body('# # 1..1\n# # ok 1 x\n# # # Totals: pass:1 fail:0 error:0\n'),
                [KSFT + 'a'])
        self.assertTrue(v[KSFT + 'a'][0], v)

    def test_deeper_plan_mismatch_fails(self):
        v = run(self.body('# # 1..3\n# # ok 1 x\n'), [KSFT + 'a'])
        self.assertFalse(v[KSFT + 'a'][0])
        self.assertIn('depth 2', v[KSFT + 'a'][1])


class Pins(unittest.TestCase):
    """Issue 4.3 hole 5: what a test checks inside is pinned."""

    def pins_of(self, body):
        lines = ['CRCVMX-BEGIN set=x'] + body.strip('\n').split('\n') + ['CRCVMX-END rc=0']
        with tempfile.NamedTemporaryFile('w', suffix='.pins', delete=False) as f:
            f.write(kc.dump_pins(lines))
        self.addCleanup(os.unlink, f.name)
        return kc.load_pins(f.name)

    def test_same_run_passes_and_measured_values_are_masked(self):
        body = GOOD.replace('first thing', 'first thing: 9032 digests, lengths 0..4096')
        pins = self.pins_of(body)
        again = body.replace('9032', '8817')
        v = kc.check(['CRCVMX-BEGIN'] + again.split('\n') + ['CRCVMX-END rc=0'],
                     [KSFT + 'a', KSFT + 'b'], {}, 0, pins)
        self.assertTrue(all(ok for ok, _, _ in v), v)

    def test_shrunk_test_fails(self):
        pins = self.pins_of(GOOD)
        shrunk = GOOD.replace('# 1..2\n# ok 1 first thing\n# ok 2 second thing\n', '# 1..1\n# ok 1 first thing\n')
        v = {n: (ok, r) for ok, n, r in kc.check(['CRCVMX-BEGIN'] + shrunk.split('\n') + ['CRCVMX-END rc=0'],
                                                [KSFT + 'a', KSFT + 'b'], {}, 0, pins)}
        self.assertFalse(v[KSFT + 'a'][0])
        self.assertIn('pin', v[KSFT + 'a'][1])

    def test_changed_parameter_fails(self):
        body = GOOD.replace('first thing', 'lengths 0..4096')
        pins = self.pins_of(body)
        quick = body.replace('0..4096', '0..512')
        v = {n: (ok, r) for ok, n, r in kc.check(['CRCVMX-BEGIN'] + quick.split('\n') + ['CRCVMX-END rc=0'],
                                                [KSFT + 'a', KSFT + 'b'], {}, 0, pins)}
        self.assertFalse(v[KSFT + 'a'][0])

    def test_missing_pin_file_fails_the_accounting(self):
        v = {n: (ok, r) for ok, n, r in kc.check(['CRCVMX-BEGIN'] + GOOD.split('\n') + ['CRCVMX-END rc=0'],
                                                [KSFT + 'a', KSFT + 'b'], {}, 0, None, '/no/such.pins')}
        self.assertFalse(v['accounting'][0])
        self.assertIn('no pin file', v['accounting'][1])


class Kmemleak(unittest.TestCase):
    """Issue 4.3 hole 4: /init's leak report fails the run, with its reason."""

    def test_leak_report_fails_the_accounting(self):
        body = GOOD + ('CRCVMX-KMEMLEAK-SCANNED modules-left=0 entries=1\n'
                       'CRCVMX-KERNEL-PROBLEM: kmemleak reports unreferenced objects:\n'
                       '  kmemleak: unreferenced object 0xc000000012345678 (size 256):\n')
        v = run(body, [KSFT + 'a', KSFT + 'b'])
        self.assertFalse(v['accounting'][0])
        self.assertIn('kmemleak reports unreferenced objects', v['accounting'][1])

if __name__ == '__main__':
    unittest.main()
