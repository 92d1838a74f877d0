#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Unit tests of the mutant generator and the schemata, on testdata/fixture.*."""
import contextlib
import io
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import glue  # noqa: E402
import mutants  # noqa: E402
import schema  # noqa: E402
import seriesglue  # noqa: E402
import sweep  # noqa: E402

FIXTURE_C = os.path.join(HERE, "testdata", "fixture.c")
FIXTURE_S = os.path.join(HERE, "testdata", "fixture.S")


def changes(muts):
    """{(line, op, mutated line)} of a mutant list, whitespace squeezed."""
    return {(m.first, m.op, " ".join(m.new.split())) for m in muts}


class Operators(unittest.TestCase):
    def setUp(self):
        self.c = mutants.mutants(FIXTURE_C, name="fixture.c")
        self.s = mutants.mutants(FIXTURE_S, name="fixture.S")
        self.cc = changes(self.c)

    def test_negate(self):
        self.assertIn((12, "negate", "if (!(v < lo))"), self.cc)
        self.assertIn((23, "negate", "for (i = 0; !(i < n); i += step)"), self.cc)
        self.assertIn((9, "negate", "bge 1f"), changes(self.s))

    def test_relational_bound_by_one(self):
        self.assertIn((12, "relop", "if (v <= lo)"), self.cc)
        self.assertIn((14, "relop", "if (v > hi && hi > 0)"), self.cc)
        self.assertIn((14, "relop", "if (v >= hi && hi >= 0)"), self.cc)
        self.assertIn((9, "relop", "ble 1f"), changes(self.s))

    def test_drop_statement_with_side_effect(self):
        self.assertIn((25, "drop", ";"), self.cc)
        self.assertIn((26, "drop", ";"), self.cc)
        self.assertIn((8, "drop", ""), changes(self.s))
        # a declaration and a return are not dropped
        self.assertFalse([m for m in self.c if m.op == "drop" and m.first in (21, 27, 32)])

    def test_swap_same_type_arguments(self):
        self.assertIn((24, "swap", "sum += clamp(FIXTURE_LIMIT, 2, i);"), self.cc)
        self.assertIn((24, "swap", "sum += clamp(2, i, FIXTURE_LIMIT);"), self.cc)
        # printf's parameters are not in the file: its arguments stay
        self.assertFalse([m for m in self.c if m.op == "swap" and "printf(\"%d %d %d\\n\", total"
                          in m.new])

    def test_constant_neighbours(self):
        self.assertIn((6, "const", "#define FIXTURE_LIMIT 3 /* a constant at 7 in a comment stays */"),
                      self.cc)
        self.assertIn((27, "const", "return sum || n > 10;"), self.cc)
        self.assertIn((7, "const", "addi rx, rx, 17 # comment 5"), changes(self.s))

    def test_and_or_operand_dropped(self):
        self.assertIn((14, "andor", "if (v >= hi)"), self.cc)
        self.assertIn((14, "andor", "if (hi > 0)"), self.cc)
        self.assertIn((27, "andor", "return n > 9;"), self.cc)
        self.assertIn((27, "andor", "return sum;"), self.cc)

    def test_left_alone(self):
        for m in self.c + self.s:
            self.assertNotIn("include", m.old, m.describe())
            self.assertNotIn("comment 6", m.new)
            self.assertNotIn("constant at 6", m.new)
            self.assertNotIn("constant at 8", m.new)
            self.assertNotIn("comment 4", m.new)
        # numbers inside a string that is not asm stay
        self.assertFalse([m for m in self.c if "count 2" in m.new or "count 4" in m.new])
        # labels, directives and preprocessor lines of the assembly stay
        self.assertFalse([m for m in self.s if m.first in (3, 4, 5, 6)])

    def test_generated_constants_header_is_skipped(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "x_consts.h")
            with open(p, "w") as f:
                f.write("static const u64 x_fold[2] = { 0x1, 2 };\n")
            self.assertEqual(mutants.mutants(p), [])


class Identity(unittest.TestCase):
    def test_ids_and_hashes_are_unique(self):
        muts = mutants.mutants(FIXTURE_C, name="fixture.c")
        self.assertEqual(len({m.hash for m in muts}), len(muts))
        self.assertEqual(len({m.id for m in muts}), len(muts))

    def test_hash_survives_unrelated_edits_and_follows_its_line(self):
        with open(FIXTURE_C) as f:
            text = f.read()
        before = {m.describe().split(":", 1)[1].split(" ", 1)[1]: m.hash
                  for m in mutants.mutants(FIXTURE_C, text, "fixture.c")}
        # lines added far from a mutant keep its hash (and move its line)
        moved = text.replace("static int total;\n", "static int total;\nstatic int other;\n\n")
        after = {m.describe().split(":", 1)[1].split(" ", 1)[1]: m.hash
                 for m in mutants.mutants(FIXTURE_C, moved, "fixture.c")}
        key = [k for k in before if k.startswith("drop: total += sum;")][0]
        self.assertEqual(before[key], after[key])
        # a change of the mutated line gives new hashes
        edited = text.replace("total += sum;", "total -= sum;")
        hashes = {m.hash for m in mutants.mutants(FIXTURE_C, edited, "fixture.c")}
        self.assertNotIn(before[key], hashes)

    def test_stratified_sample_is_fixed_and_covers_each_file(self):
        muts = mutants.mutants(FIXTURE_C, name="fixture.c") + \
            mutants.mutants(FIXTURE_S, name="fixture.S")
        a = sweep.stratified_sample(muts, 10, 7)
        b = sweep.stratified_sample(list(reversed(muts)), 10, 7)
        self.assertEqual([m.hash for m in a], [m.hash for m in b])
        self.assertEqual({m.path for m in a}, {FIXTURE_C, FIXTURE_S})


