// SPDX-License-Identifier: GPL-2.0-only
//
// The rules across fields of a report that its schema cannot state (a
// count that must match a list, min <= median <= max, a ratio that must
// follow from two rows, a verdict from the counts). They run only on a
// report that passed its schema, and read through JsonValue's typed
// accessors, so a permissive --schema FILE never trips them up.
#pragma once

#include "json_value.h"
#include "report_check.h"

#include <algorithm>
#include <string>
#include <type_traits>
#include <vector>

namespace crcbench::check {

struct Problems {
    std::vector<std::string> list;
    void add(const std::string &path, const std::string &what) {
        list.push_back(path + ": " + what);
    }
};

template <typename T> bool contains(const std::vector<T> &v, const std::type_identity_t<T> &x) {
    return std::find(v.begin(), v.end(), x) != v.end();
}
bool is_user_driver(const std::string &d);
// $.alg, "crc32c" when absent (reports of older tools).
std::string report_alg(const JsonValue &doc);

// The header every report has: notice against emulated, the drivers and
// what resolves, the user baselines. Returns the names a report may have
// measured: its drivers and the available user: baselines.
std::vector<std::string> check_header(const JsonValue &doc, const Expectations &expect,
                                      Problems &p);
// $.measured: each listed (or the algorithm's name); the expected ones in it.
std::vector<std::string> check_measured(const JsonValue &doc,
                                        const std::vector<std::string> &listed,
                                        const Expectations &expect, Problems &p);
// $.partial (SIGINT/SIGTERM cut the command short; absent: false) and
// $.interrupted_by, which names the signal exactly when partial is true.
// Returns partial.
bool check_partial(const JsonValue &doc, Problems &p);
void check_run(const JsonValue &doc, const std::vector<std::string> &listed,
               const Expectations &expect, Problems &p);
// $.config.backends, $.inkernel and $.fits against $.measured and each other.
void check_backends(const JsonValue &doc, const std::vector<std::string> &measured, Problems &p);
void check_verify(const JsonValue &doc, Problems &p);
void check_file(const JsonValue &doc, const std::vector<std::string> &listed,
                const Expectations &expect, Problems &p);

} // namespace crcbench::check
