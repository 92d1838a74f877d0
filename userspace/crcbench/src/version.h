// SPDX-License-Identifier: GPL-2.0-only
#pragma once

#include <string_view>

namespace crcbench {

inline constexpr std::string_view kToolName = "crcbench-alg";
inline constexpr std::string_view kToolVersion = "0.1.0";

} // namespace crcbench
