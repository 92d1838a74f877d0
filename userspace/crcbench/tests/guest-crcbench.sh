#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# In-guest tests of crcbench-alg (POSIX sh, runs under busybox ash). Prints
# TAP version 13. Needs root, and in the guest:
#   crcbench-alg and crcbench-jsoncheck (static) in PATH, or CRCBENCH= and
#     JSONCHECK= pointing at them;
#   the modules crypto_user and algif_hash loaded (modprobe-able, for reloads),
#     and the crc32c drivers crc32c-generic, crc32c-vpmsum and crc32c-vmx
#     (EXPECT_DRIVERS= overrides that list);
#   the userspace baselines user:slice8 and user:vmx in the tool (a ppc64le
#     build; EXPECT_USER_DRIVERS= overrides that list);
#   the test module crc32c_broken.ko (selftests/kmod) at
#     /lib/modules/$(uname -r)/extra/crc32c_broken.ko, or BROKEN_KO=path;
#   an InnoDB tablespace from tests/host/innodb-real.sh (intact.ibd,
#     flipped.ibd, innochecksum's invalid-pages.txt and checked-pages.txt)
#     in /crcbench/innodb, or INNODB_DIR=path (none: those tests skip);
#   crct10dif and crc64-rocksoft drivers (guest-crcbench-family.sh, beside
#     this file or FAMILY_TESTS=path: its T10_DRIVERS= and R64_DRIVERS=);
#   the kernel's tcrypt module (run --backend tcrypt); TCRYPT_HOOKS= are
#     extra run options for it (default: kmod's modprobe where the guest has
#     it, see below; the host run on the fake passes --kmsg and --modprobe).
# Cases that need a module removed disable kernel module autoloading for the
# moment (/proc/sys/kernel/modprobe emptied, restored afterwards) and are
# reported as "# SKIP" when the module cannot be removed.
# Exit code: 0 when every test passed or was skipped, 1 otherwise.
set -u

CRCBENCH=${CRCBENCH:-crcbench-alg}
JSONCHECK=${JSONCHECK:-crcbench-jsoncheck}
EXPECT_DRIVERS=${EXPECT_DRIVERS:-crc32c-generic crc32c-vpmsum crc32c-vmx}
EXPECT_USER_DRIVERS=${EXPECT_USER_DRIVERS:-user:slice8 user:vmx}
TOP_DRIVER=${TOP_DRIVER:-crc32c-vmx}
BROKEN_KO=${BROKEN_KO:-/lib/modules/$(uname -r)/extra/crc32c_broken.ko}
TMP=${TMPDIR:-/tmp}/guest-crcbench.$$
mkdir -p "$TMP" || exit 1
trap 'rm -rf "$TMP"' EXIT

# A QEMU pseries guest without the KVM /hypervisor node is TCG: emulated.
if [ -z "${EXPECT_EMULATED:-}" ]; then
	EXPECT_EMULATED=no
	if grep -q 'emulated by qemu' /proc/cpuinfo && [ ! -e /proc/device-tree/hypervisor ]; then
		EXPECT_EMULATED=yes
	fi
fi

N=0
FAILED=0
PLAN=40
echo "TAP version 13"
echo "1..$PLAN"

ok() { N=$((N + 1)); echo "ok $N - $1"; }
not_ok() {
	N=$((N + 1))
	FAILED=$((FAILED + 1))
	echo "not ok $N - $1"
	shift
	for why in "$@"; do echo "# $why"; done
	for f in "$TMP/out" "$TMP/err"; do
		[ -s "$f" ] && sed "s|^|# ${f##*/}: |" "$f" | head -n 30
	done
	return 0
}
skip() { N=$((N + 1)); echo "ok $N - $1 # SKIP $2"; }

