#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Unit tests of journey-verdict.py, the system test's accounting (make
check runs them in its harness stage)."""
import importlib.util
import os
import unittest

_spec = importlib.util.spec_from_file_location(
    'journey_verdict',
    os.path.join(os.path.dirname(os.path.abspath(__file__)), 'journey-verdict.py'))
jv = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(jv)

EXPECT = ['a', 'b', 'c']


def failed(lines):
    return dict(jv.judge(EXPECT, lines)[1])


class JourneyVerdict(unittest.TestCase):
    def test_all_pass(self):
        passed, bad = jv.judge(EXPECT, ['PASS a: x', 'STEP y', 'PASS b: z', 'PASS c:'])
        self.assertEqual(passed, EXPECT)
        self.assertEqual(bad, [])

    def test_fail_line(self):
        self.assertEqual(failed(['PASS a: x', 'FAIL b: why', 'PASS c: z']), {'b': 'why'})

    def test_missing_is_a_failure(self):
        self.assertEqual(failed(['PASS a: x', 'PASS c: z']), {'b': 'did not run (no result)'})

    def test_pass_and_fail_fails(self):
        self.assertIn('b', failed(['PASS a:', 'PASS b:', 'FAIL b: later', 'PASS c:']))

    def test_twice_fails(self):
        self.assertEqual(failed(['PASS a:', 'PASS b:', 'PASS b:', 'PASS c:']),
                         {'b': 'reported 2 times'})

    def test_undeclared_fails(self):
        self.assertIn('d', failed(['PASS a:', 'PASS b:', 'PASS c:', 'PASS d: extra']))

    def test_nothing_reported(self):
        self.assertEqual(len(failed([])), 3)

    def test_indented_or_commented_lines_do_not_count(self):
        self.assertEqual(len(failed(['# PASS a: x', '  PASS b: y', 'PASSc: z'])), 3)


if __name__ == '__main__':
    unittest.main()
