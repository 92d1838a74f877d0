// SPDX-License-Identifier: GPL-2.0-only
//
// The run options of the backends (--backend, --tcrypt-sec and the testing
// hooks of the tcrypt backend), part of run's option table.
#pragma once

#include "option_table.h"

namespace crcbench {

std::vector<OptionSpec> backend_run_options();

} // namespace crcbench
