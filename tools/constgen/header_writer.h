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

// The slice-by-8 tables of the short-input path as a kernel-C header
// (<name>_slice8[8][256]), with the same "do not edit" comment.
std::string render_slice8_header(const CrcSpec &spec, const Slice8Tables &t,
                                 const std::string &name, const std::string &command);

} // namespace constgen