@unittest.skipUnless(shutil.which("cc"), "needs a host C compiler")
class Schemata(unittest.TestCase):
    """Each mutant run from the schema prints what its own build prints."""

    def compile_run(self, d, name, text, args, env=None):
        src = os.path.join(d, name + ".c")
        exe = os.path.join(d, name)
        if text is not None:
            with open(src, "w") as f:
                f.write(text)
            r = subprocess.run(["cc", "-O1", "-Wall", "-Wextra", "-Werror", src, "-o", exe],
                               capture_output=True, text=True)
            if r.returncode:
                return None
        out = subprocess.run([exe] + args, capture_output=True, text=True, timeout=10,
                             env=dict(os.environ, **(env or {})))
        return out.stdout + "exit %d" % out.returncode

    def test_schema_matches_each_mutant(self):
        with open(FIXTURE_C) as f:
            lines = f.read().splitlines(keepends=True)
        muts = [m for m in mutants.mutants(FIXTURE_C) if m.schema_ok and m.function != "main"]
        text, number = schema.build(lines, muts)
        text += ("int crc_vmx_mutant;\n"
                 "__attribute__((constructor)) static void select_mutant(void)\n"
                 "{\n\tcrc_vmx_mutant = atoi(getenv(\"M\") ? getenv(\"M\") : \"0\");\n}\n")
        with tempfile.TemporaryDirectory() as d:
            self.assertIsNotNone(self.compile_run(d, "schema", text, ["7"]))
            base = self.compile_run(d, "base", "".join(lines), ["7"])
            self.assertEqual(self.compile_run(d, "schema", None, ["7"], {"M": "0"}), base)
            differ = 0
            for m in muts:
                own = self.compile_run(d, "own", "".join(m.apply(lines)), ["7"])
                if own is None:
                    continue
                got = self.compile_run(d, "schema", None, ["7"], {"M": str(number[m.hash])})
                self.assertEqual(got, own, m.describe())
                differ += own != base
            self.assertGreater(differ, 5)


MACRO_FIXTURE = (
    "#define DEFINE_OPS(name, type)\t\t\t\t\\\n"
    "static int name##_update(type *state, const u8 *p,\t\\\n"
    "\t\t\t unsigned int len)\t\t\\\n"
    "{\t\t\t\t\t\t\\\n"
    "\ttype *s = state;\t\t\t\t\\\n"
    "\t\t\t\t\t\t\\\n"
    "\tif (len < 16 || !usable())\t\t\t\\\n"
    "\t\treturn -1;\t\t\t\t\\\n"
    "\t*s = name##_crc(*s, p, len);\t\t\t\\\n"
    "\treturn 0;\t\t\t\t\t\\\n"
    "}\n"
    "\n"
    "DEFINE_OPS(x, u32)\n")


class LoopLayout(unittest.TestCase):
    """The object checks of screening on the real ISA 3.1 loop, and on it
    with one change each must catch: sweep.loop_padding() with the word
    count of plxvp dropped (the assembler pads the body), and
    sweep.falls_off_end() with the last function's final blr dropped."""

    def assemble(self, text, d):
        src = os.path.join(d, "crc_vmx_isa31_loop.S")
        with open(src, "w", encoding="utf-8") as f:
            f.write(text)
        obj = os.path.join(d, "loop.o")
        core = os.path.join(HERE, "..", "..", "module", "arch", "powerpc")
        shim = os.path.join(HERE, "..", "vmx-harness", "kernel-shim")
        subprocess.run([sweep.COMPILERS["le"], "-I", shim, "-I", core, "-c", src, "-o", obj],
                       check=True)
        return obj

    def check(self, screen, old, new, report):
        """SCREEN finds nothing in the loop as it is, and REPORT in it with
        OLD (which must be there) replaced by NEW."""
        with open(os.path.join(HERE, "..", "..", "module", "arch", "powerpc",
                               "crc_vmx_isa31_loop.S"), encoding="utf-8") as f:
            text = f.read()
        self.assertIn(old, text)
        with tempfile.TemporaryDirectory() as d:
            self.assertEqual(screen(self.assemble(text, d)), "")
            self.assertIn(report, screen(self.assemble(text.replace(old, new), d)))

    def test_padding(self):
        self.check(sweep.loop_padding, "\tVSR_OF\t(\\b)+1\n\tWORDS\t2, 1\n",
                   "\tVSR_OF\t(\\b)+1\n", "padding nop")

    def test_function_end(self):
        self.check(sweep.falls_off_end, "\tblr\nSYM_FUNC_END(crc_vmx_fold_streams_isa31)\n",
                   "SYM_FUNC_END(crc_vmx_fold_streams_isa31)\n",
                   "crc_vmx_fold_streams_isa31 runs off its end")


class MultiLineMacros(unittest.TestCase):
    """The functions a multi-line macro defines are mutated like any other."""

    def setUp(self):
        self.lines = MACRO_FIXTURE.splitlines(keepends=True)
        self.muts = mutants.mutants("macro.h", MACRO_FIXTURE, "macro.h")

    def test_statements_inside_the_macro(self):
        got = {(m.first, m.op, " ".join(m.new.split())) for m in self.muts}
        self.assertIn((9, "drop", "; \\"), got)
        self.assertIn((7, "negate", "if (!(len < 16 || !usable())) \\"), got)
        self.assertIn((7, "relop", "if (len <= 16 || !usable()) \\"), got)
        self.assertIn((7, "andor", "if (len < 16) \\"), got)
        self.assertIn((7, "const", "if (len < 17 || !usable()) \\"), got)
        # a declaration and the macro's own line are not mutants
        self.assertFalse([m for m in self.muts if m.first in (1, 5, 13)])

    def test_each_mutant_keeps_the_macro_whole(self):
        for m in self.muts:
            out = m.apply(self.lines)
            self.assertEqual(len(out), len(self.lines), m.describe())
            for i in range(10):
                self.assertTrue(out[i].rstrip().endswith("\\"), m.describe())
            # a dropped statement's backslash stays in its column
            if m.op == "drop":
                self.assertEqual(len(out[m.first - 1].rstrip().expandtabs(8)),
                                 len(self.lines[m.first - 1].rstrip().expandtabs(8)),
                                 m.describe())