# t WANT_RC DESC ARGS...: runs crcbench-alg, checks the exit code.
# Leaves stdout in $TMP/out and stderr in $TMP/err; returns 0 if it matched.
t() {
	want=$1 desc=$2
	shift 2
	"$CRCBENCH" "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if [ "$rc" -ne "$want" ]; then
		not_ok "$desc" "exit code $rc, expected $want: crcbench-alg $*"
		return 1
	fi
	return 0
}

# grep for a fixed string in $TMP/out or $TMP/err.
in_out() { grep -qF -- "$1" "$TMP/out"; }
in_err() { grep -qF -- "$1" "$TMP/err"; }

# One clear line on stderr.
one_line_err() { [ "$(wc -l <"$TMP/err")" -eq 1 ]; }

autoload_off() {
	SAVED_MODPROBE=$(cat /proc/sys/kernel/modprobe 2>/dev/null || echo /sbin/modprobe)
	echo >/proc/sys/kernel/modprobe 2>/dev/null
}
autoload_on() { echo "$SAVED_MODPROBE" >/proc/sys/kernel/modprobe 2>/dev/null; }

loaded() { grep -q "^$1 " /proc/modules 2>/dev/null; }

drivers_flag=$(echo "$EXPECT_DRIVERS" | tr ' ' ',')
expect_args=""
for d in $EXPECT_DRIVERS; do expect_args="$expect_args --expect-driver $d"; done

# 1. list
if t 0 "list shows every crc32c driver" list; then
	missing=""
	for d in $EXPECT_DRIVERS; do in_out "$d" || missing="$missing $d"; done
	if [ -n "$missing" ]; then not_ok "list shows every crc32c driver" "missing:$missing"
	else ok "list shows every crc32c driver"; fi
fi

# 2. which one "crc32c" resolves to
if grep -q "^  \* *$TOP_DRIVER " "$TMP/out" && in_out "\"crc32c\" resolves to: $TOP_DRIVER"; then
	ok "list: \"crc32c\" resolves to $TOP_DRIVER"
else
	not_ok "list: \"crc32c\" resolves to $TOP_DRIVER"
fi

# 3. list JSON
if t 0 "list --format json is valid" list --format json; then
	# shellcheck disable=SC2086
	if "$JSONCHECK" --schema list $expect_args "$TMP/out" >"$TMP/err" 2>&1; then
		ok "list --format json is valid"
	else
		not_ok "list --format json is valid" "crcbench-jsoncheck rejected it"
	fi
fi

# 4. short verify of every driver
if t 0 "short verify of every driver passes" verify --max-length 70000 --random 20 -q; then
	missing=""
	for d in $EXPECT_DRIVERS; do in_out "PASS $d:" || missing="$missing $d"; done
	if [ -n "$missing" ]; then not_ok "short verify of every driver passes" "not verified:$missing"
	else ok "short verify of every driver passes"; fi
fi

# 5. verify through the generic name, keyed, streaming, odd offsets
if t 0 "verify of \"crc32c\" with --case specs" verify --driver crc32c \
	--case 4103:4093:0x12345678:1+2000+2102 --case 0:0:default:0 --case 529:7:0:digest; then
	ok "verify of \"crc32c\" with --case specs"
fi

# 6. short run, JSON validated by crcbench-jsoncheck
if t 0 "short run --format json is valid" run --sizes 64,4K,64K --iterations 20 --trials 2 \
	--warmup 0 --threads 2 --format json --csv "$TMP/run.csv" -q; then
	cp "$TMP/out" "$TMP/run.json"
	# shellcheck disable=SC2086
	if "$JSONCHECK" --schema run $expect_args --expect-verdict ok \
		--expect-emulated "$EXPECT_EMULATED" "$TMP/run.json" >"$TMP/err" 2>&1; then
		ok "short run --format json is valid"
	else
		not_ok "short run --format json is valid" "crcbench-jsoncheck rejected it"
	fi
fi

