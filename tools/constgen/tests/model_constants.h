// SPDX-License-Identifier: GPL-2.0-only
//
// The generator's constants as the host model's constant set, for the tests
// that run generated constants through tools/fold-model.
#pragma once

#include "fold_constants.h"
#include "fold_model.h"

inline foldmodel::Constants to_model(const constgen::FoldConstants &c) {
    foldmodel::Constants m;
    m.reflected = c.spec.order == constgen::BitOrder::reflected;
    m.width = c.core_width;
    for (const auto &f : c.fold)
        m.fold.push_back({f.value.hi, f.value.lo});
    for (std::size_t i = 0; i < c.reduce.size(); ++i)
        m.reduce[i] = {c.reduce[i].value.hi, c.reduce[i].value.lo};
    return m;
}
