// SPDX-License-Identifier: GPL-2.0-only
//
// Renders a FoldConstants set as the kernel-C header the core includes.
#pragma once

#include "fold_constants.h"

#include <string>

namespace constgen {

// `name` prefixes every identifier (lower case) and macro (upper case);
// `command` is the exact command line that regenerates the header, quoted in
// its "do not edit" comment.
std::string render_header(const FoldConstants &c, const std::string &name,
                          const std::string &command);

} // namespace constgen
