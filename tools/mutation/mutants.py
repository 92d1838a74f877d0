# SPDX-License-Identifier: GPL-2.0-only
"""Rule-based mutants of a C or assembly source, derived from the file as it is now.

Each mutant changes one line (or one statement) of the file with one operator:

  negate     a condition (if/for/while/ternary/#if) becomes its negation
  relop      a relational operator moves its bound by one (< <=, > >=)
  drop       a statement with a side effect (call, assignment, asm, one
             assembly instruction) is removed
  swap       two adjacent arguments of a call whose parameters in this file
             have the same declared type are exchanged
  const      an integer literal becomes its +1 or -1 neighbour
  andor      one operand of a && or || is dropped

Comments, includes, include guards, #error lines and the generated constants
headers (*_consts.h) are never mutated. A mutant is keyed by a hash of its
file, operator, the line before and after the change and the code lines
around it, so that a verdict cached under that key stays valid while those
lines are unchanged, whatever moves elsewhere in the file.
"""
import hashlib
import os
import re

OPERATORS = ("negate", "relop", "drop", "swap", "const", "andor")

# Lines whose mutation would only break the build or change nothing testable.
_PP_SKIP = re.compile(r"^\s*#\s*(include|error|warning|pragma|endif|else|ifndef|ifdef|undef)\b")
_GUARD_DEFINE = re.compile(r"^\s*#\s*define\s+\w+_H\s*$")
_INT = re.compile(r"(?<![\w.%\\])(0[xX][0-9a-fA-F]+|\d+)([uUlL]*)(?![\w.])")
_C_KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "do", "else", "asm",
               "__asm__", "typeof", "__attribute__", "defined"}
_DECL_START = re.compile(
    r"^\s*(const\s+|static\s+|unsigned\s+|struct\s+)*"
    r"(u8|u16|u32|u64|size_t|int|long|char|crc_vmx_vec_t|crc_vmx_bytes_t|CRC_VMX_STATE|void|type)\b")
_BRANCH = {"beq": "bne", "bne": "beq", "blt": "bge", "bge": "blt", "bgt": "ble", "ble": "bgt"}
_BRANCH_BOUND = {"blt": "ble", "ble": "blt", "bgt": "bge", "bge": "bgt"}


class Mutant:
    """One mutant: lines [first, last] (1-based) of path replaced by new."""

    def __init__(self, path, op, first, last, old, new, function, schema_ok):
        self.path = path
        self.op = op
        self.first = first
        self.last = last
        self.old = old
        self.new = new
        self.function = function
        self.schema_ok = schema_ok
        self.hash = ""
        self.id = ""

    def describe(self):
        before = " ".join(self.old.split())
        after = " ".join(self.new.split()) or "(removed)"
        return "%s:%d %s: %s  =>  %s" % (os.path.basename(self.path), self.first, self.op,
                                         before, after)

    def apply(self, lines):
        """The file's lines with this mutant applied (lines keep their newlines)."""
        new = self.new
        if new and not new.endswith("\n"):
            new += "\n"
        return lines[:self.first - 1] + ([new] if new else ["\n"]) + lines[self.last:]


def _mask(line, in_comment):
    """The line with comments blanked and string contents replaced by '_'.

    Returns (masked, strings, in_comment) where strings lists (start, end)
    of each string literal's contents, so that asm immediates can be found.
    """
    out = []
    strings = []
    i = 0
    n = len(line)
    while i < n:
        if in_comment:
            j = line.find("*/", i)
            if j < 0:
                out.append(" " * (n - i))
                return "".join(out), strings, True
            out.append(" " * (j + 2 - i))
            i = j + 2
            in_comment = False
        elif line.startswith("/*", i):
            in_comment = True
        elif line.startswith("//", i):
            out.append(" " * (n - i))
            break
        elif line[i] == '"':
            j = i + 1
            while j < n and line[j] != '"':
                j += 2 if line[j] == "\\" else 1
            strings.append((i + 1, min(j, n)))
            out.append('"' + "_" * (min(j, n) - i - 1) + '"')
            i = j + 1
        elif line[i] == "'":
            j = line.find("'", i + 1)
            j = n - 1 if j < 0 else j
            out.append("'" + "_" * (j - i - 1) + "'")
            i = j + 1
        else:
            out.append(line[i])
            i += 1
    return "".join(out)[:n], strings, in_comment


