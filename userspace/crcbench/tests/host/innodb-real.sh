#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# crcbench-alg file --innodb against MariaDB's own tools, on a tablespace a
# real mariadbd writes during the test:
#  1. mariadb-install-db + mariadbd (Debian's mariadb-server-core), run as an
#     unprivileged user on a temporary datadir, no network (a socket in the
#     temporary directory), innodb_checksum_algorithm=full_crc32 explicitly;
#     a table of 20000 rows (a few hundred 16 KiB pages), clean shutdown;
#  2. the intact .ibd: innochecksum exits 0 and `crcbench-alg file --innodb
#     -d user:slice8` finds 0 invalid pages, exactly as many valid pages as
#     innochecksum checked (its --log lists every page it checks: all-zero
#     pages are not among them, which is the tool's "empty") and the rest
#     empty;
#  3. a copy with one byte flipped in two pages, a written page and an
#     all-zero one: innochecksum (--allow-mismatches, its "Fail: page::N"
#     lines) and the tool name exactly the same invalid pages, both pages.
# The intact and flipped files and innochecksum's verdict stay in --out for
# the guest test (guest-crcbench.sh runs the kernel's drivers on them).
#
# Usage: innodb-real.sh --crcbench BIN [--out DIR]
# Exit: 0 pass, 1 fail, 2 bad usage. Needs mariadb-server-core and
# mariadb-client-core (tools/setup/host-packages.txt).
set -euo pipefail
top=$(cd "$(dirname "$0")/../../../.." && pwd)
# shellcheck source=../../../../tools/lib/common.sh
. "$top/tools/lib/common.sh"

usage() {
	cat <<USAGE
Usage: ${0##*/} --crcbench BIN [--out DIR]
Writes an InnoDB full_crc32 tablespace with a real mariadbd, checks that
innochecksum and 'BIN file --innodb' agree on it intact and with two flipped
bytes. DIR (default build/innodb) keeps intact.ibd, flipped.ibd and
innochecksum's results (invalid-pages.txt, checked-pages.txt) for the guest.
Exit codes: 0 pass, 1 fail, 2 bad usage.
USAGE
}

bin="" out=$top/build/innodb
while [ $# -gt 0 ]; do
	case "$1" in
	-h|--help) usage; exit 0 ;;
	--crcbench|--out)
		[ $# -ge 2 ] || die 2 "$1 needs a value"
		case "$1" in --crcbench) bin=$2 ;; --out) out=$2 ;; esac
		shift ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
	shift
done
[ -n "$bin" ] || die 2 "--crcbench BIN is required (e.g. build/host/crcbench/crcbench-alg)"
[ -x "$bin" ] || die 2 "--crcbench $bin is not an executable"
for t in mariadbd mariadb-install-db mariadb innochecksum; do
	command -v "$t" >/dev/null ||
		die "$t not found: install mariadb-server-core and mariadb-client-core (tools/setup.sh does)"
done

page=16384
rows=20000
tmp=$(mktemp -d "${TMPDIR:-/tmp}/crcbench-innodb.XXXXXX")
pid=""
cleanup() {
	if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
		kill "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

# mariadbd refuses to run as root without --user; run it (and the install)
# as nobody when we are root, else as ourselves.
as_user=()
if [ "$(id -u)" -eq 0 ]; then
	chown nobody "$tmp"
	as_user=(runuser -u nobody --)
fi
data=$tmp/data sock=$tmp/mysqld.sock
common=(--no-defaults --datadir="$data")

say "innodb: mariadb-install-db ($(mariadbd --version | awk '{print $3}'))"
"${as_user[@]}" mariadb-install-db "${common[@]}" --auth-root-authentication-method=normal \
	--skip-test-db >"$tmp/install.log" 2>&1 || {
	tail -5 "$tmp/install.log" >&2
	die "mariadb-install-db failed"
}

"${as_user[@]}" mariadbd "${common[@]}" --skip-networking --socket="$sock" \
	--pid-file="$tmp/mysqld.pid" --log-error="$tmp/mysqld.err" \
	--innodb-checksum-algorithm=full_crc32 --innodb-buffer-pool-size=32M 2>>"$tmp/mysqld.err" &
pid=$!
for _ in $(seq 300); do
	[ -S "$sock" ] && break
	kill -0 "$pid" 2>/dev/null || { tail -5 "$tmp/mysqld.err" >&2; die "mariadbd exited at start"; }
	sleep 0.1
done
[ -S "$sock" ] || die "mariadbd did not open its socket in 30 s ($tmp/mysqld.err)"

# root without a password, reachable only through the private socket.
sql() { mariadb --no-defaults --socket="$sock" -u root "$@"; }
algo=$(sql -N -e "SELECT @@innodb_checksum_algorithm")
[ "$algo" = full_crc32 ] || die "mariadbd runs innodb_checksum_algorithm=$algo, not full_crc32"
sql -e "CREATE DATABASE crcbench; USE crcbench;
	CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, pad VARCHAR(200)) ENGINE=InnoDB;
	INSERT INTO t (pad) SELECT REPEAT(CHAR(65 + seq % 26), 200) FROM seq_1_to_$rows;"
