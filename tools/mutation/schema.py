# SPDX-License-Identifier: GPL-2.0-only
"""Mutant schemata: every function-level mutant of a file behind one runtime selector.

For each function of the file that has mutants, each mutant becomes a copy of
the whole function with that one change, named <function>__mut_<n>, placed
just before the original (inside the same preprocessor conditionals), and
the original gains one line per copy at the top of its body:

    if (crc_vmx_mutant == n) return <function>__mut_<n>(<its parameters>);

So each copy is exactly the mutated function, and one compile serves every
mutant: the selector (an int the harness sets from the environment before
main) picks the one that runs; 0 runs the unchanged code.
"""
import re

SELECTOR = "crc_vmx_mutant"


def function_spans(lines):
    """[(name, sig_first, open_line, close_line, params)] of the top-level functions.

    A name may come more than once, from alternative preprocessor branches.

    Same convention as mutants._functions: '{' and '}' alone at column 0.
    """
    spans = []
    sig_first = None
    sig = []
    i = 0
    in_comment = False
    while i < len(lines):
        raw = lines[i].rstrip("\n")
        text = raw
        if in_comment:
            if "*/" in text:
                in_comment = False
                text = text.split("*/", 1)[1]
            else:
                text = ""
        if "/*" in text and "*/" not in text.split("/*", 1)[1]:
            in_comment = True
            text = text.split("/*", 1)[0]
        text = re.sub(r"/\*.*?\*/", "", text)
        stripped = text.strip()
        if raw == "{" and sig:
            joined = " ".join(sig)
            m = re.search(r"(\w+)\s*\((.*)\)\s*$", joined)
            j = i + 1
            while j < len(lines) and lines[j].rstrip("\n") != "}":
                j += 1
            if m:
                params = []
                for p in m.group(2).split(","):
                    pm = re.search(r"(\w+)\s*$", p.strip())
                    if pm and p.strip() != "void":
                        params.append(pm.group(1))
                spans.append((m.group(1), sig_first, i + 1, j + 1, tuple(params)))
            sig = []
            i = j + 1
            continue
        if not stripped or stripped.startswith("#") or stripped.endswith(";") or \
                stripped.endswith("}") or stripped.endswith("\\"):
            sig = []
        else:
            if not sig:
                sig_first = i + 1
            sig.append(stripped)
        i += 1
    return spans


def build(lines, mutants):
    """The schema text of a file and {mutant hash: selector value}.

    mutants: Mutant objects of this file with schema_ok and a function name
    that function_spans() finds. The others are the caller's (own builds).
    """
    spans = function_spans(lines)
    by_fn = {}
    number = {}
    for mu in mutants:
        for span in spans:
            if span[0] == mu.function and span[2] < mu.first and mu.last < span[3]:
                by_fn.setdefault(span, []).append(mu)
    n = 0
    insert_before = {}
    dispatch_after = {}
    for (fn, first, open_line, close, params), mus in by_fn.items():
        copies = []
        dispatch = []
        for mu in mus:
            n += 1
            number[mu.hash] = n
            body = mu.apply(lines)[first - 1:close - (mu.last - mu.first)]
            head = "".join(body[:open_line - first])
            head = re.sub(r"\b%s\s*\(" % fn, "%s__mut_%d(" % (fn, n), head, count=1)
            if not re.search(r'"n"', "".join(body)):
                # a copy is called, not inlined: the originals are inlined
                # into each other, and inlining every copy into every one
                # multiplies the code beyond what a compile can take.
                # (Where an asm operand needs a constant, it stays inline.)
                head = re.sub(r"\b(__always_inline|inline)\s+", "", head)
                head = re.sub(r"\bstatic\b", "static __attribute__((__noinline__))", head,
                              count=1)
            copies.append(head + "".join(body[open_line - first:]) + "\n")
            dispatch.append("\tif (%s == %d)\n\t\treturn %s__mut_%d(%s);\n" %
                            (SELECTOR, n, fn, n, ", ".join(params)))
        insert_before[first] = copies
        dispatch_after[open_line] = dispatch
    out = []
    for no, line in enumerate(lines, 1):
        if no in insert_before:
            out.extend(insert_before[no])
        out.append(line)
        if no in dispatch_after:
            out.extend(dispatch_after[no])
    # the selector is declared after the include guard, before any function
    decl = "extern int %s;\n" % SELECTOR
    text = "".join(out)
    guard = re.search(r"^#define \w+_H\s*$", text, re.M)
    if guard:
        text = text[:guard.end()] + "\n" + decl + text[guard.end():]
    else:
        text = decl + text
    return text, number
