// SPDX-License-Identifier: GPL-2.0-only
//
// The checks of a run report's backends (crcbench-alg run --backend):
// $.config.backends and tcrypt_sec, $.inkernel (tcrypt's results) and $.fits
// (time = a + b * size per driver and backend), against each other and
// against $.measured and $.results.
#pragma once

#include "json_value.h"

#include <string>
#include <vector>

namespace crcbench::check {

// Whether the report measured through AF_ALG ($.results holds rows): true
// for reports without $.config.backends (written before backends existed).
bool report_has_afalg(const JsonValue &doc);

// Appends "$.path: what" for every problem. `measured`: $.measured; alg:
// $.alg ("crc32c" when absent), whose generic driver is the ratios' baseline.
void check_backends(const JsonValue &doc, const std::vector<std::string> &measured,
                    std::vector<std::string> &problems, const std::string &alg = "crc32c");

} // namespace crcbench::check