class GlueVerdicts(unittest.TestCase):
    """glue.judge_batch: only a failure the unchanged module does not show kills."""

    class Mu:
        def __init__(self, h):
            self.hash = h

    def rows(self, **extra):
        ok = [("testmgr", "missed", ""), ("kernel-log", "missed", ""),
              ("crc32c_vmx_afalg", "missed", ""), ("crc32c_vmx_xfs.sh", "caught", "#3")]
        out = {"gbase-c": list(ok), "gbase-f": list(ok)}
        out.update(extra)
        return out

    def judge(self, rows, names):
        owner = {n: None for n in glue.BASE_ENTRIES}
        owner.update({n: self.Mu(n[1:5]) for n in names})
        return glue.judge_batch(rows, owner)

    def test_verdicts(self):
        rows = self.rows(
            gkill_c=[("testmgr", "missed", ""), ("crc32c_vmx_afalg", "caught", "#5 long")],
            gfail_c=[("crc32c_vmx_xfs.sh", "caught", "#3")],
            gcras_c=[("crc32c_vmx_afalg", "crashed-otherwise", "oops")],
            ghang_f=[("crc_family_vmx.sh", "timeout", "the guest hung")],
            gload_c=[("load", "failed", "")],
            gpass_f=[("testmgr", "missed", ""), ("crc_family_vmx.sh", "missed", "")],
            gnone_c=[("guest", "no-result", "")])
        rows = {k.replace("_", "-"): v for k, v in rows.items()}
        got = self.judge(rows, [n for n in rows if not n.startswith("gbase-")])
        self.assertEqual(got["kill"][0], "killed")
        self.assertEqual(got["kill"][1], "guest-power8:crc32c_vmx_afalg")
        # the unchanged module fails crc32c_vmx_xfs.sh too: not a catch
        self.assertEqual(got["fail"][0], "survived")
        self.assertEqual(got["cras"][0], "crashed")
        self.assertEqual(got["hang"][0], "timeout")
        self.assertEqual(got["load"][0], "setup-failed")
        self.assertEqual(got["pass"][0], "survived")
        self.assertNotIn("none", got)
        # a mutant of a shared header is two builds: judged only when both ran
        rows["gboth-f"] = [("crc_family_vmx.sh", "missed", "")]
        owner = {n: None for n in glue.BASE_ENTRIES}
        mu = self.Mu("both")
        owner.update({"gboth-c": mu, "gboth-f": mu})
        self.assertNotIn("both", glue.judge_batch(rows, owner))
        rows["gboth-c"] = [("crc32c_vmx_afalg", "caught", "#2")]
        self.assertEqual(glue.judge_batch(rows, owner)["both"][0], "killed")

    def test_a_module_that_does_not_load_is_caught_by_the_params_test(self):
        rows = self.rows(**{
            "gparm-c": [("load", "failed", ""), ("crc32c_vmx_params.sh", "caught", "#7")],
            "gnopa-c": [("load", "failed", ""), ("crc32c_vmx_params.sh", "missed", "")]})
        base = [("testmgr", "missed", ""), ("crc32c_vmx_params.sh", "missed", "")]
        rows["gbase-c"] = base
        got = self.judge(rows, ["gparm-c", "gnopa-c"])
        self.assertEqual(got["parm"][:2], ("killed", "guest-power8:crc32c_vmx_params.sh"))
        self.assertEqual(got["nopa"][0], "setup-failed")

    def test_no_vsx_lane_verdicts(self):
        """run_novsx: a failed check kills only in a guest that finished."""
        runs = {"base": (0, []),
                "kill": (1, [("the load line names the POWER8 core and why", "got x")]),
                "cras": (3, [("the load line names the POWER8 core and why", "no load line"),
                             (glue.NOVSX_END, "the guest crashed")]),
                "hang": (4, [(glue.NOVSX_END, "the guest hung")]),
                "warn": (1, [(glue.NOVSX_END, "the kernel logged a problem")]),
                "pass": (0, [])}
        real = glue.novsx_run
        glue.novsx_run = lambda ko, kenv, out: runs[os.path.basename(ko)]
        try:
            def mu(n):
                m = self.Mu(n)
                m.id = n
                return m
            pending = [(mu(n), {"crc32c_vmx": n}) for n in runs if n != "base"]
            pending.append((mu("fami"), {"crc_family_vmx": "fami"}))
            with tempfile.TemporaryDirectory() as work:
                got = glue.run_novsx(pending, {"crc32c_vmx": "base"}, "k.env", work,
                                     lambda *a: None)
                self.assertEqual(got["kill"][:2], ("killed", "guest-power10-novsx:the load "
                                                   "line names the POWER8 core and why"))
                self.assertEqual(got["cras"][0], "crashed")
                self.assertEqual(got["hang"][0], "timeout")
                self.assertEqual(got["warn"][:2], ("killed", "guest-power10-novsx:kernel-log"))
                self.assertEqual(got["pass"][0], "survived")
                self.assertNotIn("fami", got)
                runs["base"] = (1, [("crc32c_vmx loads", "-1")])
                self.assertEqual(glue.run_novsx(pending, {"crc32c_vmx": "base"}, "k.env",
                                                work, lambda *a: None), {})
        finally:
            glue.novsx_run = real

    def test_the_lane_names_the_guest_cpu(self):
        rows = self.rows(**{"gkill-c": [("crc32c_vmx_afalg", "caught", "#2")],
                            "gpass-c": [("crc32c_vmx_afalg", "missed", "")]})
        owner = {n: None for n in glue.BASE_ENTRIES}
        owner.update({"gkill-c": self.Mu("kill"), "gpass-c": self.Mu("pass")})
        got = glue.judge_batch(rows, owner, "-", glue.lane_name("POWER10"))
        self.assertEqual(got["kill"][:2], ("killed", "guest-power10:crc32c_vmx_afalg"))
        self.assertEqual(got["pass"][:2], ("survived", "guest-power10"))

    def test_a_debug_kernel_boot_has_only_the_modules_that_kernel_builds(self):
        # the debug kernel builds crc32c_vmx alone: its boot has no gbase-f
        rows = self.rows(**{"gkill-c": [("crc32c_vmx_afalg", "caught", "#2")]})
        del rows["gbase-f"]
        owner = {"gbase-c": None, "gkill-c": self.Mu("kill")}
        got = glue.judge_batch(rows, owner, "-", glue.lane_name("POWER8", "debug"))
        self.assertEqual(got["kill"][:2], ("killed", "guest-debug-power8:crc32c_vmx_afalg"))
        self.assertEqual(glue.lane_name("POWER8"), "guest-power8")

    def test_a_stopped_boot_judges_only_finished_mutants(self):
        with tempfile.TemporaryDirectory() as d:
            with open(os.path.join(d, "guest-mutants-1.log.raw"), "w") as f:
                f.write("MUTANT-BEGIN gbase-c\nMUTANT-RESULT gbase-c testmgr missed\n"
                        "MUTANT-END gbase-c\nMUTANT-BEGIN gkill-c\n"
                        "MUTANT-RESULT gkill-c crc32c_vmx_afalg caught #5 long\n"
                        "MUTANT-END gkill-c\nMUTANT-BEGIN ghalf-c\n"
                        "MUTANT-RESULT ghalf-c testmgr missed\n")
            rows = glue.finished_rows(d)
        self.assertEqual(sorted(rows), ["gbase-c", "gkill-c"])
        self.assertEqual(rows["gkill-c"], [("crc32c_vmx_afalg", "caught", "#5 long")])

    def test_no_verdict_without_a_clean_baseline(self):
        rows = self.rows(**{"gkill-c": [("crc32c_vmx_afalg", "caught", "#5")]})
        rows["gbase-f"] = [("crc_family_vmx.sh", "crashed-otherwise", "oops")]
        self.assertEqual(self.judge(rows, ["gkill-c"]), {})
        del rows["gbase-f"]
        self.assertEqual(self.judge(rows, ["gkill-c"]), {})


