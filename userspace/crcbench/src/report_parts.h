// SPDX-License-Identifier: GPL-2.0-only
//
// The parts every report shares (output_json.cpp, output_table.cpp), for
// the reports written elsewhere (output_file.cpp).
#pragma once

#include "crc_alg.h"
#include "json_writer.h"
#include "proc_crypto.h"
#include "system_info.h"
#include "user_drivers.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace crcbench {

// schema, tool, version and alg (the --alg algorithm of every driver in the report).
void header(JsonWriter &w, std::string_view schema, CrcAlg alg);
void system_object(JsonWriter &w, const SystemInfo &s);
void drivers_array(JsonWriter &w, const std::vector<AlgEntry> &drivers,
                   const std::optional<std::string> &resolves_to);
void user_drivers_array(JsonWriter &w, const std::vector<UserDriver> &users);
// "measured": the drivers a run or file pass measured.
void measured_array(JsonWriter &w, const std::vector<std::string> &measured);
// "partial" (SIGINT/SIGTERM cut the command short) and "interrupted_by"
// (the signal's name, null when complete): run, file and verify reports.
void partial_fields(JsonWriter &w, int interrupted_by);

// Table output: the system lines (kernel, CPU, state, emulation banner) and
// the line that says what "crc32c" resolves to.
std::string system_lines(const SystemInfo &s);
// The line that says what "crc32c" (the algorithm's name) resolves to, and
// one that names the algorithm.
std::string resolve_line(const std::optional<std::string> &to, bool ambiguous,
                         CrcAlg alg = CrcAlg::crc32c);
std::string alg_line(CrcAlg alg);

// CSV: a cell, RFC 4180-quoted when needed.
std::string csv_cell(std::string_view s);

// Table output: the last line of an interrupted command, "PARTIAL:
// interrupted by SIGINT; WHAT" (empty when it completed).
std::string partial_line(int interrupted_by, const std::string &what);

} // namespace crcbench