# 7. the CSV of the same run
if [ -s "$TMP/run.csv" ] && head -n 1 "$TMP/run.csv" | grep -q '^driver,size,mode,threads,trials,' &&
	[ "$(wc -l <"$TMP/run.csv")" -eq $((1 + 3 * $(echo "$EXPECT_DRIVERS" | wc -w))) ]; then
	ok "run --csv writes one row per driver and size"
else
	not_ok "run --csv writes one row per driver and size"
fi

# 8. table: emulation notice when emulated, stream mode
if t 0 "run table (stream mode) and its emulation notice" run --driver "$drivers_flag" \
	--sizes 4K --iterations 10 --trials 1 --warmup 0 --mode stream --chunk 1K -q; then
	if [ "$EXPECT_EMULATED" = yes ] && ! in_out "NOT POWER performance"; then
		not_ok "run table (stream mode) and its emulation notice" "no emulation notice"
	elif in_out "verdict: ok"; then
		ok "run table (stream mode) and its emulation notice"
	else
		not_ok "run table (stream mode) and its emulation notice" "no 'verdict: ok'"
	fi
fi

# 8b. the userspace baselines: verified like kernel drivers (user:slice8 by
# the bitwise reference), and measured beside a kernel driver
desc="userspace baselines verify and run beside the kernel drivers"
user_flag=$(echo "$EXPECT_USER_DRIVERS" | tr ' ' ',')
if t 0 "$desc" verify -q --driver "$user_flag" --random 10 --max-length 64K; then
	missing=""
	for d in $EXPECT_USER_DRIVERS; do in_out "PASS $d:" || missing="$missing $d"; done
	if [ -n "$missing" ]; then
		not_ok "$desc" "not verified:$missing"
	elif t 0 "$desc" run -q --driver "crc32c-generic,$user_flag" --sizes 64,4K \
		--iterations 20 --trials 1 --warmup 0 --format csv; then
		for d in $EXPECT_USER_DRIVERS; do
			for sz in 64 4096; do grep -q "^$d,$sz," "$TMP/out" || missing="$missing $d@$sz"; done
		done
		if [ -z "$missing" ]; then ok "$desc"
		else not_ok "$desc" "no run row for:$missing"; fi
	fi
fi

# 9. bad arguments
if t 2 "bad arguments exit 2" run --threads 0; then
	if one_line_err && in_err "--threads"; then ok "bad arguments exit 2"
	else not_ok "bad arguments exit 2" "expected one line naming --threads"; fi
fi

# 10. unknown driver
if t 5 "unknown driver exits 5 and lists the drivers" verify --driver crc32c-nope; then
	if one_line_err && in_err "unknown driver 'crc32c-nope'" && in_err "$TOP_DRIVER"; then
		ok "unknown driver exits 5 and lists the drivers"
	else
		not_ok "unknown driver exits 5 and lists the drivers" "message"
	fi
fi

# 11. crypto_user missing
desc="crypto_user not loaded exits 4 and says to load it"
if ! loaded crypto_user; then
	skip "$desc" "crypto_user is not a loaded module (built in?)"
else
	autoload_off
	if rmmod crypto_user 2>"$TMP/err"; then
		if t 4 "$desc" verify --driver crc32c-generic --case 16:0:default:digest; then
			if one_line_err && in_err "load crypto_user: modprobe crypto_user"; then ok "$desc"
			else not_ok "$desc" "message"; fi
		fi
		autoload_on
		modprobe crypto_user || echo "# could not reload crypto_user"
	else
		autoload_on
		skip "$desc" "rmmod crypto_user failed: $(cat "$TMP/err")"
	fi
fi

# 12. algif_hash missing
desc="algif_hash not loaded exits 3 and says to load it"
if ! loaded algif_hash; then
	skip "$desc" "algif_hash is not a loaded module"
	skip "no AF_ALG (af_alg removed) exits 3" "algif_hash is not a loaded module"