class GlueScreening(unittest.TestCase):
    """glue.GlueBuilder.screen over several kernels, Kbuild stubbed: each
    stub kernel's build gives the fingerprints it is told to."""

    class Mu:
        hash = "0123456789abcdef" * 4
        path = "module/crc_vmx_simd.h"

    class Kernel:
        def __init__(self, d, name, mods, outcome=None):
            self.name, self.d, self.outcome, self.builds = name, d, outcome or {}, 0
            self.base = {mod: "same" for mod in mods}

        def build(self, rel, text, slot):
            self.builds += 1
            if "error" in self.outcome:
                return self.outcome["error"], {}
            kos = {}
            for mod in self.base:
                kos[mod] = os.path.join(self.d, "%s-%s.ko" % (self.name, mod))
                with open(kos[mod], "w", encoding="utf-8") as f:
                    f.write(self.outcome.get(mod, "same"))
            return None, kos

        def fingerprint(self, ko):
            with open(ko, encoding="utf-8") as f:
                return f.read()

    def screen(self, **outcomes):
        """(verdict, detail, modules sent to the guest, builds) with the
        kernels stock, debug and 6.12 (both modules) and newest (no
        crc_family_vmx), each kernel's outcome given by its name."""
        with tempfile.TemporaryDirectory() as d:
            both = ("crc32c_vmx", "crc_family_vmx")
            ks = [self.Kernel(d, name, mods, outcomes.get(name.replace(".", "_")))
                  for name, mods in (("stock", both), ("debug", both), ("6.12", both),
                                     ("newest", both[:1]))]
            b = glue.GlueBuilder(d, ks)
            verdict, detail, changed = b.screen(self.Mu(), "text")
            if verdict is None:
                # a survivor of screening is not built again
                self.assertEqual(b.screen(self.Mu(), "text")[2], changed)
            return verdict, detail, sorted(changed), [k.builds for k in ks]

    def test_equivalent_only_when_identical_on_every_kernel(self):
        self.assertEqual(self.screen(), ("equivalent", "identical code and data of every .ko "
                                         "on stock, debug, 6.12, newest", [], [1, 1, 1, 1]))

    def test_invalid_when_any_kernel_warns(self):
        self.assertEqual(self.screen(newest={"error": "unused variable 'x'"}),
                         ("invalid", "newest: unused variable 'x'", [], [1, 1, 1, 1]))
        # the first kernel that fails decides; the later ones are not built
        self.assertEqual(self.screen(stock={"error": "x undeclared"})[::3],
                         ("invalid", [1, 0, 0, 0]))

    def test_stock_differs_goes_to_the_guest(self):
        self.assertEqual(self.screen(stock={"crc_family_vmx": "other"},
                                     debug={"crc32c_vmx": "other"}),
                         (None, "crc_family_vmx", ["crc_family_vmx"], [1, 1, 1, 1]))

    def test_differs_only_on_other_kernels_needs_a_lane(self):
        self.assertEqual(self.screen(debug={"crc32c_vmx": "other"},
                                     newest={"crc32c_vmx": "other"}),
                         ("needs-lane", "code differs only on debug (crc32c_vmx), "
                          "newest (crc32c_vmx)", [], [1, 1, 1, 1]))

    def test_find_kernel_by_the_name_fetch_kernel_gave(self):
        top, cache = glue.TOP, glue.CACHE
        with tempfile.TemporaryDirectory() as d:
            try:
                glue.TOP, glue.CACHE = os.path.join(d, "top"), d
                for ver, name in (("6.12.1", "6.12"), ("6.12.1-64k", "6.12-64k"),
                                  ("7.2", "newest")):
                    os.makedirs(os.path.join(d, "kernel", ver))
                    with open(os.path.join(d, "kernel", ver, "kernel.env"), "w") as f:
                        f.write("# Generated by tools/vm/fetch-kernel.sh --kernel %s; do not "
                                "edit.\nKDIR=%s\n" % (name, d))
                self.assertEqual(glue.find_kernel("6.12"),
                                 os.path.join(d, "kernel", "6.12.1", "kernel.env"))
                self.assertEqual(glue.find_kernel("newest"),
                                 os.path.join(d, "kernel", "7.2", "kernel.env"))
                self.assertIsNone(glue.find_kernel("debug"))
            finally:
                glue.TOP, glue.CACHE = top, cache

    def test_needs_lane_counts_as_not_killed(self):
        class Mu:
            def __init__(self, n):
                self.hash, self.path, self.op = "h%d" % n, "module/a.h", "drop"
        current = [Mu(n) for n in range(3)]
        verdicts = {mu.hash: {"verdict": v, "id": "a_h-drop-%08d" % n, "where": "a.h:1",
                              "op": "drop", "mutant": "x => y"}
                    for n, (mu, v) in enumerate(zip(current, ("killed", "needs-lane",
                                                               "equivalent")))}
        out = io.StringIO()
        sweep.report(current, verdicts, out)
        self.assertIn("| all | all | 3 | 1 | 0 | 0 | 0 | 0 | 1 | 0 | 1 | 0 | 0 | 0 | 50.0% | "
                      "50.0% |", out.getvalue())
        self.assertIn("- a_h-drop-00000001 a.h:1 drop: x => y (needs-lane)", out.getvalue())
        with contextlib.redirect_stdout(io.StringIO()) as said:
            self.assertEqual(sweep.judge(current, verdicts), 1)
        self.assertIn("1 of 2 non-equivalent mutants killed by a failed assertion (50.0%)",
                      said.getvalue())
        # a survivor argued equivalent in docs/mutants.md is out of the rates
        verdicts["h1"]["verdict"] = "survived"
        out = io.StringIO()
        sweep.report(current, verdicts, out, argued={"a_h-drop-00000001"})
        self.assertIn("| all | all | 3 | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 1 | 1 | 0 | 0 | 100.0% | "
                      "100.0% |", out.getvalue())
        self.assertIn("Survivors not argued equivalent (0):", out.getvalue())


    def test_guest_until_after_midnight_is_tomorrow(self):
        now = time.mktime((2026, 12, 6, 23, 48, 0, 0, 0, -1))
        self.assertEqual(sweep.until("01:25", now) - now, 97 * 60)
        self.assertEqual(sweep.until("23:58", now) - now, 10 * 60)
        # a month's end rolls over too
        now = time.mktime((2026, 12, 31, 23, 0, 0, 0, 0, -1))
        self.assertEqual(time.localtime(sweep.until("00:30", now))[:5], (2027, 1, 1, 0, 30))

    def test_a_crash_on_a_fault_report_is_detected_and_a_hang_is_not(self):
        class Mu:
            def __init__(self, n):
                self.hash, self.path, self.op = "h%d" % n, "module/a.c", "negate"
        rows = [("killed", "guest-power8:t", "-"),
                ("crashed", "guest-power8:load",
                 "BUG: Unable to handle kernel data access on read at 0x0 in crc32c_vmx_core"),
                ("crashed", "guest-power8:load",
                 "Oops: Exception in kernel mode, sig: 4 [#1] in alg_test"),
                ("crashed", "guest-power8:load",
                 "BUG: soft lockup - CPU#0 stuck for 26s! [cryptomgr_test:127] in crc32c_vmx_core"),
                ("crashed", "guest-power8:load", "-"),
                ("crashed", "crc_kunit-powerpcle-power8",
                 "BUG: Unable to handle kernel data access on read at 0xc008 in crc32_lsb_vpmsum "
                 "(crc_kunit:crc32_le_test FAIL)"),
                ("crashed", "guest-power8:load", "Oops: Exception in kernel mode, sig: 4 [#1]"),
                ("timeout", "guest-power8:t", "no result")]
        current = [Mu(n) for n in range(len(rows))]
        verdicts = {mu.hash: {"verdict": v, "lane": lane, "detail": d,
                              "id": "a_c-negate-%08d" % n, "where": "a.c:1", "op": "negate",
                              "mutant": "x => y"}
                    for n, (mu, (v, lane, d)) in enumerate(zip(current, rows))}
        self.assertEqual([sweep.faulted(verdicts[mu.hash]) for mu in current],
                         [False, True, True, False, False, True, False, False])
        out = io.StringIO()
        sweep.report(current, verdicts, out)
        self.assertIn("| all | all | 8 | 1 | 0 | 1 | 6 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 12.5% | "
                      "50.0% |", out.getvalue())
        self.assertIn("a_c-negate-00000001 a.c:1 negate: x => y (crashed: a kernel fault report)",
                      out.getvalue())
        with contextlib.redirect_stdout(io.StringIO()) as said:
            self.assertEqual(sweep.judge(current, verdicts), 1)
        self.assertIn("1 of 8 non-equivalent mutants killed by a failed assertion (12.5%)",
                      said.getvalue())
        self.assertIn("4 of 8 detected, with the 3 that crashed on a kernel fault report (50.0%",
                      said.getvalue())
        self.assertIn("a_c-negate-00000003", said.getvalue())
        self.assertNotIn("a_c-negate-00000002", said.getvalue())


