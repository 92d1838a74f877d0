// SPDX-License-Identifier: GPL-2.0-only
//
// The backends in run's reports: the two backends side by side per driver
// and the fit time = a + b * size per driver and backend, for the table,
// JSON and CSV outputs (output_table.cpp, output_json.cpp, output_csv.cpp).
#pragma once

#include "json_writer.h"
#include "report.h"

#include <string>

namespace crcbench {

// Table: the side-by-side table (when tcrypt ran) and the fits.
std::string backends_table(const RunReport &r);

// JSON: "backends" and "tcrypt_sec" inside "config".
void backends_config_json(JsonWriter &w, const RunReport &r);
// JSON: "inkernel" and "fits" at the top level.
void backends_json(JsonWriter &w, const RunReport &r);

// CSV: the columns after "mismatches" (before any column that may hold a
// comma: simple readers split there), and their cells for one row of
// a backend (the fit of that driver, backend and thread count among `fits`,
// make_fits of the report).
std::string backends_csv_header();
std::string backends_csv_cells(const RunReport &r, const std::vector<BackendFit> &fits,
                               const std::string &driver, Backend backend, unsigned threads,
                               double ns_per_op);

// ns per operation of an AF_ALG row: the time one thread spends on one.
double afalg_ns_per_op(const RunRow &row);

} // namespace crcbench
