// SPDX-License-Identifier: GPL-2.0-only
//
// Command-line parsing: argv -> Options. Pure (no I/O, no environment), so
// every accepted and rejected form is unit-tested. Throws UsageError.
#pragma once

#include "options.h"

#include <span>
#include <string_view>

namespace crcbench {

// args excludes argv[0].
Options parse_args(std::span<const std::string_view> args);

} // namespace crcbench