else
	autoload_off
	if rmmod algif_hash 2>"$TMP/err"; then
		if t 3 "$desc" verify --driver crc32c-generic --case 16:0:default:digest; then
			if one_line_err && in_err "modprobe algif_hash"; then ok "$desc"
			else not_ok "$desc" "message"; fi
		fi
		# 13. no AF_ALG at all
		desc="no AF_ALG (af_alg removed) exits 3"
		if loaded af_alg && rmmod af_alg 2>"$TMP/err"; then
			if t 3 "$desc" verify --driver crc32c-generic --case 16:0:default:digest; then
				if one_line_err && in_err "AF_ALG is not available"; then ok "$desc"
				else not_ok "$desc" "message"; fi
			fi
		else
			skip "$desc" "af_alg cannot be removed"
		fi
		autoload_on
		modprobe algif_hash || echo "# could not reload algif_hash"
	else
		autoload_on
		skip "$desc" "rmmod algif_hash failed: $(cat "$TMP/err")"
		skip "no AF_ALG (af_alg removed) exits 3" "algif_hash stays loaded"
	fi
fi

# 14. everything works again after the reloads
if t 0 "verify works again after reloading the modules" verify --driver crc32c-generic \
	--case 16:0:default:digest; then
	ok "verify works again after reloading the modules"
fi

# 15. permission denied (as nobody, reading a file only root may read)
desc="permission denied exits 6"
: >"$TMP/private"
chmod 600 "$TMP/private"
chmod 755 "$TMP"
# util-linux setpriv can switch uid; busybox's cannot, so fall back to su
# (root needs no password; the guest has a "nobody" account). busybox su
# takes the command as one string: arguments must not contain spaces.
as_nobody() {
	if setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
		setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
	elif su -s /bin/sh -c true nobody 2>/dev/null; then
		su -s /bin/sh -c "$*" nobody
	else
		return 125
	fi
}
# exit6_as_nobody DESC TEXT ARGS...: crcbench-alg ARGS as nobody must exit
# 6 with one line on stderr that holds TEXT.
exit6_as_nobody() {
	desc=$1 text=$2
	shift 2
	as_nobody "$(command -v "$CRCBENCH")" "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if [ $rc -eq 125 ]; then
		skip "$desc" "cannot drop privileges here (neither setpriv --reuid nor su works)"
	elif [ $rc -eq 6 ] && one_line_err && in_err "$text"; then
		ok "$desc"
	else
		not_ok "$desc" "exit code $rc, expected 6"
	fi
}
exit6_as_nobody "$desc" "permission denied" list --proc-crypto "$TMP/private"

# 16-20. a deliberately wrong driver
desc="crc32c-broken loads"
if [ ! -e "$BROKEN_KO" ]; then
	skip "$desc" "$BROKEN_KO not found"
	for d in "verify catches crc32c-broken (exit 1, reproducer)" \
		"the printed --case reproduces the mismatch" \
		"run catches crc32c-broken while measuring (exit 1)" \
		"crc32c-broken unloads"; do
		skip "$d" "no crc32c_broken.ko"
	done
else
	if insmod "$BROKEN_KO" 2>"$TMP/err" && grep -q 'crc32c-broken' /proc/crypto; then
		ok "$desc"
	else
		not_ok "$desc" "insmod $BROKEN_KO failed"
	fi
	desc="verify catches crc32c-broken (exit 1, reproducer)"
	spec=""
	if t 1 "$desc" verify --driver crc32c-broken --max-length 70000 --random 0 -q; then
		spec=$(sed -n 's/^MISMATCH .* --case \([^ ]*\)$/\1/p' "$TMP/out" | head -n 1)
		if in_out "FAIL crc32c-broken" && in_out "MISMATCH driver=crc32c-broken" && [ -n "$spec" ]; then
			ok "$desc"
		else
			not_ok "$desc" "no FAIL/MISMATCH reproducer line"
		fi
	fi
	desc="the printed --case reproduces the mismatch"
	if [ -z "$spec" ]; then
		not_ok "$desc" "no case to reproduce"
	elif t 1 "$desc" verify --driver crc32c-broken --case "$spec"; then
		if in_out "1 of 1 cases differ"; then ok "$desc"; else not_ok "$desc" "output"; fi
	fi
	desc="run catches crc32c-broken while measuring (exit 1)"
	if t 1 "$desc" run --driver crc32c-generic,crc32c-broken --sizes 4103 --iterations 3 \
		--trials 1 --warmup 0 -q; then
		if in_out "verdict: MISMATCH" && in_err "MISMATCH driver=crc32c-broken"; then ok "$desc"
		else not_ok "$desc" "no MISMATCH verdict"; fi
	fi
	desc="crc32c-broken unloads"
	if rmmod crc32c_broken 2>"$TMP/err" && ! grep -q 'crc32c-broken' /proc/crypto; then
		ok "$desc"
	else
		not_ok "$desc" "rmmod crc32c_broken failed"
	fi
