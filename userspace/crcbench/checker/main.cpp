// SPDX-License-Identifier: GPL-2.0-only
//
// crcbench-jsoncheck: validates a crcbench-alg JSON report, for scripts and
// for the in-guest tests (busybox has no JSON tools). Shipped statically
// beside crcbench-alg. Its command line is CLI11's, as crcbench-alg's is.
#include "report_check.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <iostream>
#include <iterator>
#include <string>

namespace {

constexpr const char *kDescription =
    "Validates a crcbench-alg JSON report (crcbench-alg.run.v2, list.v1,\n"
    "verify.v1, file.v1, and run.v1 of crcbench-alg 0.1.0): its syntax, its\n"
    "structure against its JSON Schema (RapidJSON's validator; the schemas of\n"
    "userspace/crcbench/schema/ compiled in, chosen by the report's $.schema),\n"
    "then the rules across fields (one result per measured driver and size,\n"
    "min <= median <= max, bytes/s = ops/s x size, the baseline (the generic\n"
    "driver of $.alg) and its ratio of 1, verdict vs mismatches, the emulation\n"
    "notice). Prints \"ok\" or one line per problem.\n";

} // namespace

int main(int argc, char **argv) {
    using namespace crcbench::check;
    Expectations expect;
    std::string file, schema;
    CLI::App app{kDescription, "crcbench-jsoncheck"};
    app.failure_message([](const CLI::App *, const CLI::Error &e) {
        return fmt::format("crcbench-jsoncheck: {} (try --help)\n", e.what());
    });
    app.footer("Exit codes: 0 valid, 1 invalid or unreadable, 2 bad arguments.");
    app.add_option("--schema", schema,
                   "run, list, verify or file: also require a report\n"
                   "of that kind; a schema FILE: validate against it\n"
                   "instead (a $ref to another file is looked up\n"
                   "beside it, then compiled in)")
        ->type_name("KIND|FILE");
    app.add_option("--expect-driver", expect.drivers, "a driver the report must list")
        ->allow_extra_args(false)
        ->type_name("D");
    app.add_option("--expect-alg", expect.alg, "the report's $.alg")
        ->check(CLI::IsMember({"crc32c", "crct10dif", "crc64-rocksoft"}))
        ->type_name("ALG");
    app.add_option("--expect-emulated", expect.emulated, "the report's $.system.emulated")
        ->check(CLI::IsMember({"yes", "no"}))
        ->type_name("WHEN");
    app.add_option("--expect-verdict", expect.verdict, "the report's $.verdict")
        ->check(CLI::IsMember({"ok", "mismatch", "invalid_pages"}))
        ->type_name("V");
    app.add_option("FILE", file, "the report; '-': standard input")->required();
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError &e) {
        return app.exit(e) == 0 ? 0 : 2; // --help: 0
    }
    if (schema == "run" || schema == "list" || schema == "verify" || schema == "file")
        expect.kind = schema;
    else if (!schema.empty())
        expect.schema_file = schema;

    std::optional<std::string> text =
        file == "-" ? std::string(std::istreambuf_iterator<char>(std::cin), {}) : read_file(file);
    if (!text) {
        std::fprintf(stderr, "crcbench-jsoncheck: cannot read %s\n", file.c_str());
        return 1;
    }
    auto problems = check_report(*text, expect);
    if (problems.empty()) {
        std::puts("ok");
        return 0;
    }
    for (const std::string &p : problems)
        std::printf("invalid: %s\n", p.c_str());
    return 1;
}
