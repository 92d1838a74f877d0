#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The committed JSON Schemas (schema/) describe what crcbench-alg writes:
# reports of list, run (ok, mismatch, stream mode, duration) and file made through
# the AF_ALG fake validate, also with --alg crct10dif and crc64-rocksoft, and
# so do the run.v1 reports crcbench-alg 0.1.0 wrote (fixtures);
# reports with a wrong type, a missing or an unknown field, or an unknown
# alg do not (python3-jsonschema). One schema, two checkers: crcbench-jsoncheck
# (RapidJSON's validator, the same schema files compiled in) gives every one of
# them the same verdict, and with --schema FILE an edited copy of a schema
# changes its verdict.
#
# Usage: json-schema.sh PYTHON3 SCHEMA_DIR, with CRCBENCH, JSONCHECK, FAKE_AFALG
# and FIXTURES set. Exit: 0 pass, 1 fail.
set -u
py=${1:?python3} dir=${2:?schema dir}
: "${CRCBENCH:?}" "${JSONCHECK:?}" "${FAKE_AFALG:?}" "${FIXTURES:?}"
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/crcbench-schema.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
fail() { echo "FAIL: $*"; exit 1; }
tool() {
	env LD_PRELOAD="$FAKE_AFALG" CRCBENCH_PROC_CRYPTO="$FIXTURES/proc-crypto-fake.txt" \
		"$CRCBENCH" "$@"
}
validate() { "$py" "$here/validate-report.py" "$dir" "$@"; }

tool list -f json >"$tmp/list.json" || fail "list"
tool run -q -d crc32c-generic,crc32c-fakevec -s 64,4K -n 5 --trials 2 --warmup 0 -f json \
	>"$tmp/run.json" || fail "run"
tool run -q -d crc32c-broken -s 4103 -n 2 --trials 1 --warmup 0 -f json >"$tmp/broken.json"
[ $? = 1 ] || fail "run of crc32c-broken: expected exit 1"
tool run -q -d crc32c-fakevec -s 1K --mode stream --chunk 100 --duration 5ms --warmup 0 \
	--trials 1 -f json >"$tmp/stream.json" || fail "stream run"
# The userspace baselines beside a kernel driver (user_drivers, measured).
tool run -q -d crc32c-generic --user-baselines -s 64 -n 5 --trials 1 --warmup 0 -f json \
	>"$tmp/user.json" || fail "run with --user-baselines"
grep -q '"user:slice8"' "$tmp/user.json" || fail "user:slice8 not in the run report"
# The machine state of a POWER LPAR (fixture tree), and of a machine with
# none of the files (every item null).
CRCBENCH_MACHINE_ROOT="$FIXTURES/machine-power9-lpar" tool run -q -d crc32c-generic -s 64 -n 2 \
	--trials 1 --warmup 0 -f json >"$tmp/lpar.json" || fail "run with the LPAR fixture"
grep -q '"lpar_entitled_capacity": "250"' "$tmp/lpar.json" || fail "LPAR entitlement not reported"
CRCBENCH_MACHINE_ROOT=/nonexistent tool list -f json >"$tmp/bare.json" || fail "list, no files"
# Both backends (tcrypt through fake-modprobe.sh and its recorded records),
# and tcrypt alone (no AF_ALG rows).
: >"$tmp/kmsg"
for b in afalg,tcrypt tcrypt; do
	FAKE_KMSG="$tmp/kmsg" FAKE_TCRYPT_DIR="$FIXTURES" FAKE_TCRYPT_ALIAS=crc32c-fakevec=crc32c-vmx \
		tool run -q -d crc32c-generic,crc32c-fakevec --user-baselines -s 64..1K -n 5 --trials 1 \
		--warmup 0 --backend $b --kmsg "$tmp/kmsg" --modprobe "$here/fake-modprobe.sh" -f json \
		>"$tmp/backend-${b%%,*}.json" || fail "run --backend $b"