class SeriesLanes(unittest.TestCase):
    """Which template mutants run in the upstream series' lanes: the sweep
    sends a mutant there when no module core's preprocessed source keeps
    its line, into the lanes of the series' objects that keep every line
    it changes in the template's kernel copy (kernel-files.py); with none,
    it is unbuilt."""

    @classmethod
    def setUpClass(cls):
        cls.template = os.path.join(sweep.TOP, sweep.TEMPLATE)
        with open(cls.template, encoding="utf-8") as f:
            cls.text = f.read()
        cls.tmp = tempfile.mkdtemp()
        b = sweep.Builder(cls.tmp)
        cls.module = b.live_lines(os.path.dirname(cls.template), os.path.basename(cls.template))
        # the series' cores and what they include but the constants
        kf = sweep.kernelfiles
        series = os.path.join(cls.tmp, "series")
        os.makedirs(series)
        files = {sweep.SERIES_CORE: kf.kernel_template(cls.template),
                 "crc-vpmsum.h": kf.glue_header("crc-vpmsum.h", list(kf.CORES))}
        for core in kf.CORES:
            files[core.replace("_", "-") + "-vpmsum.c"] = kf.core_c(core, [c[0] for c in kf.CRCS])
        for name, text in files.items():
            with open(os.path.join(series, name), "w", encoding="utf-8") as f:
                f.write(text)
        cls.copy = files[sweep.SERIES_CORE].splitlines()
        cls.series = b.live_lines(series, sweep.SERIES_CORE, sweep.SERIES_OBJECTS)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def lanes(self, old, new):
        """(module lanes, series lanes) of the template with OLD, which is
        there once and on one line, replaced by NEW."""
        self.assertEqual(self.text.count(old), 1)
        line = self.text[:self.text.index(old)].count("\n") + 1
        path = os.path.join(self.tmp, "crc_vmx_core_template.h")
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.text.replace(old, new))
        changed = sweep.changed_lines(self.copy,
                                      sweep.kernelfiles.kernel_template(path).splitlines())
        return (sweep.lanes_of(sweep.keeping(self.module, [line])),
                sweep.lanes_of(sweep.keeping(self.series, changed)))

    def test_the_64_bit_msb_first_reduction_runs_in_crc64_be_only(self):
        self.assertEqual(self.lanes("s = pmsum(a, load_const(kr[CRC_VMX_RED_FOLD])) ^ low;",
                                    "s = pmsum(load_const(kr[CRC_VMX_RED_FOLD]), a) ^ low;"),
                         ([], ["series-crc64_be-le-power8", "series-crc64_be-be-power8"]))

    def test_lines_of_the_module_cores_stay_in_their_lanes(self):
        # the reflected 64-bit reduction: the sweep runs it in crc64's lanes
        module, series = self.lanes("s = pmsum(a, load_const(kr[CRC_VMX_RED_FOLD]));",
                                    "s = pmsum(load_const(kr[CRC_VMX_RED_FOLD]), a);")
        self.assertEqual(module, ["crc64-le-power8", "crc64-be-power8"])
        self.assertEqual(series, ["series-crc64_nvme-le-power8", "series-crc64_nvme-be-power8"])
        # the reflected 32-bit one: crc32c in the module, two CRCs in the series
        module, series = self.lanes("c = pmsum(a, load_const(kr[CRC_VMX_RED_FOLD]));",
                                    "c = pmsum(load_const(kr[CRC_VMX_RED_FOLD]), a);")
        self.assertIn("crc32c-be-power8", module)
        self.assertEqual(series, ["series-crc32_le-le-power8", "series-crc32c-le-power8",
                                  "series-crc32_le-be-power8", "series-crc32c-be-power8"])

    def test_a_line_the_series_drops_has_no_series_lane(self):
        # the ISA 3.1 loop's call: the generator leaves it out of the series
        module, series = self.lanes("if (isa31 && n >= CRC_VMX_ISA31_MIN_BLOCKS) {",
                                    "if (isa31 && n > CRC_VMX_ISA31_MIN_BLOCKS) {")
        self.assertIn("crc32c-le-power10-isa31", module)
        self.assertEqual(series, [])

    def test_changed_lines(self):
        before = ["a", "b", "c", "d"]
        self.assertEqual(sweep.changed_lines(before, ["a", "B", "c", "d"]), {2})
        self.assertEqual(sweep.changed_lines(before, ["a", "d"]), {2, 3})
        self.assertEqual(sweep.changed_lines(before, ["a", "b", "x", "c", "d"]), {3})
        self.assertEqual(sweep.changed_lines(before, before), set())
        self.assertEqual(sweep.keeping({"o": {1, 2, 3}}, set()), [])


