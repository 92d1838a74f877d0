// SPDX-License-Identifier: GPL-2.0-only
//
// crcbench-alg: list, verify and benchmark the kernel's CRC drivers (crc32c,
// crct10dif, crc64-rocksoft: --alg) over AF_ALG. main() dispatches and turns
// errors into one line + exit code.
#include "cli.h"
#include "error.h"
#include "file_io.h"
#include "hasher.h"
#include "output.h"
#include "user_drivers.h"

#include <cstdio>
#include <fmt/format.h>
#include <new>
#include <string_view>
#include <vector>

namespace {

int cmd_list(const crcbench::Options &o) {
    using namespace crcbench;
    ListReport r;
    r.ambiguous = start_report(r, o.common, {}).ambiguous;
    r.system.libkcapi = kcapi_library_version();
    write_stdout(render(r, o.list.format));
    return to_int(ExitCode::ok);
}

int dispatch(int argc, char **argv) {
    using namespace crcbench;
    std::vector<std::string_view> args(argv + 1, argv + argc);
    try {
        Options o = parse_args(args);
        kcapi_configure_logging(o.common.debug);
        switch (o.command) {
        case Command::help:
            std::fputs(help_text(o.help_topic).c_str(), stdout);
            return to_int(ExitCode::ok);
        case Command::missing:
            std::fputs(help_text("").c_str(), stderr);
            std::fputs("crcbench-alg: no command given (list, verify, run or file)\n", stderr);
            return to_int(ExitCode::usage);
        case Command::version:
            fmt::print("{} {} ({})\n", kToolName, kToolVersion, kcapi_library_version());
            return to_int(ExitCode::ok);
        case Command::list:
            return cmd_list(o);
        case Command::verify:
            return cmd_verify(o,
                              with_user_drivers(kcapi_factory(true, o.common.alg), o.common.alg));
        case Command::run:
            return cmd_run(
                o, with_user_drivers(kcapi_factory(o.run.splice, o.common.alg), o.common.alg));
        case Command::file:
            return cmd_file(o, afalg_stream_factory(o.common.alg),
                            [alg = o.common.alg](const std::string &driver) {
                                return make_user_hasher(driver, alg);
                            });
        }
    } catch (const ToolError &e) {
        std::fflush(stdout);
        std::fprintf(stderr, "crcbench-alg: %s\n", e.what());
        return to_int(e.code());
    } catch (const std::bad_alloc &) {
        std::fprintf(stderr, "crcbench-alg: out of memory\n");
    } catch (const std::exception &e) {
        std::fprintf(stderr, "crcbench-alg: internal error: %s\n", e.what());
    }
    return to_int(ExitCode::runtime);
}

} // namespace

int main(int argc, char **argv) {
    return crcbench::finish_stdout(dispatch(argc, argv));
}
