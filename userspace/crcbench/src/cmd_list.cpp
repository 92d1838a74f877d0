// SPDX-License-Identifier: GPL-2.0-only
#include "cli.h"
#include "driver_catalog.h"
#include "file_io.h"
#include "hasher.h"
#include "output.h"
#include "user_drivers.h"

#include <cstdio>

namespace crcbench {

int cmd_list(const Options &o) {
    ListReport r;
    r.ambiguous = start_report(r, o.common, {}).ambiguous;
    r.system.libkcapi = kcapi_library_version();
    write_stdout(render(r, o.list.format));
    return to_int(ExitCode::ok);
}

} // namespace crcbench