done
grep -q '"vulnerabilities": null' "$tmp/bare.json" || fail "absent vulnerabilities not null"
# file: whole-file CRCs, pages with the per-page list, a driver that disagrees.
head -c 20000 /dev/urandom >"$tmp/data"
tool file -q -d crc32c-generic,user:slice8 -f json "$tmp/data" >"$tmp/file.json" || fail "file"
head -c 8192 /dev/urandom >"$tmp/pages"
tool file -q -d crc32c-fakevec --page-size 1K --per-page -f json "$tmp/pages" \
	>"$tmp/file-pages.json" || fail "file --page-size"
tool file -q --repeat 2 --drop-cache -d crc32c-generic,user:slice8 -f json "$tmp/data" \
	>"$tmp/file-repeat.json" || fail "file --repeat --drop-cache"
tool file -q -d crc32c-generic,user:slice8 -f json - <"$tmp/data" >"$tmp/file-stdin.json" ||
	fail "file - (standard input)"
tool file -q -d crc32c-broken -f json "$tmp/data" >"$tmp/file-broken.json"
[ $? = 1 ] || fail "file through crc32c-broken: expected exit 1"
# --alg: the other CRCs (2- and 8-byte digests, their CRC widths in file).
tool list --alg crct10dif -f json >"$tmp/list-t10.json" || fail "list --alg crct10dif"
tool run --alg crc64-rocksoft -q --user-baselines -s 64 -n 5 --trials 1 --warmup 0 -f json \
	>"$tmp/run-r64.json" || fail "run --alg crc64-rocksoft"
tool file --alg crct10dif -q -d crct10dif-generic --page-size 1K --per-page -f json "$tmp/pages" \
	>"$tmp/file-t10.json" || fail "file --alg crct10dif"
tool file --alg crc64-rocksoft -q -f json "$tmp/data" >"$tmp/file-r64.json"
[ $? = 1 ] || fail "file --alg crc64-rocksoft through crc64-rocksoft-broken: expected exit 1"
grep -q '"crc": "0x[0-9a-f]\{16\}"' "$tmp/file-r64.json" || fail "no 16-digit CRC64 in the file report"
# run.v1: reports of crcbench-alg 0.1.0 (made by it through its fake).
cp "$FIXTURES/run-v1-crcbench-alg-0.1.0.json" "$tmp/v1.json" &&
	cp "$FIXTURES/run-v1-crcbench-alg-0.1.0-stream-mismatch.json" "$tmp/v1-stream.json" ||
	fail "copy the run.v1 fixtures"
validate "$tmp/v1.json" "$tmp/v1-stream.json" "$tmp/list.json" "$tmp/run.json" "$tmp/broken.json" "$tmp/stream.json" \
	"$tmp/lpar.json" "$tmp/bare.json" "$tmp/user.json" "$tmp/file.json" "$tmp/file-pages.json" \
	"$tmp/file-broken.json" "$tmp/backend-afalg.json" "$tmp/backend-tcrypt.json" \
	"$tmp/list-t10.json" "$tmp/run-r64.json" "$tmp/file-t10.json" "$tmp/file-r64.json" \
	"$tmp/file-repeat.json" "$tmp/file-stdin.json" ||
	fail "a report of crcbench-alg does not match its schema"
