// SPDX-License-Identifier: GPL-2.0-only
#include "json_value.h"

#include <fmt/format.h>
#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace crcbench::check {

const JsonValue *JsonValue::get(std::string_view key) const {
    for (const auto &[k, v] : members)
        if (k == key)
            return &v;
    return nullptr;
}

std::optional<double> JsonValue::num(std::string_view key) const {
    const JsonValue *v = get(key);
    return v && v->type == Type::number ? std::optional<double>(v->number) : std::nullopt;
}

std::optional<std::string> JsonValue::str(std::string_view key) const {
    const JsonValue *v = get(key);
    return v && v->type == Type::string ? std::optional<std::string>(v->text) : std::nullopt;
}

std::optional<bool> JsonValue::flag(std::string_view key) const {
    const JsonValue *v = get(key);
    return v && v->type == Type::boolean ? std::optional<bool>(v->boolean) : std::nullopt;
}

const JsonValue *JsonValue::obj(std::string_view key) const {
    const JsonValue *v = get(key);
    return v && v->type == Type::object ? v : nullptr;
}

const std::vector<JsonValue> &JsonValue::list(std::string_view key) const {
    static const std::vector<JsonValue> none;
    const JsonValue *v = get(key);
    return v && v->type == Type::array ? v->items : none;
}

std::string_view type_name(JsonValue::Type t) {
    constexpr std::string_view kNames[] = {"null",   "boolean", "number",
                                           "string", "array",   "object"};
    return kNames[static_cast<int>(t)];
}

namespace {

// RapidJSON's SAX reader (strict RFC 8259: no comments, NaN or trailing
// commas; UTF-8 validated) calls this for each token; it builds the tree,
// keeps each number's text (the digits the writer wrote) and rejects what
// RapidJSON lets through: duplicate keys and numbers that are not finite.
class TreeBuilder : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, TreeBuilder> {
  public:
    JsonValue root;
    std::string error; // set with a false return: the reader stops there

    bool Null() { return add({}); }
    bool Bool(bool b) { return add({.type = JsonValue::Type::boolean, .boolean = b}); }
    bool RawNumber(const char *str, rapidjson::SizeType length, bool) {
        JsonValue v{.type = JsonValue::Type::number, .text = std::string(str, length)};
        v.number = std::strtod(v.text.c_str(), nullptr);
        if (!std::isfinite(v.number)) {
            error = fmt::format("number {} is out of range", v.text);
            return false;
        }
        return add(std::move(v));
    }
    bool String(const char *str, rapidjson::SizeType length, bool) {
        return add({.type = JsonValue::Type::string, .text = std::string(str, length)});
    }
    bool StartObject() { return open(JsonValue::Type::object); }
    bool Key(const char *str, rapidjson::SizeType length, bool) {
        key_.assign(str, length);
        if (stack_.back()->get(key_))
            error = fmt::format("duplicate key \"{}\"", key_);
        return error.empty();
    }
    bool EndObject(rapidjson::SizeType) { return close(); }
    bool StartArray() { return open(JsonValue::Type::array); }
    bool EndArray(rapidjson::SizeType) { return close(); }

  private:
    JsonValue *place(JsonValue v) {
        if (stack_.empty())
            return &(root = std::move(v));
        JsonValue &parent = *stack_.back();
        if (parent.type == JsonValue::Type::array)
            return &parent.items.emplace_back(std::move(v));
        return &parent.members.emplace_back(std::move(key_), std::move(v)).second;
    }
    bool add(JsonValue v) {
        place(std::move(v));
        return true;
    }
    bool open(JsonValue::Type t) {
        stack_.push_back(place({.type = t}));
        return true;
    }
    bool close() {
        stack_.pop_back();
        return true;
    }
    // The open containers, innermost last. A parent's vector grows only
    // while its child is closed (the child is its last element then).
    std::vector<JsonValue *> stack_;
    std::string key_;
};

} // namespace

JsonValue parse_json(std::string_view text) {
    TreeBuilder builder;
    rapidjson::Reader reader;
    rapidjson::MemoryStream ms(text.data(), text.size());
    constexpr unsigned kFlags = rapidjson::kParseValidateEncodingFlag |
                                rapidjson::kParseNumbersAsStringsFlag |
                                rapidjson::kParseFullPrecisionFlag;
    rapidjson::ParseResult ok = reader.Parse<kFlags>(ms, builder);
    if (ok)
        return std::move(builder.root);
    // Line and column of the error's offset, for people.
    std::string_view before = text.substr(0, ok.Offset());
    std::size_t line = 1 + std::ranges::count(before, '\n');
    std::size_t col = before.size() - before.find_last_of('\n'); // on line 1: npos
    std::string why =
        builder.error.empty() ? rapidjson::GetParseError_En(ok.Code()) : builder.error;
    throw JsonParseError(fmt::format("line {}, column {}: {}", line, col, why));
}

} // namespace crcbench::check