class ArguedEquivalent(unittest.TestCase):
    """Only a row that argues its own mutant equivalent counts."""

    def argued(self, rows):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "mutants.md")
            with open(path, "w", encoding="utf-8") as f:
                f.write("| mutant | change | why |\n|---|---|---|\n" + "\n".join(rows) + "\n")
            return sweep.argued_equivalent(path)

    def test_row_that_argues_its_mutant(self):
        self.assertEqual(self.argued(["| `a_c-const-0123abcd` a.c:1 | `x \\|\\| y => x` | "
                                      "equivalent: y is never true there |"]),
                         {"a_c-const-0123abcd"})

    def test_not_equivalent_and_ids_in_other_cells_are_not_argued(self):
        self.assertEqual(self.argued([
            "| `a_c-const-0123abcd` a.c:1 | `1 => 0` | not equivalent: a test gap |",
            "| `a_c-const-4567abcd` a.c:2 | `1 => 2` | survived | a gap; equivalent only on big-endian |",
            "| `a_c-relop-89abcdef` a.c:3 | `< => <=` | killed | the argument of `a_c-swap-0000abcd` |",
        ]), set())


class SeriesScope(unittest.TestCase):
    """--scope series: the upstream series' glue, tools/upstream/kernel/*.h."""

    def setUp(self):
        self.series = sweep.all_mutants("series")

    def test_listing(self):
        self.assertTrue(self.series)
        self.assertEqual({m.path.split("/")[-1] for m in self.series},
                         {"crc-vpmsum.h", "crc32.h", "crc64.h"})
        for m in self.series:
            self.assertRegex(m.id, r"^series_(crc_vpmsum|crc32|crc64)_h-[a-z]+-[0-9a-f]{8}$")
            self.assertTrue(seriesglue.is_series(m))
            self.assertFalse(sweep.is_glue(m))
        self.assertEqual(len({m.id for m in self.series}), len(self.series))

    def test_other_scopes_do_not_take_it(self):
        for scope in ("core", "glue", "all"):
            self.assertFalse([m for m in sweep.all_mutants(scope) if seriesglue.is_series(m)])
        every = {m.hash for m in sweep.every_mutant()}
        self.assertTrue({m.hash for m in self.series} <= every)
        self.assertTrue({m.hash for m in sweep.all_mutants("all")} <= every)

    def test_verdict_file_keeps_series_rows(self):
        mu = self.series[0]
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "v.tsv")
            sweep.write_verdicts(path, {mu.hash: sweep.verdict_row(mu, "killed", "x", "y")},
                                 sweep.every_mutant())
            got = sweep.read_verdicts(path)
        self.assertEqual(got[mu.hash]["id"], mu.id)
        self.assertEqual(got[mu.hash]["verdict"], "killed")

    def test_series_file_is_the_mutated_header(self):
        mu = next(m for m in self.series if m.path.endswith("crc32.h"))
        with tempfile.TemporaryDirectory() as d:
            name, text = seriesglue.series_file(mu, sweep.kernelfiles, os.path.join(d, "s"))
        self.assertEqual(name, "crc32.h")
        with open(mu.path, encoding="utf-8") as f:
            self.assertEqual(text, "".join(mu.apply(f.read().splitlines(keepends=True))))


