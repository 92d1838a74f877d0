// SPDX-License-Identifier: GPL-2.0-only
//
// The JSON report of `crcbench-alg verify --json` (crcbench-alg.verify.v1).
#include "output.h"
#include "verifier.h"

#include <algorithm>

namespace crcbench {

bool VerifyReport::ok() const {
    return not_run.empty() && std::ranges::all_of(verdicts, &DriverVerdict::ok);
}

void to_json(Json &j, const Mismatch &m) {
    j = {{"case", format_case(m.c)},
         {"expected", format_digest(m.alg, m.expected)},
         {"got", format_digest(m.alg, m.got)},
         {"line", format_reproducer(m)}};
}

void to_json(Json &j, const DriverVerdict &v) {
    j = {{"driver", v.driver},
         {"judge", judge_name(v.judge)},
         {"cases", v.cases},
         {"bytes", v.bytes},
         {"mismatches", v.mismatches},
         {"reproducers", v.reported}, // the first kReportedMismatches
         {"verdict", v.ok() ? "ok" : "mismatch"}};
}

std::string verify_json(const VerifyReport &r) {
    Json j = report_head(kVerifySchema, r);
    add_drivers(j, r);
    j["cases_from"] = r.origin;
    // A string, as in run reports: 64-bit integers stay exact.
    j["seed"] = r.seed ? Json(std::to_string(*r.seed)) : Json();
    j["results"] = r.verdicts;
    j["not_run"] = r.not_run;
    add_partial(j, r.interrupted_by);
    j["verdict"] = r.ok() ? "ok" : "mismatch";
    return json_text(j) + "\n";
}

} // namespace crcbench
