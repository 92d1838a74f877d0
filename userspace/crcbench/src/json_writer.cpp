// SPDX-License-Identifier: GPL-2.0-only
#include "json_writer.h"

namespace crcbench {

JsonWriter &JsonWriter::key(std::string_view k) {
    key_ = k;
    return *this;
}

// The value's place: the root, the end of the open array, or key_ in the
// open object. Returns the stored value.
JsonWriter &JsonWriter::put(nlohmann::ordered_json v) {
    if (open_.empty())
        root_ = std::move(v);
    else if (open_.back()->is_array())
        open_.back()->push_back(std::move(v));
    else
        (*open_.back())[key_] = std::move(v);
    return *this;
}

JsonWriter &JsonWriter::open(nlohmann::ordered_json container) {
    nlohmann::ordered_json *where;
    if (open_.empty()) {
        root_ = std::move(container);
        where = &root_;
    } else if (open_.back()->is_array()) {
        open_.back()->push_back(std::move(container));
        where = &open_.back()->back();
    } else {
        where = &((*open_.back())[key_] = std::move(container));
    }
    open_.push_back(where);
    return *this;
}

JsonWriter &JsonWriter::close() {
    open_.pop_back();
    return *this;
}

} // namespace crcbench
