// SPDX-License-Identifier: GPL-2.0-only
//
// Rendering of reports: an aligned table for people, JSON and CSV for
// scripts, one source file per report (report_list.cpp, report_run.cpp,
// report_file.cpp, report_verify.cpp) and the parts they share
// (report_common.cpp). The JSON and CSV fields are a stable, documented
// interface (README: "Output formats"); add fields, never rename or remove
// them.
#pragma once

#include "options.h"
#include "report.h"
#include "verifier.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

// A JSON value of an optional: the value, or null where there is none.
namespace nlohmann {
template <typename T> struct adl_serializer<std::optional<T>> {
    template <typename J> static void to_json(J &j, const std::optional<T> &v) {
        if (v)
            j = *v;
        else
            j = nullptr;
    }
};
} // namespace nlohmann

namespace crcbench {

// Members in document order.
using Json = nlohmann::ordered_json;

inline constexpr std::string_view kRunSchema = "crcbench-alg.run.v2";
inline constexpr std::string_view kListSchema = "crcbench-alg.list.v1";
inline constexpr std::string_view kVerifySchema = "crcbench-alg.verify.v1";

std::string list_table(const ListReport &r);
std::string list_json(const ListReport &r);
std::string list_csv(const ListReport &r);

std::string run_table(const RunReport &r);
std::string run_json(const RunReport &r);
std::string run_csv(const RunReport &r);
// --runs-csv: one row per trial of every cell (the JSON's samples[]).
std::string run_trials_csv(const RunReport &r);
// Table: the side-by-side table (when tcrypt ran) and the fits.
std::string backends_table(const RunReport &r);

std::string render(const ListReport &r, Format f);
std::string render(const RunReport &r, Format f);

// "emulation" values in JSON: none, qemu_tcg, qemu_kvm, qemu_user, forced.
std::string_view emulation_name(Emulation e);

// verify --json: what was checked against what, each driver's verdict and
// the reproducers of its first mismatches.
struct VerifyReport : ReportBase {
    std::string origin;                // "N fixed + M random cases (--seed S), ..."
    std::optional<std::uint64_t> seed; // of the random cases; none with --case
    std::vector<DriverVerdict> verdicts;
    std::vector<NotMeasured> not_run; // drivers the kernel does not hand out, and why
    // SIGINT/SIGTERM ended the cases early (its signal number, 0: complete):
    // the verdicts are of the cases run before it.
    int interrupted_by = 0;
    bool ok() const;
};
std::string verify_json(const VerifyReport &r);

// --- the parts every report shares (report_common.cpp) ---

// The text of a JSON value: strings escaped, every byte sequence that is not
// UTF-8 as U+FFFD, doubles in their shortest round-trip form (non-finite as
// null), indented by two. A report adds the final newline.
std::string json_text(const Json &j);
// The start of every JSON report: schema, tool, version, alg (the --alg
// algorithm of every driver in it), system and notice (the emulation's).
Json report_head(std::string_view schema, const ReportBase &r);
// "drivers" (each with "resolves_crc32c"), "crc32c_resolves_to" and "user_drivers".
void add_drivers(Json &j, const ReportBase &r);
// "partial" (SIGINT/SIGTERM cut the command short) and "interrupted_by"
// (the signal's name, null when complete): run, file and verify reports.
void add_partial(Json &j, int interrupted_by);
void to_json(Json &j, const UserDriver &u);
void to_json(Json &j, const NotMeasured &n);

// Table output: the system lines (kernel, CPU, state, emulation banner).
std::string system_lines(const SystemInfo &s);
// The line that says what "crc32c" (the algorithm's name) resolves to, and
// one that names the algorithm.
std::string resolve_line(const std::optional<std::string> &to, bool ambiguous,
                         CrcAlg alg = CrcAlg::crc32c);
std::string alg_line(CrcAlg alg);
// Table output: the last line of an interrupted command, "PARTIAL:
// interrupted by SIGINT; WHAT" (empty when it completed).
std::string partial_line(int interrupted_by, const std::string &what);

// CSV: a cell, RFC 4180-quoted when needed.
std::string csv_cell(std::string_view s);
// A report's JSON object flattened for a CSV row: nested objects' members
// named by their path joined with '_' (bytes_per_s.min: bytes_per_s_min).
Json flat(const Json &j);
// CSV from rows of the report's JSON: a column is the row's member of that
// name, spelled as the JSON spells it (true/false; numbers as written;
// lists space-separated); absent or null: an empty cell.
std::string csv_table(const std::vector<std::string> &columns, const std::vector<Json> &rows);

} // namespace crcbench
