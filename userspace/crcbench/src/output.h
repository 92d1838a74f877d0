// SPDX-License-Identifier: GPL-2.0-only
//
// Rendering of reports: an aligned table for people, JSON and CSV for
// scripts. The JSON and CSV fields are a stable, documented interface
// (README: "Output formats"); add fields, never rename or remove them.
#pragma once

#include "options.h"
#include "report.h"

#include <string>

namespace crcbench {

inline constexpr std::string_view kRunSchema = "crcbench-alg.run.v2";
inline constexpr std::string_view kListSchema = "crcbench-alg.list.v1";

std::string list_table(const ListReport &r);
std::string list_json(const ListReport &r);
std::string list_csv(const ListReport &r);

std::string run_table(const RunReport &r);
std::string run_json(const RunReport &r);
std::string run_csv(const RunReport &r);

std::string render(const ListReport &r, Format f);
std::string render(const RunReport &r, Format f);

// "emulation" values in JSON: none, qemu_tcg, qemu_kvm, qemu_user, forced.
std::string_view emulation_name(Emulation e);

} // namespace crcbench
