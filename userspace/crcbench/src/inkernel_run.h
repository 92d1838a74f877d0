// SPDX-License-Identifier: GPL-2.0-only
//
// run's tcrypt backend: every measured kernel driver through tcrypt, one
// after the other (about 22 * sec seconds each).
#pragma once

#include "inkernel.h"
#include "options.h"
#include "progress.h"
#include "tcrypt_runner.h"

#include <optional>
#include <string>
#include <vector>

namespace crcbench {

// Throws the permission error of the tcrypt backend when not root: run
// checks this before it measures anything.
void require_tcrypt_root(const TcryptEnv &env);

// `resolves_to`: the driver "crc32c" must turn out to be, if measured by
// that name. Userspace baselines get a not_measured entry, no row.
InKernelResults measure_in_kernel(const std::vector<std::string> &measured,
                                  const std::optional<std::string> &resolves_to, unsigned sec,
                                  const TcryptEnv &env, Progress &progress,
                                  CrcAlg alg = CrcAlg::crc32c);

} // namespace crcbench