for f in "$tmp"/*.json; do
	"$JSONCHECK" "$f" >"$tmp/out" 2>&1 || { cat "$tmp/out"; fail "crcbench-jsoncheck refuses $f"; }
done

# Each of these must be rejected.
"$py" - "$tmp/run.json" "$tmp/backend-afalg.json" "$tmp" <<'PY' ||
import json, sys
run, both = (json.load(open(f)) for f in sys.argv[1:3])
def save(name, change, report=run):
    doc = json.loads(json.dumps(report))
    change(doc)
    json.dump(doc, open(f"{sys.argv[3]}/bad-{name}.json", "w"))
save("numeric-seed", lambda d: d["config"].update(seed=12345))
save("no-verdict", lambda d: d.pop("verdict"))
save("extra-field", lambda d: d.update(extra=1))
save("both-duration-and-iterations", lambda d: d["config"].update(duration_s=0.25))
save("negative-rate", lambda d: d["results"][0]["bytes_per_s"].update(min=-1))
save("unknown-emulation", lambda d: d["system"].update(emulation="bochs"))
save("no-machine-state", lambda d: d["system"].pop("machine_state"))
save("user-driver-without-reason", lambda d: d["user_drivers"][0].pop("unavailable_reason"))
save("user-driver-not-user", lambda d: d["user_drivers"][0].update(driver="crc32c-x"))
file_report = json.load(open(f"{sys.argv[3]}/file.json"))
save("file-transfer", lambda d: d["files"][0]["results"][0].update(transfer="zerocopy"),
     file_report)
save("unknown-backend", lambda d: d["config"].update(backends=["afalg", "kernel"]), both)
save("inkernel-without-ns", lambda d: d["inkernel"]["results"][0].pop("ns_per_op"), both)
save("fit-and-reason", lambda d: d["fits"][0].update(no_fit_reason="both"), both)
save("fit-two-points", lambda d: d["fits"][0]["fit"].update(points=2), both)
save("unknown-alg", lambda d: d.update(alg="crc16"))
save("crc-of-5-digits", lambda d: d["files"][0].update(crc="0x12345"), file_report)
save("repeat-zero", lambda d: d["config"].update(repeat=0), file_report)
save("no-pass-seconds", lambda d: d["files"][0]["results"][0].update(pass_seconds=[]), file_report)
v1 = json.load(open(f"{sys.argv[3]}/v1.json"))
save("v1-string-seed", lambda d: d["config"].update(seed="7"), v1)
save("v1-with-a-v2-field", lambda d: d["config"].update(cpus=None), v1)
PY
	fail "could not write the broken reports"
n=0
for f in "$tmp"/bad-*.json; do
	if validate "$f" >"$tmp/out" 2>&1; then
		cat "$tmp/out"
		fail "$(basename "$f") passed the schema"
	fi
	if "$JSONCHECK" "$f" >"$tmp/out" 2>&1; then
		fail "$(basename "$f") passed crcbench-jsoncheck"
	fi
	grep -q "breaks the schema" "$tmp/out" || { cat "$tmp/out"; fail "$(basename "$f"): not the schema"; }
	n=$((n + 1))
done
[ "$n" = 20 ] || fail "expected 20 broken reports, found $n"
# --schema FILE: a copy whose run schema allows only 1 trial refuses the
# run report the compiled-in schema accepts (the rule is the file's).
mkdir "$tmp/copy" && cp "$dir"/*.schema.json "$tmp/copy/" || fail "copy the schemas"
"$JSONCHECK" --schema "$tmp/copy/crcbench-alg.run.v2.schema.json" "$tmp/run.json" >"$tmp/out" ||
	{ cat "$tmp/out"; fail "the copy refuses the run report"; }
sed 's/"trials": {"type": \["integer", "null"\], "minimum": 1,/"trials": {"type": ["integer", "null"], "minimum": 1, "maximum": 1,/' \
	"$dir/crcbench-alg.run.v2.schema.json" >"$tmp/copy/crcbench-alg.run.v2.schema.json"
"$JSONCHECK" --schema "$tmp/copy/crcbench-alg.run.v2.schema.json" "$tmp/run.json" >"$tmp/out"
[ $? = 1 ] || fail "the edited copy accepts 2 trials"
grep -q 'config.trials: breaks the schema.s "maximum"' "$tmp/out" || { cat "$tmp/out"; fail "no maximum"; }
"$JSONCHECK" --schema file "$tmp/file.json" >/dev/null || fail "--schema file"
echo "ok: 20 reports valid, $n broken ones rejected, by both checkers"
