// SPDX-License-Identifier: GPL-2.0-only
//
// The constant set of the committed header module/arch/powerpc/
// crc32c_vmx_consts.h, read the way the little-endian core reads it: each
// 16-byte table row as one vector load.
#pragma once

#include "fold_model.h"

namespace foldmodel {

const Constants &committed_header_constants();

} // namespace foldmodel
