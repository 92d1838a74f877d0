// SPDX-License-Identifier: GPL-2.0-only
#pragma once

#include "file_io.h"

#include <string>

namespace crcbench::tst {

inline std::string fixture(const std::string &name) {
    return read_text_file(std::string(CRCBENCH_FIXTURES) + "/" + name);
}

} // namespace crcbench::tst