class SeriesVerdicts(unittest.TestCase):
    BASE = {"le": {"crc32-main.o": "a", "powerpc/x.o": "b"}, "be": {"crc32-main.o": "c"}}

    def test_screening(self):
        same = {"le": (None, dict(self.BASE["le"])), "be": (None, dict(self.BASE["be"]))}
        self.assertEqual(seriesglue.screen_verdict(self.BASE, same)[0], "equivalent")
        warned = dict(same, be=("unused variable 'x'", {}))
        self.assertEqual(seriesglue.screen_verdict(self.BASE, warned)[:2],
                         ("invalid", "be: unused variable 'x'"))
        be_only = dict(same, be=(None, {"crc32-main.o": "d"}))
        v, detail, changed = seriesglue.screen_verdict(self.BASE, be_only)
        self.assertIsNone(v)
        self.assertEqual(changed, {"be": ["crc32-main.o"]})
        self.assertEqual(seriesglue.kunit_arch(changed), "be")
        both = {"le": (None, {"crc32-main.o": "a"}), "be": (None, {"crc32-main.o": "d"})}
        v, _, changed = seriesglue.screen_verdict(self.BASE, both)
        # an object that disappears differs too
        self.assertEqual(changed["le"], ["powerpc/x.o"])
        self.assertEqual(seriesglue.kunit_arch(changed), "le")

    def test_boot(self):
        passed = {c: "PASS" for c in seriesglue.TEST_CASES}
        passed["crc32c_benchmark"] = "SKIP"
        self.assertEqual(seriesglue.boot_verdict(passed, "", 200)[0], "survived")
        failed = dict(passed, crc32c_test="FAIL")
        self.assertEqual(seriesglue.boot_verdict(failed, "", 200),
                         ("killed", "crc_kunit:crc32c_test FAIL"))
        skipped = dict(passed, crc64_be_test="SKIP")
        self.assertEqual(seriesglue.boot_verdict(skipped, "", 200)[0], "killed")
        partial = {c: "PASS" for c in seriesglue.TEST_CASES[:3]}
        oops = "[ 1.0] BUG: Unable to handle kernel data access\n[ 1.0] NIP [c0001234] " \
            "crc32_le_vpmsum_long+0x40/0x90\n"
        self.assertEqual(seriesglue.boot_verdict(partial, oops, 100),
                         ("crashed", "BUG: Unable to handle kernel data access in "
                          "crc32_le_vpmsum_long"))
        # kunit's try-catch reports a faulting case as failed: still a crash
        self.assertEqual(seriesglue.boot_verdict(dict(passed, crc32_le_test="FAIL"), oops, 10),
                         ("crashed", "BUG: Unable to handle kernel data access in "
                          "crc32_le_vpmsum_long (crc_kunit:crc32_le_test FAIL)"))
        # a report that is no fault kills where every case passed, as
        # check-upstream's kernel-log check fails such a boot
        atomic = "[ 2.0] BUG: scheduling while atomic: kunit_try_catch/39/0x00000000\n"
        self.assertEqual(seriesglue.boot_verdict(passed, atomic, 10),
                         ("killed", "the kernel reports "
                          "BUG: scheduling while atomic: kunit_try_catch/39/0x00000000"))
        self.assertEqual(seriesglue.boot_verdict(failed, atomic, 10),
                         ("killed", "crc_kunit:crc32c_test FAIL"))
        exited = "[ 3.0] note: kunit_try_catch[40] exited with preempt_count 1\n"
        self.assertEqual(seriesglue.boot_verdict(passed, exited, 10),
                         ("killed", "the kernel reports note: kunit_try_catch[40] exited "
                          "with preempt_count 1"))
        path = dict(passed, crc32c_path="FAIL")
        self.assertEqual(seriesglue.boot_verdict(path, "", 10),
                         ("killed", "crc_vpmsum_path:crc32c_path FAIL"))
        self.assertEqual(seriesglue.boot_verdict(dict(passed, crc32c_path="SKIP"), "", 10)[0],
                         "killed")
        booted = "[ 0.0] Linux version 7.2.12\n"
        self.assertEqual(seriesglue.boot_verdict(partial, booted, 1500)[0], "timeout")
        self.assertEqual(seriesglue.boot_verdict({}, booted, 30)[0], "crashed")
        # kunit.py or QEMU failed before the kernel ran: no verdict
        self.assertIsNone(seriesglue.boot_verdict({}, "qemu: could not load kernel", 1)[0])

    def test_text_symbols_name_the_code_of_both_byte_orders(self):
        # big-endian ELFv1 names a function's descriptor (in .opd, data);
        # the code's symbol is the synthetic ".name"
        with tempfile.TemporaryDirectory() as d:
            src = os.path.join(d, "s.c")
            with open(src, "w", encoding="utf-8") as f:
                f.write("int g(int x) { return x * 3; }\nint f(int x) { return g(x) + 1; }\n")
            for b, cross in seriesglue.CROSS.items():
                obj = os.path.join(d, "s-%s.o" % b)
                subprocess.run([cross + "gcc", "-O1", "-c", src, "-o", obj], check=True)
                syms = seriesglue.text_symbols(obj, cross)
                self.assertEqual([n for _, n in syms], ["g", "f"], b)
                self.assertLess(syms[0][0], syms[1][0])

    def test_a_boot_without_results_or_report_crashed_where_qemu_saw_an_illegal_instruction(self):
        symbols = [(0xc000000000010000, "early_init_dt_verify"),
                   (0xc000000000020000, "crc32_be_vpmsum"), (0xc000000000020400, "crc32_be_base")]
        # as QEMU 7.2 logged a POWER7 boot of series_crc32_h-andor-cd0aa43f:
        # mtvrd, an ISA 2.07 instruction, raised HV_EMU, then the oops a trap
        interrupts = ("Raise exception at 0000000000010100 => PROGRAM (6) error=21\n"
                      "Raise exception at c000000000010040 => DECR (10) error=00\n"
                      "Raise exception at c000000000010080 => PROGRAM (6) error=40\n"
                      "Raise exception at c000000000020094 => HV_EMU (96) error=21\n"
                      "Raise exception at c000000000020500 => PROGRAM (6) error=21\n")
        # a trap (WARN_ON, error 0x4X) and an address outside the kernel are
        # no illegal instruction of the kernel's
        illegal = seriesglue.qemu_illegal(interrupts, symbols)
        self.assertEqual(illegal, (0xc000000000020094, "crc32_be_vpmsum", "HV_EMU"))
        self.assertEqual(seriesglue.qemu_illegal(interrupts.replace("HV_EMU (96)", "DECR (10)"),
                                                 symbols),
                         (0xc000000000020500, "crc32_be_base", "PROGRAM"))
        self.assertIsNone(seriesglue.qemu_illegal(interrupts.replace("error=21", "error=40"),
                                                  symbols))
        # prom_init's line is all that kernel printed
        prom = "Preparing to boot Linux version 7.2.12 (root@vm)\n"
        v = seriesglue.boot_verdict({}, prom, 300, illegal=illegal)
        self.assertEqual(v, ("crashed", "illegal instruction, seen by QEMU with no kernel "
                             "report, in crc32_be_vpmsum (HV_EMU at c000000000020094)"))
        self.assertEqual(seriesglue.boot_verdict({}, "", 300, illegal=illegal), v)
        self.assertEqual(seriesglue.boot_verdict({}, prom, 300)[0], "timeout")
        self.assertTrue(sweep.faulted({"verdict": v[0], "detail": v[1]}))
        # the kernel's own report comes first where it printed one
        oops = "[ 1.0] Oops: Exception in kernel mode, sig: 4 [#1]\n[ 1.0] NIP [c00] f+0x4/0x8\n"
        self.assertEqual(seriesglue.boot_verdict({}, oops, 300, illegal=illegal),
                         ("crashed", "Oops: Exception in kernel mode, sig: 4 [#1] in f"))
        # a kernel that printed nothing and ran no illegal instruction: no verdict
        self.assertIsNone(seriesglue.boot_verdict({}, "", 300, illegal=None)[0])
        # every case's result: the interrupt log is not read
        passed = {c: "PASS" for c in seriesglue.TEST_CASES}
        self.assertEqual(seriesglue.boot_verdict(passed, "", 10, illegal=illegal)[0], "survived")

    def test_kunit_built_needs_the_current_key(self):
        with tempfile.TemporaryDirectory() as item:
            self.assertFalse(seriesglue.kunit_built(item, "powerpcle"))
            os.makedirs(os.path.join(item, "kunit-powerpcle"))
            seriesglue.mark_kunit_built(item, "powerpcle")
            # no vmlinux: nothing to stamp
            self.assertFalse(seriesglue.kunit_built(item, "powerpcle"))
            open(os.path.join(item, "kunit-powerpcle", "vmlinux"), "w").close()
            seriesglue.mark_kunit_built(item, "powerpcle")
            self.assertTrue(seriesglue.kunit_built(item, "powerpcle"))
            with open(os.path.join(item, "kunit-powerpcle", "key"), "w") as f:
                f.write("a kernel built with another suite or other options\n")
            self.assertFalse(seriesglue.kunit_built(item, "powerpcle"))

    def test_kunit_json_cases(self):
        doc = {"name": "KUnit", "sub_groups": [{"name": "crc", "test_cases": [
            {"name": "crc16_test", "status": "PASS"}, {"name": "crc32c_test", "status": "FAIL"}]}]}
        self.assertEqual(seriesglue.kunit_cases(doc),
                         {"crc16_test": "PASS", "crc32c_test": "FAIL"})


if __name__ == "__main__":
    unittest.main()
