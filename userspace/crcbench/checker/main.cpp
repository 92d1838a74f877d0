// SPDX-License-Identifier: GPL-2.0-only
//
// crcbench-jsoncheck: validates a crcbench-alg JSON report, for scripts and
// for the in-guest tests (busybox has no JSON tools). Shipped statically
// beside crcbench-alg.
#include "report_check.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>

namespace {

constexpr const char *kUsage =
    "Usage: crcbench-jsoncheck [--schema run|list|verify|file|FILE] [--expect-driver D ...]\n"
    "                          [--expect-alg crc32c|crct10dif|crc64-rocksoft]\n"
    "                          [--expect-emulated yes|no]\n"
    "                          [--expect-verdict ok|mismatch|invalid_pages] FILE|-\n"
    "\n"
    "Validates a crcbench-alg JSON report (crcbench-alg.run.v2, list.v1,\n"
    "verify.v1, file.v1, and run.v1 of crcbench-alg 0.1.0): its syntax, its\n"
    "structure against its JSON Schema\n"
    "(RapidJSON's validator; the schemas of userspace/crcbench/schema/ are\n"
    "compiled in and chosen by the report's $.schema), then the rules across\n"
    "fields (one result per measured driver and size, min <= median <= max,\n"
    "bytes/s = ops/s x size, the baseline (the generic driver of $.alg) and its\n"
    "ratio of 1, verdict vs mismatches, the emulation notice). --schema KIND\n"
    "also requires a report of that kind; --schema FILE validates against that\n"
    "schema file instead (a $ref to another file is looked up beside it, then\n"
    "compiled in). Prints \"ok\" or one line per problem.\n"
    "\n"
    "Exit codes: 0 valid, 1 invalid or unreadable, 2 bad arguments.\n";

int usage_error(const std::string &msg) {
    std::fprintf(stderr, "crcbench-jsoncheck: %s (try --help)\n", msg.c_str());
    return 2;
}

} // namespace

int main(int argc, char **argv) {
    using namespace crcbench::check;
    Expectations expect;
    std::string file;
    for (int i = 1; i < argc; ++i) {
        std::string_view a = argv[i];
        auto need = [&](std::string_view opt) -> std::string_view {
            if (i + 1 >= argc)
                throw std::invalid_argument(std::string(opt) + " needs a value");
            return argv[++i];
        };
        try {
            if (a == "--help" || a == "-h") {
                std::fputs(kUsage, stdout);
                return 0;
            } else if (a == "--schema") {
                std::string_view v = need(a);
                if (v == "run" || v == "list" || v == "verify" || v == "file")
                    expect.kind = std::string(v);
                else if (v.empty() || v.starts_with("-"))
                    return usage_error("--schema needs run, list, verify, file or a schema file");
                else
                    expect.schema_file = std::string(v);
            } else if (a == "--expect-driver") {
                expect.drivers.emplace_back(need(a));
            } else if (a == "--expect-alg") {
                std::string_view v = need(a);
                if (v != "crc32c" && v != "crct10dif" && v != "crc64-rocksoft")
                    return usage_error("--expect-alg must be crc32c, crct10dif or crc64-rocksoft");
                expect.alg = std::string(v);
            } else if (a == "--expect-emulated") {
                std::string_view v = need(a);
                if (v != "yes" && v != "no")
                    return usage_error("--expect-emulated must be yes or no");
                expect.emulated = (v == "yes");
            } else if (a == "--expect-verdict") {
                std::string_view v = need(a);
                if (v != "ok" && v != "mismatch" && v != "invalid_pages")
                    return usage_error("--expect-verdict must be ok, mismatch or invalid_pages");
                expect.verdict = std::string(v);
            } else if (a.starts_with("-") && a != "-") {
                return usage_error("unknown option " + std::string(a));
            } else if (file.empty()) {
                file = std::string(a);
            } else {
                return usage_error("more than one input file");
            }
        } catch (const std::invalid_argument &e) {
            return usage_error(e.what());
        }
    }
    if (file.empty())
        return usage_error("no input file");

    std::string text;
    if (file == "-") {
        text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    } else {
        std::ifstream in(file, std::ios::binary);
        if (!in) {
            std::fprintf(stderr, "crcbench-jsoncheck: cannot read %s\n", file.c_str());
            return 1;
        }
        std::ostringstream ss;
        ss << in.rdbuf();
        text = ss.str();
    }
    auto problems = check_report(text, expect);
    if (problems.empty()) {
        std::puts("ok");
        return 0;
    }
    for (const std::string &p : problems)
        std::printf("invalid: %s\n", p.c_str());
    return 1;
}