fi

# 22-24. file: a real InnoDB tablespace (written by mariadbd on the host, see
# tests/host/innodb-real.sh) through the kernel's drivers, spliced into
# AF_ALG; innochecksum's verdict on the flipped copy comes along as a file.
# CSV columns: 5 driver, 6 transfer, 11 crc, 12 mismatches, 13-15 valid,
# empty, invalid, 16 invalid pages.
INNODB_DIR=${INNODB_DIR:-/crcbench/innodb}
csv_rows() { # every row of $TMP/out: driver, transfer spliced, no mismatch
	awk -F, -v want="$EXPECT_DRIVERS" 'NR > 1 {
		seen[$5] = 1
		if ($5 !~ /^user:/ && $6 != "splice") { print "transfer of " $5 ": " $6; bad = 1 }
		if ($12 != 0) { print $5 " disagrees with the reference in " $12 " units"; bad = 1 }
	}
	END { n = split(want, d, " "); for (i = 1; i <= n; i++) if (!(d[i] in seen)) {
		print "no row for " d[i]; bad = 1 }; exit bad }' "$TMP/out"
}
if [ "$INNODB_DIR" = none ]; then # the host run against the fake has no tablespace
	for d in "file --innodb: intact tablespace, every kernel driver by splice" \
		"file --innodb: flipped copy, the invalid pages innochecksum named (exit 1)" \
		"file: whole-file crc32c of the tablespace agrees across drivers"; do
		skip "$d" "INNODB_DIR=none"
	done
else
	desc="file --innodb: intact tablespace, every kernel driver by splice"
	if [ ! -f "$INNODB_DIR/flipped.ibd" ]; then
		not_ok "$desc" "$INNODB_DIR/ lacks the tablespace: run tests/host/innodb-real.sh before tools/build-guest.sh"
	elif t 0 "$desc" file -q --innodb -f csv "$INNODB_DIR/intact.ibd"; then
		checked=$(cat "$INNODB_DIR/checked-pages.txt")
		if why=$(csv_rows) && awk -F, -v c="$checked" 'NR > 1 && ($13 != c || $15 != 0) { exit 1 }' \
			"$TMP/out"; then
			ok "$desc"
			sed 's/^/# /' "$TMP/out" # the rows (times, GB/s) for the log
		else
			not_ok "$desc" "${why:-valid pages differ from the $checked innochecksum checked, or some are invalid}"
		fi
	fi
	desc="file --innodb: flipped copy, the invalid pages innochecksum named (exit 1)"
	if [ ! -f "$INNODB_DIR/flipped.ibd" ]; then
		not_ok "$desc" "no $INNODB_DIR/flipped.ibd"
	elif t 1 "$desc" file -q --innodb -f csv "$INNODB_DIR/flipped.ibd"; then
		want=$(cat "$INNODB_DIR/invalid-pages.txt")
		if why=$(csv_rows) && awk -F, -v w="$want" 'NR > 1 && $16 != w { exit 1 }' "$TMP/out"; then
			ok "$desc"
		else
			not_ok "$desc" "${why:-invalid pages differ from those of innochecksum: $want}"
		fi
	fi
	desc="file: whole-file crc32c of the tablespace agrees across drivers"
	if [ ! -f "$INNODB_DIR/intact.ibd" ]; then
		not_ok "$desc" "no $INNODB_DIR/intact.ibd"
	elif t 0 "$desc" file -q -f csv --user-baselines "$INNODB_DIR/intact.ibd"; then
		if why=$(csv_rows) &&
			[ "$(awk -F, 'NR > 1 { print $11 }' "$TMP/out" | sort -u | wc -l)" -eq 1 ]; then
			ok "$desc"
		else
			not_ok "$desc" "${why:-the drivers report different CRCs}"
		fi
	fi
