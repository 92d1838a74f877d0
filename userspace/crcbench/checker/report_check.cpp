// SPDX-License-Identifier: GPL-2.0-only
#include "report_check.h"

#include "rules.h"
#include "schema_check.h"

namespace crcbench::check {

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
