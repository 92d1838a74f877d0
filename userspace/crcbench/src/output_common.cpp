// SPDX-License-Identifier: GPL-2.0-only
#include "output.h"

namespace crcbench {

std::string_view emulation_name(Emulation e) {
    switch (e) {
    case Emulation::none:
        return "none";
    case Emulation::qemu_tcg:
        return "qemu_tcg";
    case Emulation::qemu_kvm:
        return "qemu_kvm";
    case Emulation::qemu_user:
        return "qemu_user";
    case Emulation::forced:
        return "forced";
    }
    return "none";
}

std::string render(const ListReport &r, Format f) {
    switch (f) {
    case Format::json:
        return list_json(r);
    case Format::csv:
        return list_csv(r);
    case Format::table:
        break;
    }
    return list_table(r);
}

std::string render(const RunReport &r, Format f) {
    switch (f) {
    case Format::json:
        return run_json(r);
    case Format::csv:
        return run_csv(r);
    case Format::table:
        break;
    }
    return run_table(r);
}

} // namespace crcbench
