// SPDX-License-Identifier: GPL-2.0-only
//
// Rendering of reports: an aligned table for people, JSON and CSV for
// scripts. The JSON and CSV fields are a stable, documented interface
// (README: "Output formats"); add fields, never rename or remove them.
#pragma once

#include "options.h"
#include "report.h"
#include "verifier.h"

#include <string>

namespace crcbench {

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

std::string render(const ListReport &r, Format f);
std::string render(const RunReport &r, Format f);

// "emulation" values in JSON: none, qemu_tcg, qemu_kvm, qemu_user, forced.
std::string_view emulation_name(Emulation e);

// verify --json: what was checked against what, each driver's verdict and
// the reproducers of its first mismatches.
struct VerifyReport {
    CrcAlg alg = CrcAlg::crc32c;
    SystemInfo system;
    std::vector<AlgEntry> drivers; // every driver of alg present
    std::optional<std::string> resolves_to;
    std::vector<UserDriver> user_drivers;
    std::string origin;                // "N fixed + M random cases (--seed S), ..."
    std::optional<std::uint64_t> seed; // of the random cases; none with --case
    std::vector<DriverVerdict> verdicts;
    std::vector<std::pair<std::string, std::string>> not_run; // driver, why
    // SIGINT/SIGTERM ended the cases early (its signal number, 0: complete):
    // the verdicts are of the cases run before it.
    int interrupted_by = 0;
    bool ok() const;
};
std::string verify_json(const VerifyReport &r);

} // namespace crcbench
