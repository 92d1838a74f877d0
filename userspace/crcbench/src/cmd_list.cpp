// SPDX-License-Identifier: GPL-2.0-only
#include "commands.h"
#include "driver_catalog.h"
#include "file_io.h"
#include "kcapi_hasher.h"
#include "output.h"
#include "user_drivers.h"

#include <cstdio>

namespace crcbench {

int cmd_list(const Options &o) {
    ListReport r;
    r.system = gather_system_info(o.common);
    r.system.libkcapi = kcapi_library_version();
    DriverCatalog catalog = load_catalog(o.common);
    r.drivers = catalog.drivers;
    r.resolves_to = catalog.resolves_to;
    r.ambiguous = catalog.ambiguous;
    r.alg = o.common.alg;
    r.user_drivers = user_drivers(r.alg);
    write_stdout(render(r, o.list.format));
    return to_int(ExitCode::ok);
}

} // namespace crcbench
