# SPDX-License-Identifier: GPL-2.0-only
#
# crcbench-alg --alg crct10dif and --alg crc64-rocksoft in the guest: list,
# verify, run and file against each algorithm's generic driver and
# crc_family_vmx's driver, and the --alg refusals. Sourced by
# guest-crcbench.sh (its t, ok, not_ok, in_out, in_err, one_line_err, $TMP,
# $CRCBENCH and $JSONCHECK): 11 tests, counted in its PLAN. Needs
# crct10dif_generic, crc64_rocksoft_generic and crc_family_vmx loaded
# (tools/vm/guest/sets/crcbench.sh). T10_DRIVERS= and R64_DRIVERS= override
# the drivers (the last of each is the one the name resolves to).
T10_DRIVERS=${T10_DRIVERS:-crct10dif-generic crct10dif-vmx}
R64_DRIVERS=${R64_DRIVERS:-crc64-rocksoft-generic crc64-rocksoft-vmx}

# One file for `file`: 64 pages of 4K.
dd if=/dev/urandom of="$TMP/family.data" bs=4096 count=64 2>/dev/null

# family_tests ALG DRIVERS: 4 tests (list, verify, run, file).
family_tests() {
	alg=$1 drivers=$2
	top=$(echo "$drivers" | awk '{ print $NF }')
	generic=$alg-generic
	expect=""
	for d in $drivers; do expect="$expect --expect-driver $d"; done

	desc="--alg $alg: list shows its drivers, \"$alg\" resolves to $top"
	if t 0 "$desc" list --alg "$alg" -f json; then
		cp "$TMP/out" "$TMP/family-list.json"
		why=""
		# shellcheck disable=SC2086
		"$JSONCHECK" --schema list --expect-alg "$alg" $expect "$TMP/family-list.json" \
			>"$TMP/chk" 2>&1 || why="; crcbench-jsoncheck: $(head -n 3 "$TMP/chk" | tr '\n' ' ')"
		grep -q "\"crc32c_resolves_to\": \"$top\"" "$TMP/family-list.json" ||
			why="$why; \"$alg\" does not resolve to $top"
		if t 0 "$desc" list --alg "$alg"; then
			in_out "algorithm: $alg" || why="$why; the table does not name the algorithm"
			in_out "\"$alg\" resolves to: $top" || why="$why; no resolve line"
			if [ -z "$why" ]; then ok "$desc"; else not_ok "$desc" "${why#; }"; fi
		fi
	fi

	desc="--alg $alg: short verify of every driver passes, without keys"
	if t 0 "$desc" verify --alg "$alg" --max-length 70000 --random 20 -q; then
		why=""
		for d in $drivers; do in_out "PASS $d:" || why="$why not verified: $d;"; done
		in_out "keys: none" || why="$why no 'keys: none' line;"
		grep -q "^MISMATCH\|seed=0x" "$TMP/out" && why="$why a keyed case or a mismatch;"
		if [ -z "$why" ]; then ok "$desc"; else not_ok "$desc" "$why"; fi
	fi

	desc="--alg $alg: short run, JSON valid, ratios to $generic"
	if t 0 "$desc" run --alg "$alg" -q -s 64,4K,64K -n 20 --trials 2 --warmup 0 -f json \
		--csv "$TMP/family.csv"; then
		cp "$TMP/out" "$TMP/family-run.json"
		why=""
		# shellcheck disable=SC2086
		"$JSONCHECK" --schema run --expect-alg "$alg" $expect --expect-verdict ok \
			"$TMP/family-run.json" >"$TMP/chk" 2>&1 ||
			why="; crcbench-jsoncheck: $(head -n 3 "$TMP/chk" | tr '\n' ' ')"
		grep -q "\"baseline\": \"$generic\"" "$TMP/family-run.json" ||
			why="$why; the baseline is not $generic"
		n=$(grep -c ",$alg,$generic," "$TMP/family.csv")
		[ "$n" -eq $((3 * $(echo "$drivers" | wc -w))) ] ||
			why="$why; $n CSV rows with alg $alg and baseline $generic"
		if [ -z "$why" ]; then ok "$desc"; else not_ok "$desc" "${why#; }"; fi
	fi

	desc="--alg $alg: file, whole and per page, every driver agrees with the reference"
	t 0 "$desc" file --alg "$alg" -q "$TMP/family.data" || return 0
	why=""
	in_out "verdict: ok" || why="; whole file: no 'verdict: ok'"
	if t 0 "$desc" file --alg "$alg" -q --page-size 4K --per-page -f json "$TMP/family.data"; then
		grep -q "\"alg\": \"$alg\"" "$TMP/out" || why="$why; no alg in the JSON"
		grep -q '"verdict": "ok"' "$TMP/out" || why="$why; verdict not ok"
		for d in $drivers; do
			grep -q "\"driver\": \"$d\"" "$TMP/out" || why="$why; no row of $d"
		done
		n=$(grep -c '"index":' "$TMP/out")
		[ "$n" -eq 64 ] || why="$why; $n page CRCs, expected 64"
		if [ -z "$why" ]; then ok "$desc"; else not_ok "$desc" "${why#; }"; fi
	fi
}

family_tests crct10dif "$T10_DRIVERS"
family_tests crc64-rocksoft "$R64_DRIVERS"

desc="--alg crct10dif: the userspace baselines are crc32c only (exit 5, the cause)"
if t 5 "$desc" verify --alg crct10dif -d user:slice8; then
	if one_line_err && in_err "computes crc32c only"; then ok "$desc"
	else not_ok "$desc" "expected one line saying user:slice8 computes crc32c only"; fi
fi

desc="--alg crc64-rocksoft refuses --innodb and keyed --case specs (exit 2)"
# shellcheck disable=SC2154 # rc: the exit code t (guest-crcbench.sh) saw
if t 2 "$desc" file --alg crc64-rocksoft --innodb "$TMP/family.data" &&
	in_err "InnoDB full_crc32 page checksums are crc32c" &&
	t 2 "$desc" verify --alg crc64-rocksoft --case 64:0:0x1234:digest; then
	if in_err "has no key"; then ok "$desc"
	else not_ok "$desc" "no 'has no key' for a --case with a seed"; fi
elif [ "$rc" -eq 2 ]; then
	not_ok "$desc" "the --innodb refusal does not say why"
fi

desc="an unknown --alg exits 2 and lists the valid ones"
if t 2 "$desc" list --alg crc16; then
	if one_line_err && in_err "crc32c, crct10dif, crc64-rocksoft"; then ok "$desc"
	else not_ok "$desc" "expected one line listing crc32c, crct10dif, crc64-rocksoft"; fi
fi
