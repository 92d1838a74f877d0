// SPDX-License-Identifier: GPL-2.0-only
//
// The commands. Each returns the process exit code or throws ToolError.
#pragma once

#include "exit_codes.h"
#include "hash_stream.h"
#include "hasher.h"
#include "options.h"

#include <functional>

namespace crcbench {

int cmd_list(const Options &o);
int cmd_verify(const Options &o, const HasherFactory &factory);
// run opens its hashers with or without libkcapi's splice path (--splice).
using RunHasherFactory = std::function<HasherFactory(bool splice)>;
int cmd_run(const Options &o, const RunHasherFactory &make_factory);
// file: kernel drivers through hash streams (AF_ALG), user: drivers through hashers.
int cmd_file(const Options &o, const HashStreamFactory &kernel, const HasherFactory &user);

} // namespace crcbench