def _group_end(text, start):
    """Index just past the parenthesis group opening at text[start] == '('."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] in "([":
            depth += 1
        elif text[i] in ")]":
            depth -= 1
            if depth == 0:
                return i + 1
    return -1


def _split_args(text, open_at):
    """(start, end) of each top-level argument inside the group at open_at."""
    end = _group_end(text, open_at)
    if end < 0:
        return []
    args = []
    depth = 0
    start = open_at + 1
    for i in range(open_at + 1, end - 1):
        c = text[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0:
            args.append((start, i))
            start = i + 1
    args.append((start, end - 1))
    return [(s, e) for s, e in args if text[s:e].strip()]


def _trimmed(text, s, e):
    while s < e and text[s].isspace():
        s += 1
    while e > s and text[e - 1].isspace():
        e -= 1
    return s, e


def _andor_operands(text, at, oplen):
    """(left_start, right_end) of the operands of the && or || at text[at]."""
    depth = 0
    i = at - 1
    while i >= 0:
        c = text[i]
        if c in ")]":
            depth += 1
        elif c in "([":
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and (text.startswith("&&", i - 1) or text.startswith("||", i - 1) or
                             c in ",?;" or text[i - 1:i + 1] in ("if", "#if")):
            break
        i -= 1
    left = i + 1
    keyword = re.match(r"\s*(return|case)\b", text[left:at])
    if keyword:
        left += keyword.end()
    depth = 0
    j = at + oplen
    while j < len(text):
        c = text[j]
        if c in "([":
            depth += 1
        elif c in ")]":
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and (text.startswith("&&", j) or text.startswith("||", j) or
                             c in ",?;:\\"):
            break
        j += 1
    return left, j


class _Collector:
    def __init__(self, path, lines):
        self.path = path
        self.lines = lines
        self.out = []
        self.seen = set()

    def add(self, op, first, last, new, function, schema_ok):
        old = "".join(self.lines[first - 1:last])
        if new.rstrip("\n") == old.rstrip("\n") or (first, last, new) in self.seen:
            return
        self.seen.add((first, last, new))
        self.out.append(Mutant(self.path, op, first, last, old, new, function, schema_ok))

    def line_sub(self, op, lineno, start, end, repl, function, schema_ok):
        line = self.lines[lineno - 1]
        self.add(op, lineno, lineno, line[:start] + repl + line[end:], function, schema_ok)


def _functions(masked):
    """{line: function name} for lines inside a top-level function body.

    A body opens with a '{' alone at column 0 and ends with the '}' alone at
    column 0 after it (kernel style); its name is the identifier before the
    first '(' of the lines since the previous top-level statement.
    """
    owner = {}
    sig = []
    name = None
    inside = False
    for no, text in enumerate(masked, 1):
        if inside:
            if text.rstrip() == "}":
                inside = False
                sig = []
                continue
            owner[no] = name
            continue
        if text.rstrip() == "{" and sig:
            m = re.search(r"(\w+)\s*\(", " ".join(sig))
            name = m.group(1) if m else None
            inside = name is not None
            continue
        stripped = text.strip()
        if not stripped or stripped.startswith("#") or stripped.endswith(";") or \
                stripped.endswith("}") or stripped.endswith("\\"):
            sig = []
        else:
            sig.append(stripped)
    return owner


def _param_types(masked_text):
    """{function: [declared type of each parameter]} for functions defined here."""
    types = {}
    for m in re.finditer(r"\b(\w+)\s*\(([^()]*)\)\s*\n\{", masked_text):
        params = []
        for p in m.group(2).split(","):
            p = " ".join(p.split())
            pm = re.match(r"(.*?)(\w+)$", p)
            if not pm or not pm.group(1).strip():
                params = None
                break
            params.append(pm.group(1).replace(" *", "*").strip())
        if params:
            types[m.group(1)] = params
    return types


def _statements(masked, owner):
    """(first, last) line ranges of the statements that start a line inside a function."""
    out = []
    no = 1
    while no <= len(masked):
        if no not in owner:
            no += 1
            continue
        text = masked[no - 1].strip()
        if not text or text.startswith("#") or text in ("{", "}") or text.startswith("}"):
            no += 1
            continue
        last = no
        depth = masked[no - 1].count("(") - masked[no - 1].count(")")
        while (depth > 0 or re.search(r"[-+*/^|&=?:,]\s*$", masked[last - 1])) and \
                last < len(masked) and last + 1 in owner:
            last += 1
            depth += masked[last - 1].count("(") - masked[last - 1].count(")")
        out.append((no, last))
        no = last + 1
    return out


def _unmacro(masked):
    """The masked lines with each multi-line macro read as ordinary code.

    Returns (lines, in_macro): the continuation backslashes removed and the
    #define line of a multi-line macro blanked, so that the functions and
    statements a macro defines are found as they are outside one; in_macro
    is the set of the macro's body lines (those after its #define).
    """
    continued = set()
    for no, text in enumerate(masked, 1):
        if no - 1 in continued or re.match(r"\s*#\s*define\b", text):
            if text.rstrip().endswith("\\"):
                continued.add(no)
    in_macro = {no + 1 for no in continued}
    out = []
    for no, text in enumerate(masked, 1):
        if no in continued and no not in in_macro:
            out.append("")
        elif no in in_macro:
            out.append(re.sub(r"\\\s*$", "", text).rstrip())
        else:
            out.append(text)
    return out, in_macro


def _c_mutants(col, masked, strings, consts_header):
    code, in_macro = _unmacro(masked)
    owner = _functions(code)
    types = _param_types("\n".join(code))

    for no, text in enumerate(masked, 1):
        raw = col.lines[no - 1]
        fn = owner.get(no)
        pp = re.match(r"\s*#", text) is not None
        if _PP_SKIP.match(text) or _GUARD_DEFINE.match(text):
            continue
        if consts_header:
            continue
        schema = fn is not None and not pp and no not in in_macro
        if pp:
            m = re.match(r"(\s*#\s*(?:el)?if\s+)(.*?)\s*$", text)
            if m and not text.rstrip().endswith("\\"):
                cond_s, cond_e = m.end(1), m.end(1) + len(m.group(2))
                col.line_sub("negate", no, cond_s, cond_e,
                             "!(" + raw[cond_s:cond_e] + ")", fn, False)
                _andor(col, no, text, raw, fn, False, cond_s)
                _relops(col, no, text, fn, False)
            m = re.match(r"\s*#\s*define\s+\w+\s+", text)
            if m:
                _consts(col, no, text, m.end(), fn, False)
            continue
        if fn is None and no not in in_macro:
            # file scope: static tables and declarations
            if re.search(r"=\s*\{|^\s*\d", text) or text.strip().endswith(","):
                _consts(col, no, text, 0, fn, False)
            continue
        # conditions
        for m in re.finditer(r"\b(if|while)\s*\(", text):
            open_at = m.end() - 1
            end = _group_end(text, open_at)
            if end > 0:
                col.line_sub("negate", no, open_at + 1, end - 1,
                             "!(" + raw[open_at + 1:end - 1] + ")", fn, schema)
        for m in re.finditer(r"\bfor\s*\(", text):
            open_at = m.end() - 1
            end = _group_end(text, open_at)
            parts = text[open_at + 1:end - 1].split(";") if end > 0 else []
            if len(parts) == 3 and parts[1].strip():
                s = open_at + 1 + len(parts[0]) + 1
                s, e = _trimmed(raw, s, s + len(parts[1]))
                col.line_sub("negate", no, s, e, "!(" + raw[s:e] + ")", fn, schema)
        m = re.match(r"(\s*return\s+)(\w+)(\s*\?)", text)
        if m:
            col.line_sub("negate", no, m.start(2), m.end(2), "!" + m.group(2), fn, schema)
        _relops(col, no, text, fn, schema)
        _andor(col, no, text, raw, fn, schema, 0)
        _consts(col, no, text, 0, fn, schema)
        if re.search(r"\basm\b|__asm__", text) or no in in_macro:
            for s, e in strings[no - 1]:
                _asm_consts(col, no, raw, s, e, fn, schema)
        _swaps(col, no, text, raw, types, fn, schema)

    for first, last in _statements(code, owner):
        head = code[first - 1].strip()
        body = " ".join(code[i - 1].strip() for i in range(first, last + 1))
        if not body.endswith(";") or re.match(r"(return|break|continue|goto)\b", head):
            continue
        if _DECL_START.match(head) and not re.match(r"\s*\w+\s*(\[|=|\+=|-=|\^=|&=|\|=)", head):
            continue
        indent = re.match(r"\s*", col.lines[first - 1]).group(0)
        if first in in_macro:
            # the macro goes on after the statement: keep its continuation
            col.add("drop", first, last, _continued(indent + ";", col.lines[last - 1]),
                    owner.get(first), False)
            continue
        col.add("drop", first, last, indent + ";", owner.get(first), True)


def _continued(line, last):
    """line ending in a backslash at the column where last (a macro line) has it."""
    if not last.rstrip().endswith("\\"):
        return line
    width = len(last.rstrip()[:-1].expandtabs(8))
    pad = ""
    while len((line + pad).expandtabs(8)) < width:
        pad += "\t"
    return line + (pad or " ") + "\\"


def _relops(col, no, text, fn, schema):
    for m in re.finditer(r"(?<![<>\-=])(<=|>=|<|>)(?![<>=])", text):
        tok = m.group(1)
        if tok in ("<", ">") and re.search(r"#\s*include", text):
            continue
        col.line_sub("relop", no, m.start(), m.end(),
                     {"<": "<=", "<=": "<", ">": ">=", ">=": ">"}[tok], fn, schema)


def _andor(col, no, text, raw, fn, schema, floor):
    for m in re.finditer(r"&&|\|\|", text):
        left, right = _andor_operands(text, m.start(), 2)
        left = max(left, floor)
        ls, le = _trimmed(raw, left, m.start())
        rs, re_ = _trimmed(raw, m.end(), right)
        if le <= ls or re_ <= rs:
            continue
        # keep the left operand, then the right one
        col.line_sub("andor", no, ls, re_, raw[ls:le], fn, schema)
        col.line_sub("andor", no, ls, re_, raw[rs:re_], fn, schema)


def _literal_neighbours(tok, suffix):
    base = 16 if tok[:2].lower() == "0x" else 10
    value = int(tok, base)
    out = []
    for v in (value + 1, value - 1):
        if v < 0:
            continue
        out.append(("0x%x" % v if base == 16 else str(v)) + suffix)
    return out


def _consts(col, no, text, floor, fn, schema):
    for m in _INT.finditer(text, floor):
        for repl in _literal_neighbours(m.group(1), m.group(2)):
            col.line_sub("const", no, m.start(), m.end(), repl, fn, schema)


def _asm_consts(col, no, raw, s, e, fn, schema):
    """Immediates of the instructions in an asm string (operand numbers excluded)."""
    text = raw[s:e]
    mnemonic = re.search(r"\b[a-z]+\s+", text.replace("\\t", " "))
    if not mnemonic or text.startswith("."):
        return
    for m in re.finditer(r"(?<![\w%\[\\])(\d+)(?![\w\]])", text):
        for repl in _literal_neighbours(m.group(1), ""):
            col.line_sub("const", no, s + m.start(), s + m.end(), repl, fn, schema)


def _swaps(col, no, text, raw, types, fn, schema):
    for m in re.finditer(r"\b(\w+)\s*\(", text):
        params = types.get(m.group(1))
        if not params or m.group(1) in _C_KEYWORDS:
            continue
        args = _split_args(text, m.end() - 1)
        if len(args) != len(params):
            continue
        for i in range(len(args) - 1):
            if params[i] != params[i + 1]:
                continue
            (a0, a1), (b0, b1) = _trimmed(raw, *args[i]), _trimmed(raw, *args[i + 1])
            if raw[a0:a1] == raw[b0:b1]:
                continue
            line = raw[:a0] + raw[b0:b1] + raw[a1:b0] + raw[a0:a1] + raw[b1:]
            col.add("swap", no, no, line, fn, schema)


def _asm_mutants(col, masked):
    """Mutants of an assembly file: one instruction or macro-call line at a time."""
    macro_depth = 0
    for no, text in enumerate(masked, 1):
        code = text.split("#", 1)[0] if not text.lstrip().startswith("#") else ""
        stripped = code.strip()
        if stripped.startswith(".macro"):
            macro_depth += 1
        if stripped.startswith(".endm"):
            macro_depth -= 1
            continue
        if not stripped or text.lstrip().startswith("#") or stripped.startswith(".") or \
                stripped.endswith(":") or re.match(r"SYM_\w+\(", stripped):
            continue
        m = re.match(r"(\s*)([A-Za-z_][\w.]*)\b", code)
        if not m:
            continue
        mnem = m.group(2)
        raw = col.lines[no - 1]
        col.add("drop", no, no, m.group(1) + "nop" if mnem == "nop" else "", None, False)
        if mnem in _BRANCH:
            col.line_sub("negate", no, m.start(2), m.end(2), _BRANCH[mnem], None, False)
        if mnem in _BRANCH_BOUND:
            col.line_sub("relop", no, m.start(2), m.end(2), _BRANCH_BOUND[mnem], None, False)
        for c in re.finditer(r"(?<![\w\\.])(-?)(0[xX][0-9a-fA-F]+|\d+)(?![\w(])|"
                             r"(?<![\w\\.])(-?)(\d+)(?=\()", code[m.end():]):
            tok = c.group(2) or c.group(4)
            sign = c.group(1) or c.group(3) or ""
            start = m.end() + c.start(2 if c.group(2) else 4)
            base = 16 if tok[:2].lower() == "0x" else 10
            value = int(tok, base) * (-1 if sign else 1)
            for v in (value + 1, value - 1):
                text_v = ("0x%x" % v) if base == 16 and v >= 0 else str(v)
                s = start - len(sign)
                col.line_sub("const", no, s, start + len(tok), text_v, None, False)


def _code_context(masked, first, last, before=2, after=2):
    """The code lines (comments and blank lines skipped) around lines first..last."""
    def code(i):
        return masked[i - 1].strip()
    prev, nxt = [], []
    i = first - 1
    while i >= 1 and len(prev) < before:
        if code(i):
            prev.insert(0, code(i))
        i -= 1
    i = last + 1
    while i <= len(masked) and len(nxt) < after:
        if code(i):
            nxt.append(code(i))
        i += 1
    return prev, nxt


def mutants(path, text=None, name=None):
    """All mutants of the file at path (its text may be given), in line order.

    name is the path the hash records (the repository-relative one).
    """
    if text is None:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    name = name or path
    lines = text.splitlines(keepends=True)
    masked, strings = [], []
    in_comment = False
    for line in lines:
        m, s, in_comment = _mask(line.rstrip("\n"), in_comment)
        masked.append(m)
        strings.append(s)
    col = _Collector(path, lines)
    if path.endswith(".S"):
        _asm_mutants(col, masked)
    else:
        _c_mutants(col, masked, strings, os.path.basename(path).endswith("_consts.h"))
    seen = {}
    out = []
    for mu in sorted(col.out, key=lambda m: (m.first, m.op, m.new)):
        prev, nxt = _code_context(masked, mu.first, mu.last)
        key = "\0".join([name, mu.op, mu.old.strip(), mu.new.strip()] + prev + ["|"] + nxt)
        if key in seen and seen[key] is not mu:
            # the same change twice in identical surroundings: number the repeats
            n = 1
            while "%s\0#%d" % (key, n) in seen:
                n += 1
            key = "%s\0#%d" % (key, n)
        seen[key] = mu
        mu.hash = hashlib.sha256(key.encode()).hexdigest()
        mu.id = "%s-%s-%s" % (_file_tag(name), mu.op, mu.hash[:8])
        out.append(mu)
    return out


def _file_tag(name):
    base = os.path.basename(name)
    return re.sub(r"[^A-Za-z0-9]+", "_", base)