sql -e "SHUTDOWN"
wait "$pid" || die "mariadbd did not shut down cleanly ($tmp/mysqld.err)"
pid=""
grep -q "Shutdown complete" "$tmp/mysqld.err" || die "no clean shutdown in the server log"

mkdir -p "$out"
cp "$data/crcbench/t.ibd" "$out/intact.ibd"
chmod 0644 "$out/intact.ibd"
size=$(stat -c %s "$out/intact.ibd")
pages=$((size / page))
say "innodb: $out/intact.ibd: $size bytes, $pages pages"

# --- intact: innochecksum passes; the tool agrees page by page --------------
innochecksum --log="$tmp/intact.log" "$out/intact.ibd" >/dev/null 2>"$tmp/intact.err" ||
	die "innochecksum fails on the intact tablespace: $(head -3 "$tmp/intact.err")"
# Its log names each page it checks once ("page::N;"); the others are empty.
checked=$(grep -cE '^space::[0-9]+ page::[0-9]+;' "$tmp/intact.log")
[ "$checked" -gt 100 ] || die "innochecksum checked only $checked pages: too small a table"
[ "$checked" -lt "$pages" ] || die "no all-zero page in the tablespace: the empty rule is untested"

tool() { "$bin" file -q --innodb -d user:slice8 -f json "$@"; }
field() { python3 -c 'import json,sys; f=json.load(open(sys.argv[1]))["files"][0]["innodb"]; print(" ".join(map(str, f[sys.argv[2]])) if isinstance(f[sys.argv[2]], list) else f[sys.argv[2]])' "$@"; }
tool "$out/intact.ibd" >"$tmp/intact.json" || die "crcbench-alg file --innodb: exit $? on the intact file"
valid=$(field "$tmp/intact.json" valid)
empty=$(field "$tmp/intact.json" empty)
invalid=$(field "$tmp/intact.json" invalid)
[ "$invalid" = 0 ] || die "the tool finds $invalid invalid pages in the intact file"
[ "$valid" = "$checked" ] || die "the tool finds $valid valid pages, innochecksum checked $checked"
[ "$empty" = $((pages - checked)) ] ||
	die "the tool finds $empty empty pages, innochecksum skipped $((pages - checked))"

# --- flipped: a written page and an all-zero page get one byte flipped -------
read -r written zero < <(python3 - "$out/intact.ibd" "$page" <<'PY'
import sys
data, ps = open(sys.argv[1], "rb").read(), int(sys.argv[2])
pages = [data[i:i + ps] for i in range(0, len(data), ps)]
written = [i for i, p in enumerate(pages) if any(p)]
zero = [i for i, p in enumerate(pages) if not any(p)]
print(written[len(written) // 2], zero[len(zero) // 2])
PY
)
cp "$out/intact.ibd" "$out/flipped.ibd"
for p in $written $zero; do
	off=$((p * page + 1000))
	byte=$(od -An -tu1 -j "$off" -N1 "$out/flipped.ibd" | tr -d ' ')
	printf '%b' "$(printf '\\%03o' $((byte ^ 1)))" |
		dd of="$out/flipped.ibd" bs=1 seek="$off" conv=notrunc status=none
done
cmp -s "$out/intact.ibd" "$out/flipped.ibd" && die "the flip did not change the file"

innochecksum --allow-mismatches=$pages "$out/flipped.ibd" >/dev/null 2>"$tmp/flipped.err" || true
sed -nE 's/^Fail: page::([0-9]+) invalid$/\1/p' "$tmp/flipped.err" | sort -n | tr '\n' ' ' |
	sed 's/ $//' >"$out/invalid-pages.txt"
echo "$checked" >"$out/checked-pages.txt"
want=$(printf '%s\n' "$written" "$zero" | sort -n | tr '\n' ' ' | sed 's/ $//')
[ "$(cat "$out/invalid-pages.txt")" = "$want" ] ||
	die "innochecksum names pages '$(cat "$out/invalid-pages.txt")', the flips were in $want"

rc=0
tool "$out/flipped.ibd" >"$tmp/flipped.json" || rc=$?
[ "$rc" = 1 ] || die "crcbench-alg file --innodb on the flipped file: exit $rc, expected 1"
got=$(field "$tmp/flipped.json" invalid_pages)
[ "$got" = "$(cat "$out/invalid-pages.txt")" ] ||
	die "invalid pages: crcbench-alg '$got', innochecksum '$(cat "$out/invalid-pages.txt")'"
echo "ok: intact: $valid valid, $empty empty, as innochecksum; flipped pages $written (written)" \
	"and $zero (all-zero): both tools name exactly '$got'"
