#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Every external command the host-side scripts need must come from a Debian
# package that tools/setup/install-host-deps.sh installs (a package listed in
# tools/setup/host-packages.txt, or one that such a package depends on) or
# from Debian's base (Priority required/important, or Essential: yes).
# Otherwise a fresh Debian 12 machine lacks it, as it lacked dkms while
# only dh-dkms was listed. See docs/testing.md, "Host tools come from listed
# packages", and --help.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
me=check-host-tools

usage() {
	cat <<USAGE
Usage: ${0##*/} [--root DIR] [--packages FILE] [--tools FILE] [--ignore FILE]
                [--verbose] [--scan]
Checks that every external command of the host-side scripts comes from a
Debian package that a fresh machine gets from tools/setup/install-host-deps.sh.
The tools checked:
  - every command in --tools (default tools/setup/host-tools.txt: one command
    a line, '#' comments): the contract, the programs the host scripts run;
  - every tool the scripts test for themselves: 'command -v NAME',
    'for t in A B ...; do command -v "\$t"', find_program(VAR NAME) in CMake;
    these must be in --tools as well;
  - safety net: a crude scan of the command words of the host scripts
    (tools/setup/scan-commands.awk): a word that resolves to an executable
    (type -P) must be in --tools or in --ignore (default
    tools/setup/host-tools-ignore.txt: "WORD reason", one a line).
For each tool: type -P resolves it (if what PATH finds first belongs to no
package, e.g. pyenv's python3, the one in /usr/bin, /usr/sbin, /bin or /sbin
is checked), dpkg -S names the package owning it (following symlinks and
/etc/alternatives, /bin vs /usr/bin), and that package must be in the
closure of --packages (default tools/setup/host-packages.txt) under
Depends/Pre-Depends (first installed alternative) or in Debian's base
(Priority required or important, or Essential: yes). A package named in
--packages must be installed.
Host-side files: tracked *.sh, .ci/run, early-boot/initramfs-tools-hook,
Makefiles, *.mk, Kbuild, debian/rules, CMakeLists.txt and *.cmake of --root
(default: this checkout), and the shebang lines of those and of *.py; less
those that run in the ppc64el guest: tools/vm/guest/, tools/system/guest/,
tools/system/steps/, selftests/*.sh, userspace/crcbench/tests/guest-*.sh
(guest-crcbench.sh stays in: CTest also runs it on the host), debian's
maintainer scripts, tools/system/image-build-initramfs-hook; and
tools/hw-report/, which runs on a POWER machine (and in a guest).
Options:
  --allow-dependencies
              also accept a package that a listed package depends on (the
              default is strict: the owning package itself must be listed or
              in Debian's base, so that no tool rests on another package's
              dependencies, which can change)
  --verbose   one line per tool: where it resolves, its package, why allowed
  --scan      print the scanner's command words (word file:line) and exit
Output: one line per problem, then a summary line.
Exit codes: 0 no problem, 1 problems found, 2 bad usage or unreadable input.
USAGE
}

die2() { printf '%s: error: %s\n' "$me" "$*" >&2; exit 2; }

root=$top
packages=
tools=
ignore=
verbose=0
direct=1
scan_only=0
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--root|--packages|--tools|--ignore)
		[ $# -ge 2 ] || die2 "$1 needs an argument (try --help)"
		case "$1" in
		--root) root=$2 ;;
		--packages) packages=$2 ;;
		--tools) tools=$2 ;;
		--ignore) ignore=$2 ;;
		esac
		shift ;;
	--verbose) verbose=1 ;;
	--allow-dependencies) direct=0 ;;
	--scan) scan_only=1 ;;
	*) die2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
root=$(cd "$root" 2>/dev/null && pwd) || die2 "--root: no such directory"
: "${packages:=$root/tools/setup/host-packages.txt}"
: "${tools:=$root/tools/setup/host-tools.txt}"
: "${ignore:=$root/tools/setup/host-tools-ignore.txt}"
for f in "$packages" "$tools" "$ignore"; do
	[ -r "$f" ] || die2 "cannot read $f"
done
command -v dpkg-query >/dev/null || die2 "dpkg-query not found: this check runs on Debian"
git -C "$root" rev-parse --git-dir >/dev/null 2>&1 ||
	die2 "$root is not a git checkout: the check reads the files git tracks"

# Shown in messages: relative to the root where possible.
show() { case "$1" in "$root"/*) echo "${1#"$root"/}" ;; *) echo "$1" ;; esac; }

problems=0
# (to descriptor 3, a copy of the standard output: right also from functions
# whose output goes to a file)
exec 3>&1
problem() { printf '%s: %s\n' "$me" "$*" >&3; problems=$((problems + 1)); }

# Words of a list file: '#' to end of line is a comment; first field.
list_words() { sed -e 's/#.*//' "$1" | awk 'NF { print $1 }'; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# --- the host-side files --------------------------------------------------
git -C "$root" ls-files >"$tmp/all"
# In the guest (or an installed system), not on the host: these directories,
# the kselftests, the in-guest crcbench tests, the package's maintainer
# scripts and the system image's initramfs hook.
grep -vE '^(tools/vm/guest/|tools/system/guest/|tools/hw-report/|tools/system/steps/|selftests/[^/]*\.sh$|userspace/crcbench/tests/guest-|debian/[^/]*\.(pre|post)(inst|rm)$|tools/system/image-build-initramfs-hook$)' \
	"$tmp/all" >"$tmp/host" || true
# ... but CTest runs guest-crcbench.sh on the host too (against a fake).
grep -xF userspace/crcbench/tests/guest-crcbench.sh "$tmp/all" >>"$tmp/host" || true
# Shell: *.sh, CI's entry point, and the initramfs-tools hook (the deb lane
# runs it on the host, inside an unpacked mkinitramfs).
grep -E '\.sh$|^\.ci/run$|^early-boot/initramfs-tools-hook$' "$tmp/host" >"$tmp/shell" || true
grep -E '\.py$' "$tmp/host" >"$tmp/python" || true
grep -E '(^|/)(Makefile|Kbuild|[^/]*\.mk)$|^debian/rules$' "$tmp/host" >"$tmp/make" || true
grep -E '(^|/)CMakeLists\.txt$|\.cmake$' "$tmp/host" >"$tmp/cmake" || true

# Makefile -> shell text, line for line: recipe lines (a leading tab, then
# @ - +) with make's $(VAR) as V, $(shell X) as $(X), $$ as $; other lines
# keep only their $(shell X).
make_to_sh() {
	awk '
	function conv(s, recipe,   out, i, c, d, j, inner) {
		out = ""
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (c == "$" && substr(s, i + 1, 1) == "$") { out = out "$"; i++; continue }
			if (c == "$" && substr(s, i + 1, 1) ~ /[({]/) {
				d = 0
				for (j = i + 1; j <= length(s); j++) {
					if (substr(s, j, 1) ~ /[({]/) d++
					else if (substr(s, j, 1) ~ /[)}]/ && --d == 0) break
				}
				inner = substr(s, i + 2, j - i - 2)
				if (inner ~ /^shell[ \t]/) {
					sub(/^shell[ \t]+/, "", inner)
					out = out (recipe ? "$(" inner ")" : inner "\n")
				} else if (recipe)
					out = out "V"
				i = j
				continue
			}
			if (recipe) out = out c
		}
		return out
	}
	/^\t/ { s = $0; sub(/^\t[@+ \t-]*/, "", s); print conv(s, 1); next }
	{ t = conv($0, 0); sub(/\n$/, "", t); gsub(/\n/, "; ", t); print t }
	' "$1"
}

# CMake -> shell text, line for line: the word after each COMMAND keyword.
cmake_to_sh() {
	awk '{
		s = $0; sub(/#.*/, "", s); out = ""
		while (match(s, /(^|[ \t(])COMMAND[ \t]+[^ \t)]+/)) {
			w = substr(s, RSTART, RLENGTH); sub(/.*COMMAND[ \t]+/, "", w)
			gsub(/"/, "", w)
			if (w !~ /^\$/) out = out w "; "
			s = substr(s, RSTART + RLENGTH)
		}
		print out
	}' "$1"
}

scan=$tmp/scan
: >"$scan"
while IFS= read -r f; do
	[ -f "$root/$f" ] || continue
	awk -v name="$f" -f "$here/scan-commands.awk" "$root/$f" >>"$scan"
done <"$tmp/shell"
while IFS= read -r f; do
	[ -f "$root/$f" ] || continue
	make_to_sh "$root/$f" | awk -v name="$f" -f "$here/scan-commands.awk" >>"$scan"
done <"$tmp/make"
while IFS= read -r f; do
	[ -f "$root/$f" ] || continue
	cmake_to_sh "$root/$f" | awk -v name="$f" -f "$here/scan-commands.awk" >>"$scan"
done <"$tmp/cmake"
# Interpreters named in the shebang lines of host files.
while IFS= read -r f; do
	[ -f "$root/$f" ] || continue
	IFS= read -r first <"$root/$f" 2>/dev/null || continue
	case "$first" in
	'#!'*)
		read -r -a words <<<"${first#\#!}"
		interp=${words[0]##*/}
		[ "$interp" != env ] || interp=${words[1]:-}
		[ -z "$interp" ] || echo "CMD $interp $f:1" >>"$scan" ;;
	esac
done < <(cat "$tmp/shell" "$tmp/python")

if [ "$scan_only" -eq 1 ]; then
	awk '$1 == "CMD" { print $2, $3 }' "$scan"
	exit 0
fi

declare -A builtin_word=() func=() listed_tool=() ignored=() first_seen=()
while IFS= read -r w; do builtin_word[$w]=1; done < <(compgen -b; compgen -k)
while read -r _ w; do func[$w]=1; done < <(grep '^FUNC ' "$scan")
while IFS= read -r w; do listed_tool[$w]=1; done < <(list_words "$tools")
while IFS= read -r line; do
	line=${line#"${line%%[![:space:]]*}"}
	w=${line%%[[:space:]]*}
	reason=${line#"$w"}
	reason=${reason#"${reason%%[![:space:]]*}"}
	if [ -z "$reason" ]; then
		problem "'$w' in $(show "$ignore") has no reason (write 'WORD why it is no external tool')"
	fi
	ignored[$w]=1
done < <(sed -e 's/^[[:space:]]*#.*//' "$ignore" | grep -v '^[[:space:]]*$' || true)

# --- 1. the scripts' own tool checks --------------------------------------
# Prints "tool file:line" for command -v / for-loops / find_program.
explicit=$tmp/explicit
: >"$explicit"
# value_of VAR FILE: the literal default the file gives VAR (VAR=x,
# VAR=${VAR:-x}, local ... VAR=x ...), with ${OTHER}/$OTHER inside resolved
# the same way once; empty if none.
value_of() {
	local var=$1 file=$2 v
	v=$(grep -oE "(^|[[:space:];])$var=[^[:space:];]+" "$file" | head -n 1 |
		sed -E "s/^[[:space:];]*$var=//; s/^\"(.*)\"\$/\\1/; s/^'(.*)'\$/\\1/") || true
	local inner
	# VAR=${ANY:-default}: the default
	if [[ "$v" =~ ^\$\{[A-Za-z_][A-Za-z0-9_]*:?-(.*)\}$ ]]; then
		v=${BASH_REMATCH[1]}
	fi
	while [[ "$v" =~ \$\{?([A-Za-z_][A-Za-z0-9_]*)\}? ]]; do
		inner=$(value_of "${BASH_REMATCH[1]}" "$file" 2>/dev/null | head -n 1) || inner=
		[ -n "$inner" ] || { echo "$v"; return; }
		v=${v/"${BASH_REMATCH[0]}"/$inner}
	done
	echo "$v"
}
# resolve WORD FILE LINE: WORD as written after command -v or in a list.
resolve_word() {
	local w=$1 file=$2 line=$3 v var
	w=${w#\"}; w=${w%\"}; w=${w#\'}; w=${w%\'}
	if [[ "$w" =~ \$\{?[0-9@*] ]]; then
		return 0	# positional: checked where the caller names the tool
	fi
	if [[ "$w" =~ \$\{?([A-Za-z_][A-Za-z0-9_]*)\}? ]]; then
		var=${BASH_REMATCH[1]}
		v=$(value_of "$var" "$root/$file")
		if [ -z "$v" ] || [[ "$v" == *'$'* ]]; then
			problem "$file:$line: cannot tell which tool 'command -v $1' checks (give \$$var a literal default in that file)"
			return 0
		fi
		w=${w/"${BASH_REMATCH[0]}"/$v}
	fi
	if [[ "$w" =~ ^[A-Za-z0-9_][A-Za-z0-9_.+-]*$ ]]; then
		echo "$w $file:$line"
	fi
}
# (not this check and its test: they only describe or craft such lines)
grep -vE '^tools/setup/(test-)?check-host-tools\.sh$' "$tmp/shell" >"$tmp/shell-own-checks" || true
while IFS= read -r f; do
	[ -f "$root/$f" ] || continue
	# for VAR in LIST; do ... command -v "$VAR" within the next 3 lines
	while IFS=: read -r ln text; do
		if [[ "$text" =~ command\ -v\ +(\"[^\"]*\"|\'[^\']*\'|[^[:space:]\;\|\&\>\)]+) ]]; then
			word=${BASH_REMATCH[1]}
			loopvar=
			if [[ "$word" =~ ^\"?\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?\"?$ ]]; then
				loopvar=${BASH_REMATCH[1]}
				# the nearest 'for VAR in ...' at most 3 lines above
				forline=$(awk -v from=$((ln - 3)) -v to="$ln" -v var="$loopvar" '
					NR >= from && NR <= to && match($0, "for[ \t]+" var "[ \t]+in[ \t]") {
						s = substr($0, RSTART + RLENGTH); sub(/;.*/, "", s); l = s
					}
					END { print l }' "$root/$f")
				if [ -n "$forline" ]; then
					for w in $forline; do
						resolve_word "$w" "$f" "$ln" >>"$explicit"
					done
					continue
				fi
			fi
			resolve_word "$word" "$f" "$ln" >>"$explicit"
		fi
	done < <(grep -n 'command -v' "$root/$f" || true)
done <"$tmp/shell-own-checks"
while IFS= read -r f; do
	[ -f "$root/$f" ] || continue
	# find_program(VAR name... [NAMES name...] [PATHS ...] ...): the names
	while IFS=: read -r ln text; do
		args=${text#*find_program(}
		args=${args%%)*}
		read -r -a words <<<"$args"
		for w in "${words[@]:1}"; do
			[ "$w" != NAMES ] || continue
			[[ "$w" =~ ^[A-Z_]+$ ]] && break
			resolve_word "$w" "$f" "$ln" >>"$explicit"
		done
	done < <(grep -n 'find_program(' "$root/$f" || true)
done <"$tmp/cmake"

# --- the tools to vet -------------------------------------------------------
declare -A checktool=() why=()
while IFS= read -r w; do checktool[$w]=1; why[$w]="$(show "$tools")"; done < <(list_words "$tools")
while read -r w loc; do
	[ -z "${ignored[$w]:-}" ] || continue
	if [ -z "${listed_tool[$w]:-}" ]; then
		problem "'$w' is checked for by $loc but is not in $(show "$tools") (add it under that script)"
	fi
	[ -n "${checktool[$w]:-}" ] || why[$w]=$loc
	checktool[$w]=1
done <"$explicit"

# --- 2. the scanner's safety net ------------------------------------------
nscan=0
while read -r _ w loc; do
	[ -z "${first_seen[$w]:-}" ] || continue
	first_seen[$w]=$loc
	nscan=$((nscan + 1))
	[ -z "${builtin_word[$w]:-}" ] || continue
	[ -z "${func[$w]:-}" ] || continue
	[ -z "${listed_tool[$w]:-}" ] || continue
	[ -z "${ignored[$w]:-}" ] || continue
	p=$(type -P "$w" 2>/dev/null) || continue
	problem "'$w' ($p) is run by $loc but is neither in $(show "$tools") nor in $(show "$ignore") (list it, or ignore it with a reason)"
done < <(grep '^CMD ' "$scan")

# --- the packages: installed, base, closure of the list ---------------------
dpkg-query -W -f '${db:Status-Abbrev}\t${Package}\t${Priority}\t${Essential}\t${Pre-Depends}, ${Depends}\t${Provides}\n' \
	>"$tmp/status" 2>/dev/null || true
list_words "$packages" >"$tmp/listed"
while IFS= read -r p; do
	awk -F'\t' -v p="$p" '$1 ~ /^.i/ && $2 == p { f = 1 } END { exit !f }' "$tmp/status" ||
		problem "$(show "$packages") names '$p', which is not installed (run tools/setup/install-host-deps.sh; if apt has no such package, fix the name)"
done <"$tmp/listed"
# closure: "package<TAB>why" for every package a fresh machine gets.
awk -F'\t' '
	FNR == NR { listed[$1] = 1; order[++nl] = $1; next }
	$1 !~ /^.i/ { next }
	{
		inst[$2] = 1; deps[$2] = $5
		n = split($6, pv, /,[ \t]*/)
		for (i = 1; i <= n; i++) { v = pv[i]; sub(/[ \t(:].*/, "", v); if (v != "" && !(v in prov)) prov[v] = $2 }
		if ($3 == "required" || $3 == "important") base[$2] = "base: Priority " $3
		else if ($4 == "yes") base[$2] = "base: Essential"
	}
	END {
		nq = 0
		for (p in base) { why[p] = base[p]; q[++nq] = p }
		for (k = 1; k <= nl; k++) {
			p = order[k]
			if ((p in inst) && !(p in why)) { why[p] = "listed"; q[++nq] = p }
		}
		for (h = 1; h <= nq; h++) {
			p = q[h]
			if (direct && why[p] !~ /^base/)
				continue
			root = (why[p] ~ /^via /) ? substr(why[p], 5) : p
			ng = split(deps[p], g, /,[ \t]*/)
			for (i = 1; i <= ng; i++) {
				na = split(g[i], alt, /[ \t]*\|[ \t]*/)
				pick = ""
				for (j = 1; j <= na && pick == ""; j++) {
					a = alt[j]; sub(/^[ \t]+/, "", a); sub(/[ \t(:].*/, "", a)
					if (a == "") continue
					if (a in inst) pick = a
					else if (a in prov) pick = prov[a]
				}
				if (pick != "" && !(pick in why)) {
					why[pick] = (why[p] ~ /^base/) ? why[p] : "via " root
					q[++nq] = pick
				}
			}
		}
		for (p in why) print p "\t" why[p]
	}' direct="$direct" "$tmp/listed" "$tmp/status" >"$tmp/closure"
declare -A allowed=()
while IFS=$'\t' read -r p w; do allowed[$p]=$w; done <"$tmp/closure"

# --- 3. resolve each tool to its package ----------------------------------
# The other spelling of a path under merged /usr (/bin/x <-> /usr/bin/x).
twin() {
	case "$1" in
	/usr/bin/*|/usr/sbin/*|/usr/lib/*|/usr/lib64/*) echo "${1#/usr}" ;;
	/bin/*|/sbin/*|/lib/*|/lib64/*) echo "/usr$1" ;;
	esac
}
# chain PATH: the path, each symlink hop (through /etc/alternatives), the
# real path; one a line.
chain() {
	local p=$1 n=0 t
	echo "$p"
	while [ -L "$p" ] && [ $n -lt 20 ]; do
		t=$(readlink "$p")
		case "$t" in /*) p=$t ;; *) p=$(dirname "$p")/$t ;; esac
		echo "$p"
		n=$((n + 1))
	done
	readlink -f "$1"
}
declare -A where=() chainof=()
for w in "${!checktool[@]}"; do
	p=$(type -P "$w" 2>/dev/null) || p=
	where[$w]=$p
	[ -n "$p" ] || continue
	chainof[$w]=$(chain "$p")
	# a first-in-PATH copy that no package owns: the system one, if any
	for d in /usr/bin /usr/sbin /bin /sbin; do
		[ ! -x "$d/$w" ] || [ "$d/$w" = "$p" ] || chainof[$w]+=$'\n'"--system"$'\n'"$(chain "$d/$w")"
	done
done
# One dpkg -S for every path (and its twin).
for w in "${!chainof[@]}"; do
	while IFS= read -r p; do
		[ "$p" != --system ] || continue
		echo "$p"
		twin "$p"
	done <<<"${chainof[$w]}"
done | sort -u >"$tmp/paths"
declare -A owner=()
if [ -s "$tmp/paths" ]; then
	xargs -d '\n' dpkg -S <"$tmp/paths" 2>/dev/null >"$tmp/owners" || true
	while IFS= read -r line; do
		case "$line" in "diversion by "*) continue ;; esac
		path=${line##*: }
		pk=${line%: *}
		pk=$(sed -E 's/:[a-z0-9]+(,|$)/\1/g; s/,[[:space:]]*/ /g' <<<"$pk")
		owner[$path]="${owner[$path]:+${owner[$path]} }$pk"
	done <"$tmp/owners"
fi
# owner_of_chain TOOL: "path<TAB>packages" of the first owned hop, searched
# in the PATH copy's chain first, then in the system copy's.
owner_of_chain() {
	local p o t
	while IFS= read -r p; do
		[ "$p" != --system ] || continue
		o=${owner[$p]:-}
		t=$(twin "$p")
		[ -n "$o" ] || [ -z "$t" ] || o=${owner[$t]:-}
		if [ -n "$o" ]; then printf '%s\t%s\n' "$p" "$o"; return 0; fi
	done <<<"${chainof[$1]}"
	return 1
}

ntools=0
for w in $(printf '%s\n' "${!checktool[@]}" | sort); do
	ntools=$((ntools + 1))
	p=${where[$w]}
	if [ -z "$p" ]; then
		problem "'$w' (needed by ${why[$w]}) is not installed: find its package with apt-cache search / packages.debian.org, add it to $(show "$packages") and run tools/setup/install-host-deps.sh"
		continue
	fi
	if ! res=$(owner_of_chain "$w"); then
		problem "'$w' resolves to $p, which no Debian package owns (installed by hand?): find its package with apt-cache search / packages.debian.org, add it to $(show "$packages")"
		continue
	fi
	opath=${res%%$'\t'*}
	pkgs=${res#*$'\t'}
	ok=
	for pk in $pkgs; do
		if [ -n "${allowed[$pk]:-}" ]; then ok="$pk (${allowed[$pk]})"; break; fi
	done
	if [ -z "$ok" ]; then
		pk=${pkgs%% *}
		problem "'$w' comes from package $pk, which is not in $(show "$packages") (add it)"
		continue
	fi
	if [ "$verbose" -eq 1 ]; then
		note=
		first=${chainof[$w]%%$'\n'--system*}
		if ! grep -qxF -- "$opath" <<<"$first"; then
			note=" [PATH's first, $p, is no package's: checked $opath]"
		elif [ "$opath" != "$p" ]; then
			note=" [$p -> $opath]"
		fi
		printf 'ok %-32s %s%s\n' "$w" "$ok" "$note"
	fi
done

printf '%s: %d tools (%s and the scripts'"'"' own checks), %d scanned command words: %d problem%s\n' \
	"$me" "$ntools" "$(show "$tools")" "$nscan" "$problems" "$([ "$problems" -eq 1 ] || echo s)"
[ "$problems" -eq 0 ]
