// SPDX-License-Identifier: GPL-2.0-only
//
// The report schemas (userspace/crcbench/schema/*.schema.json), compiled
// into crcbench-jsoncheck at build time (embedded_schemas.cpp.in): the
// static binary in the guest needs no installed files to find them.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace crcbench::check {

// The text of the schema file of that name ("crcbench-alg.run.v2.schema.json").
std::optional<std::string_view> embedded_schema(std::string_view file_name);

// The report schemas compiled in, by their $.schema names
// ("crcbench-alg.run.v2"; not the common parts), sorted.
std::vector<std::string_view> embedded_report_schemas();

} // namespace crcbench::check
