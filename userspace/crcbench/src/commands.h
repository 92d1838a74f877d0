// SPDX-License-Identifier: GPL-2.0-only
//
// The three commands. Each returns the process exit code or throws ToolError.
#pragma once

#include "exit_codes.h"
#include "hasher.h"
#include "options.h"

#include <functional>

namespace crcbench {

int cmd_list(const Options &o);
int cmd_verify(const Options &o, const HasherFactory &factory);
// run opens its hashers with or without libkcapi's splice path (--splice).
using RunHasherFactory = std::function<HasherFactory(bool splice)>;
int cmd_run(const Options &o, const RunHasherFactory &make_factory);

} // namespace crcbench
