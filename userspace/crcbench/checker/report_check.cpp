// SPDX-License-Identifier: GPL-2.0-only
#include "report_check.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/pointer.h>
#include <rapidjson/schema.h>
#include <rapidjson/stringbuffer.h>

#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

namespace crcbench::check {
namespace {

std::optional<std::string> read_file(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// The schema files one validation uses, loaded on demand: the root and what
// its "$ref"s name (RapidJSON asks through IRemoteSchemaDocumentProvider).
class SchemaSet : public rapidjson::IRemoteSchemaDocumentProvider {
  public:
    explicit SchemaSet(std::optional<std::string> dir) : dir_(std::move(dir)) {}

    std::vector<std::string> problems;

    // The schema `name` (a path when it is the --schema file), checked and
    // compiled; nullptr after a problem.
    const rapidjson::SchemaDocument *schema(const std::string &name, bool is_path = false) {
        auto [it, fresh] = loaded_.try_emplace(name);
        Entry &e = it->second;
        if (!fresh)
            return e.schema.get(); // (null while it is being compiled: a cycle)
        std::optional<std::string> text = is_path ? read_file(name) : find(name);
        if (!text) {
            problems.push_back(fmt::format("schema {}: cannot read it", name));
            return nullptr;
        }
        e.text = std::move(*text);
        e.doc.Parse(e.text.c_str(), e.text.size());
        if (e.doc.HasParseError()) {
            problems.push_back(fmt::format("schema {}: not JSON at offset {}: {}", name,
                                           e.doc.GetErrorOffset(),
                                           rapidjson::GetParseError_En(e.doc.GetParseError())));
            return nullptr;
        }
        // RapidJSON takes a "$ref" it cannot resolve for an empty schema,
        // which accepts anything: each must resolve, or the check fails.
        if (!refs_resolve(name, e.doc, e.doc))
            return nullptr;
        e.schema = std::make_unique<rapidjson::SchemaDocument>(e.doc, this);
        return e.schema.get();
    }

    const rapidjson::SchemaDocument *GetRemoteDocument(const char *uri,
                                                       rapidjson::SizeType) override {
        // RapidJSON 1.1.0 passes a length one short (HandleRefSchema's
        // i - 1); the "$ref" string goes on to its '#', so read up to that.
        return schema(std::string(uri, std::strcspn(uri, "#")));
    }

  private:
    struct Entry {
        std::string text;
        rapidjson::Document doc;
        std::unique_ptr<rapidjson::SchemaDocument> schema;
    };

    // Beside the --schema file first, else compiled in.
    std::optional<std::string> find(const std::string &name) const {
        if (name.find('/') != std::string::npos)
            return std::nullopt; // only names, no paths, from a "$ref"
        if (dir_)
            if (auto text = read_file(*dir_ + "/" + name))
                return text;
        if (auto text = embedded_schema(name))
            return std::string(*text);
        return std::nullopt;
    }

    bool refs_resolve(const std::string &name, const rapidjson::Value &v,
                      const rapidjson::Document &doc) {
        bool ok = true;
        if (v.IsArray())
            for (const rapidjson::Value &item : v.GetArray())
                ok = refs_resolve(name, item, doc) && ok;
        if (!v.IsObject())
            return ok;
        for (const auto &m : v.GetObject()) {
            if (std::strcmp(m.name.GetString(), "$ref") == 0 && m.value.IsString()) {
                std::string ref = m.value.GetString();
                std::size_t hash = ref.find('#');
                const rapidjson::Document *target = &doc;
                if (hash != 0) {
                    const rapidjson::SchemaDocument *other = schema(ref.substr(0, hash));
                    target = other ? &loaded_.at(ref.substr(0, hash)).doc : nullptr;
                }
                std::string fragment = hash == std::string::npos ? "#" : ref.substr(hash);
                rapidjson::Pointer pointer(fragment.c_str(), fragment.size());
                if (!target || !pointer.IsValid() || !pointer.Get(*target)) {
                    problems.push_back(
                        fmt::format("schema {}: \"$ref\": \"{}\" resolves nowhere", name, ref));
                    ok = false;
                }
            } else {
                ok = refs_resolve(name, m.value, doc) && ok;
            }
        }
        return ok;
    }

    std::optional<std::string> dir_;
    std::map<std::string, Entry> loaded_;
};

// "/results/0/size" as "$.results[0].size".
std::string json_path(const rapidjson::Pointer &p) {
    std::string out = "$";
    for (std::size_t i = 0; i < p.GetTokenCount(); ++i) {
        const rapidjson::Pointer::Token &t = p.GetTokens()[i];
        if (t.index != rapidjson::kPointerInvalidIndex)
            out += fmt::format("[{}]", t.index);
        else
            out += "." + std::string(t.name, t.length);
    }
    return out;
}

} // namespace

std::vector<std::string> schema_problems(std::string_view text, const std::string &report_schema,
                                         const std::optional<std::string> &schema_file) {
    std::optional<std::string> dir;
    if (schema_file) {
        std::size_t slash = schema_file->rfind('/');
        dir = slash == std::string::npos ? "." : schema_file->substr(0, slash);
    }
    SchemaSet set(dir);
    const rapidjson::SchemaDocument *root =
        schema_file ? set.schema(*schema_file, true) : set.schema(report_schema + ".schema.json");
    if (!root) {
        if (!schema_file && !embedded_schema(report_schema + ".schema.json"))
            return {fmt::format("$.schema: no schema for \"{}\" (this checker knows {})",
                                report_schema, fmt::join(embedded_report_schemas(), ", "))};
        return set.problems;
    }
    if (!set.problems.empty())
        return set.problems;
    rapidjson::SchemaValidator validator(*root);
    rapidjson::Reader reader;
    rapidjson::MemoryStream ms(text.data(), text.size());
    reader.Parse<rapidjson::kParseValidateEncodingFlag | rapidjson::kParseFullPrecisionFlag>(
        ms, validator);
    if (validator.IsValid())
        return {};
    rapidjson::StringBuffer where;
    validator.GetInvalidSchemaPointer().StringifyUriFragment(where);
    return {fmt::format("{}: breaks the schema's \"{}\" (at {})",
                        json_path(validator.GetInvalidDocumentPointer()),
                        validator.GetInvalidSchemaKeyword(), where.GetString())};
}

std::vector<std::string> check_report(std::string_view text, const Expectations &expect) {
    JsonValue doc;
    try {
        doc = parse_json(text);
    } catch (const JsonParseError &e) {
        return {std::string("not JSON: ") + e.what()};
    }
    const std::string schema = doc.str("schema").value_or("");
    if (schema.empty() && !expect.schema_file)
        return {"$.schema: missing, or not a string: which schema to check against?"};
    Problems p;
    if (expect.kind && schema.rfind("crcbench-alg." + *expect.kind + ".", 0) != 0)
        p.add("$.schema", "is \"" + schema + "\", expected a " + *expect.kind + " report");
    if (expect.alg && report_alg(doc) != *expect.alg)
        p.add("$.alg", "is \"" + report_alg(doc) + "\", expected \"" + *expect.alg + "\"");
    // The structure first: the rules across fields assume it.
    std::vector<std::string> structural = schema_problems(text, schema, expect.schema_file);
    if (!structural.empty()) {
        p.list.insert(p.list.end(), structural.begin(), structural.end());
        return p.list;
    }
    std::vector<std::string> listed = check_header(doc, expect, p);
    const std::string kind = schema.substr(0, schema.rfind('.'));
    if (kind == "crcbench-alg.run")
        check_run(doc, listed, expect, p);
    else if (kind == "crcbench-alg.verify")
        check_verify(doc, p);
    else if (kind == "crcbench-alg.file")
        check_file(doc, listed, expect, p);
    const std::string verdict = doc.str("verdict").value_or("");
    if (expect.verdict && kind != "crcbench-alg.list" && verdict != *expect.verdict)
        p.add("$.verdict", "is \"" + verdict + "\", expected \"" + *expect.verdict + "\"");
    return p.list;
}

} // namespace crcbench::check
