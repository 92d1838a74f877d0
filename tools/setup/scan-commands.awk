# SPDX-License-Identifier: GPL-2.0-only
#
# A crude scanner of the command words in shell scripts, for
# tools/setup/check-host-tools.sh (its safety net; tools/setup/host-tools.txt
# is the contract). Input: shell text (Makefile recipes and CMake COMMAND
# words are turned into shell text first, see check-host-tools.sh). Output,
# one line each:
#   CMD <word> <file>:<line>   the first word of a simple command
#   FUNC <name>                a shell function defined here
# "Command" means: the first word after the start of a line, | || && ; &
# ( ) { } $( ` and after then/do/else/elif/if/while/until/!/time, past
# assignments and redirections; after the wrappers env, nice, nohup, sudo,
# exec, timeout and xargs (and their options) the next word too. Quoted text
# becomes the placeholder Q, expansions become V (so "$CC" is no command
# word), comments are dropped, here-document bodies are skipped, a line that
# ends in a backslash continues the command. Words after 'for', 'case' and
# 'select' on their line up to the next separator are not commands.
# It does not understand: commands inside strings (sh -c "..."), in
# here-documents, in variables and arrays ("$QEMU" ..., KMAKE=(make ...);
# "${KMAKE[@]}") or behind other wrappers; the committed list is where such
# tools are named.
#
# Run with: awk -v name=<file shown in output> -f scan-commands.awk FILE
# (several files: the name is FILENAME unless -v name is given).

function reset_state() {
	mode = "N"
	lvl = 0
	buf[0] = ""
	bline[0] = 0
	pdepth[0] = 0
	opener[0] = ""
	in_hd = 0
	savemode_d = "N"
	hd_pending = ""
	prev = ""
	delete buf
	delete bline
	delete pdepth
	delete opener
	delete savemode
	buf[0] = ""
	bline[0] = 0
	pdepth[0] = 0
}

function add(s) {
	if (buf[lvl] !~ /[^ ]/ && s ~ /[^ ]/)
		bline[lvl] = FNR
	buf[lvl] = buf[lvl] s
}

function emit(word, line) {
	print "CMD " word " " where ":" line
}

# The segment at the current level ends: report its command word(s).
function flush(   n, w, i, word) {
	n = split(buf[lvl], w)
	line = bline[lvl]
	buf[lvl] = ""
	bline[lvl] = 0
	i = 1
	while (i <= n) {
		word = w[i]
		if (word ~ /^[A-Za-z_][A-Za-z0-9_]*(\[[^]]*\])?\+?=/) { i++; continue }
		if (word ~ /^[0-9]*(<|>|&>)/) {
			if (word ~ /^[0-9]*(<|>|>>|&>|<>|>\|)$/)
				i++
			i++
			continue
		}
		if (word in skipw) { i++; continue }
		if (word in stopw)
			return
		if (word == "command") {
			if (w[i + 1] ~ /^-/)
				return
			i++
			continue
		}
		if (word ~ /^[A-Za-z0-9_][A-Za-z0-9_.+-]*$/)
			emit(word, line)
		if (!(word in wrapw))
			return
		i++
		if (word == "timeout") {
			while (i <= n && w[i] ~ /^-/) {
				if (w[i] ~ /^(-k|-s|--kill-after|--signal)$/)
					i++
				i++
			}
			i++	# the duration
		} else if (word == "xargs") {
			while (i <= n && w[i] ~ /^-/) {
				if (w[i] ~ /^-[nIPLdasE]$/)
					i++
				i++
			}
		} else {
			while (i <= n && (w[i] ~ /^-/ || w[i] ~ /^[0-9]+$/ || w[i] ~ /=/))
				i++
		}
	}
}

function push(kind, saved) {
	add("V")
	lvl++
	buf[lvl] = ""
	bline[lvl] = 0
	pdepth[lvl] = 0
	opener[lvl] = kind
	savemode[lvl] = saved
	mode = "N"
}

function pop() {
	flush()
	lvl--
	mode = savemode[lvl + 1]
}

# Index just past the bracket that closes the one at position i of s
# (op, cl: the bracket characters); length(s) + 1 if it is not closed.
function skip_to_close(s, i, op, cl,   d, c) {
	d = 0
	for (; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == op)
			d++
		else if (c == cl && --d == 0)
			return i + 1
	}
	return length(s) + 1
}

BEGIN {
	split("then do else elif if while until ! time { } fi done esac", tmp, " ")
	for (k in tmp)
		skipw[tmp[k]] = 1
	split("for case select function in", tmp, " ")
	for (k in tmp)
		stopw[tmp[k]] = 1
	split("env nice nohup sudo exec timeout xargs", tmp, " ")
	for (k in tmp)
		wrapw[tmp[k]] = 1
}

FNR == 1 {
	reset_state()
	where = (name != "" ? name : FILENAME)
}