fi

# 25. --cpus: every thread pinned (recorded in the report); a CPU the
# machine does not have fails instead of running unpinned. The CPU is the
# last this process may run on (1 in the 2-CPU guest; a host run's mask is
# the host's).
desc="run --cpus pins the threads and records it"
cpu=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status | tr ',' '\n' | tail -n 1)
cpu=${cpu##*-}
if ! [ "$cpu" -ge 0 ] 2>/dev/null; then
	not_ok "$desc" "no CPU in /proc/self/status's Cpus_allowed_list"
elif t 0 "$desc" run -q -d crc32c-generic -s 4K -n 20 --trials 1 --warmup 0 --threads 2 \
	--cpus "$cpu" -f json; then
	if grep -q "\"cpus\": \"$cpu\"" "$TMP/out" && t 7 "$desc" run -q -d crc32c-generic -s 64 \
		-n 1 --trials 1 --warmup 0 --cpus 4000; then
		if in_err "cannot pin a thread to CPU 4000"; then ok "$desc"
		else not_ok "$desc" "no 'cannot pin' error for CPU 4000"; fi
	elif ! grep -q "\"cpus\": \"$cpu\"" "$TMP/out"; then
		not_ok "$desc" "the report does not record --cpus $cpu"
	fi
fi

# 26. a threads sweep: one row per driver and size for each thread count
desc="run --threads 1,2 gives rows per thread count"
if t 0 "$desc" run -q -d "crc32c-generic,$TOP_DRIVER" -s 64,4K -n 10 --trials 1 --warmup 0 \
	--threads 1,2 -f csv; then
	one=$(awk -F, 'NR > 1 && $4 == 1' "$TMP/out" | wc -l)
	two=$(awk -F, 'NR > 1 && $4 == 2' "$TMP/out" | wc -l)
	if [ "$one" -eq 4 ] && [ "$two" -eq 4 ]; then ok "$desc"
	else not_ok "$desc" "rows: $one with 1 thread, $two with 2 (expected 4 and 4)"; fi
fi

# 27. --working-set: recorded, and every buffer of the ring verified
desc="run --working-set records it and every result matches"
if t 0 "$desc" run -q -d "crc32c-generic,$TOP_DRIVER" -s 4K -n 40 --trials 1 --warmup 0 \
	--working-set 64K -f json; then
	cp "$TMP/out" "$TMP/ws.json"
	if ! grep -q '"working_set": 65536' "$TMP/ws.json"; then
		not_ok "$desc" "working_set 65536 not in the report"
	elif "$JSONCHECK" --schema run --expect-verdict ok "$TMP/ws.json" >"$TMP/err" 2>&1; then
		ok "$desc"
	else
		not_ok "$desc" "crcbench-jsoncheck rejected it"
	fi
fi

# 28. both backends: AF_ALG and tcrypt (the kernel's own speed test, inside
# the kernel) side by side, a fit per driver and backend. tcrypt measures
# 22 block/update combinations for --tcrypt-sec each: about 45 s here.
# The guest's modprobe is busybox's, which retries a failed finit_module
# with init_module: tcrypt (which always fails, EAGAIN) would run twice.
if [ -z "${TCRYPT_HOOKS+set}" ]; then
	TCRYPT_HOOKS=""
	[ -x /usr/lib/kmod-compat/modprobe ] && TCRYPT_HOOKS="--modprobe /usr/lib/kmod-compat/modprobe"
fi
[ -n "${FAKE_KMSG:-}" ] && : >>"$FAKE_KMSG" # the host run on the fake: its log file
desc="run --backend afalg,tcrypt: both backends per driver, fits positive"
# shellcheck disable=SC2086
if t 0 "$desc" run -q -d "crc32c-generic,$TOP_DRIVER" -s 64,8K,64K -n 20 --trials 1 --warmup 0 \
	--backend afalg,tcrypt --tcrypt-sec 1 $TCRYPT_HOOKS --json "$TMP/both.json"; then
	why=""
	in_out "end to end (AF_ALG)" || why="$why; no 'end to end (AF_ALG)' column"
	in_out "in-kernel vs generic" || why="$why; no in-kernel ratio"
	"$JSONCHECK" --schema run --expect-driver crc32c-generic --expect-driver "$TOP_DRIVER" \
		--expect-verdict ok "$TMP/both.json" >"$TMP/chk" 2>&1 ||
		why="$why; crcbench-jsoncheck: $(head -n 3 "$TMP/chk" | tr '\n' ' ')"
	for d in crc32c-generic "$TOP_DRIVER"; do
		# tcrypt's 7 one-digest sizes, each under the driver tcrypt reported
		n=$(grep -c "\"driver_reported\": \"$d\"" "$TMP/both.json")
		[ "$n" -eq 7 ] || why="$why; $n tcrypt rows for $d, expected 7"
	done
	# 2 drivers x 2 backends: a fit each with its per-call cost a and a
	# marginal GB/s > 0 (AF_ALG up to 64K: under TCG its per-call cost hides
	# the per-byte one below several KiB). a > 0 is asserted for AF_ALG (the
	# system calls); in-kernel under TCG a vector driver's time is not linear
	# in the size (vpmsumd is a helper call), so its intercept may come out
	# below 0: the fit's R^2 and residual say so.
	fits=$(awk '/"backend": "(afalg|tcrypt)"/ { b = $2 } /"a_ns":/ { print b, $2 }' \
		"$TMP/both.json" | tr -d '",')
	g=$(grep -c '"marginal_gb_per_s": [0-9]' "$TMP/both.json")
	[ "$(echo "$fits" | grep -c '^afalg [0-9]*[1-9][0-9]*\.')" -eq 2 ] &&
		[ "$(echo "$fits" | grep -c '^tcrypt -*[0-9]')" -eq 2 ] && [ "$g" -eq 4 ] ||
		why="$why; fits (backend, a_ns): $(echo "$fits" | tr "\n" " ")$g of 4 marginal_gb_per_s > 0"
	if [ -z "$why" ]; then ok "$desc"; else not_ok "$desc" "${why#; }"; fi
fi

# 29. tcrypt loads a module and reads /dev/kmsg: as another user, exit 6
# shellcheck disable=SC2086
exit6_as_nobody "run --backend tcrypt as non-root exits 6" "the tcrypt backend needs root" \
	run -q -d crc32c-generic --backend tcrypt $TCRYPT_HOOKS

# 30-40. --alg crct10dif and crc64-rocksoft (guest-crcbench-family.sh)
# shellcheck source=userspace/crcbench/tests/guest-crcbench-family.sh
. "${FAMILY_TESTS:-$(dirname "$0")/guest-crcbench-family.sh}"

if [ "$N" -ne "$PLAN" ]; then
	echo "# planned $PLAN tests, ran $N"
	FAILED=$((FAILED + 1))
fi
echo "# crcbench-alg guest tests: $((N - FAILED)) of $N passed"
[ "$FAILED" -eq 0 ]