{
	s = $0
	if (match(s, /^[ \t]*(function[ \t]+)?[A-Za-z_][A-Za-z0-9_:.-]*[ \t]*\(\)/)) {
		fn = substr(s, RSTART, RLENGTH)
		sub(/^[ \t]*(function[ \t]+)?/, "", fn)
		sub(/[ \t]*\(\)$/, "", fn)
		print "FUNC " fn
	}
}

in_hd {
	t = $0
	if (hd_dash)
		sub(/^\t+/, "", t)
	if (t == hd_term)
		in_hd = 0
	next
}

{
	s = $0
	n = length(s)
	cont = 0
	prev = " "
	for (i = 1; i <= n; i++) {
		c = substr(s, i, 1)
		if (mode == "S") {
			if (c == "'")
				mode = savemode_s
			prev = c
			continue
		}
		if (mode == "A") {
			# inside an array assignment X=( ... ): no commands
			if (c == "'") { mode = "S"; savemode_s = "A" }
			else if (c == "\"") { mode = "D"; savemode_d = "A" }
			else if (c == "\\") i++
			else if (c == "#" && prev ~ /[ \t]/) break
			else if (c == ")") { mode = "N"; add("V") }
			prev = c
			continue
		}
		if (mode == "D") {
			if (c == "\\") { i++; prev = "x"; continue }
			if (c == "\"") { mode = savemode_d; prev = c; continue }
			if (c == "$" && substr(s, i + 1, 2) == "((") {
				i = skip_to_close(s, i + 1, "(", ")") - 1
			} else if (c == "$" && substr(s, i + 1, 1) == "(") {
				i++
				push("$(", "D")
			} else if (c == "$" && substr(s, i + 1, 1) == "{") {
				i = skip_to_close(s, i + 1, "{", "}") - 1
			} else if (c == "`") {
				push("`", "D")
			}
			prev = c
			continue
		}
		# mode N
		if (c == "\\") {
			if (i == n) { cont = 1; break }
			add("E")
			i++
			prev = "x"
			continue
		}
		if (c == "'") { add("Q"); mode = "S"; savemode_s = "N"; prev = c; continue }
		if (c == "\"") { add("Q"); mode = "D"; savemode_d = "N"; prev = c; continue }
		if (c == "#" && prev ~ /[ \t;(|&]/)
			break
		if (c == "$") {
			nx = substr(s, i + 1, 1)
			if (substr(s, i + 1, 2) == "((") {
				i = skip_to_close(s, i + 1, "(", ")") - 1
				add("V")
			} else if (nx == "(") {
				i++
				push("$(", "N")
			} else if (nx == "{") {
				i = skip_to_close(s, i + 1, "{", "}") - 1
				add("V")
			} else if (nx == "'") {
				i++
				add("Q")
				mode = "S"
				savemode_s = "N"
			} else {
				add("$")
			}
			prev = "x"
			continue
		}
		if (c == "`") {
			if (lvl > 0 && opener[lvl] == "`")
				pop()
			else
				push("`", "N")
			prev = c
			continue
		}
		if (c == "(" && prev == "=") {
			mode = "A"
			prev = c
			continue
		}
		if (c == "(") {
			flush()
			pdepth[lvl]++
			prev = c
			continue
		}
		if (c == ")") {
			if (pdepth[lvl] > 0) {
				flush()
				pdepth[lvl]--
			} else if (lvl > 0 && opener[lvl] == "$(") {
				pop()
			} else {
				flush()
			}
			prev = c
			continue
		}
		if (c == "<" && prev != "<" && substr(s, i + 1, 1) == "<" && substr(s, i + 2, 1) != "<") {
			r = substr(s, i + 2)
			if (match(r, /^-?[ \t]*(['"][^'"]+['"]|\\?[A-Za-z_][A-Za-z0-9_]*)/)) {
				tok = substr(r, RSTART, RLENGTH)
				hd_dash = (tok ~ /^-/)
				sub(/^-?[ \t]*/, "", tok)
				gsub(/['"\\]/, "", tok)
				hd_pending = tok
				i += 1 + RLENGTH
				add(" ")
				prev = " "
				continue
			}
		}
		if (c == "&" && (prev == ">" || substr(s, i + 1, 1) == ">")) {
			add(c)
			prev = c
			continue
		}
		if (c == ";" || c == "&" || c == "|") {
			if (c == "|" && prev == ">") { add(c); prev = c; continue }
			flush()
			prev = c
			continue
		}
		if ((c == "{" || c == "}") && prev ~ /[ \t;]/ && substr(s, i + 1, 1) ~ /^([ \t;]|)$/) {
			flush()
			prev = " "
			continue
		}
		if (c == " " || c == "\t") {
			add(" ")
			prev = c
			continue
		}
		add(c)
		prev = c
	}
	if (mode == "N") {
		if (cont)
			add(" ")
		else
			flush()
	}
	if (hd_pending != "") {
		hd_term = hd_pending
		hd_pending = ""
		in_hd = 1
	}
}
