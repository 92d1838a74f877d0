// SPDX-License-Identifier: GPL-2.0-only
#include "option_table_backend.h"

#include "error.h"
#include "text.h"
#include "units.h"

#include <algorithm>
#include <string>

namespace crcbench {

bool BackendOptions::has(Backend b) const {
    return std::find(backends.begin(), backends.end(), b) != backends.end();
}

std::string_view backend_name(Backend b) {
    return b == Backend::afalg ? "afalg" : "tcrypt";
}

std::vector<Backend> parse_backend_list(std::string_view text) {
    bool afalg = false, tcrypt = false;
    for (std::string_view name : split(text, ',')) {
        bool &seen = name == "afalg" ? afalg : tcrypt;
        if (name != "afalg" && name != "tcrypt")
            throw UsageError("--backend: '" + std::string(name) + "' must be afalg or tcrypt");
        if (seen)
            throw UsageError("--backend: '" + std::string(name) + "' given twice");
        seen = true;
    }
    std::vector<Backend> out;
    if (afalg)
        out.push_back(Backend::afalg);
    if (tcrypt)
        out.push_back(Backend::tcrypt);
    return out;
}

std::vector<OptionSpec> backend_run_options() {
    return {
        {"", "--backend", "LIST",
         "how to measure, comma-separated (default afalg):\n"
         "afalg: through AF_ALG, system calls included (end to end);\n"
         "tcrypt: inside the kernel, no system call per digest: the\n"
         "kernel's own hash speed test (modprobe tcrypt mode=300;\n"
         "needs root and CONFIG_CRYPTO_TEST=m) at its sizes 16..8K\n"
         "(--sizes is afalg's). afalg,tcrypt: side by side. Every\n"
         "driver and backend gets a fit time = a + b*size:\n"
         "a = per-call cost (ns), 1/b = marginal throughput (GB/s)",
         "afalg,tcrypt",
         [](Options &o, std::string_view v) { o.run.backend.backends = parse_backend_list(v); }},
        {"", "--tcrypt-sec", "N",
         "seconds tcrypt measures each of its 22 block/update\n"
         "combinations, per driver (default 1: 22 s per driver)",
         "2",
         [](Options &o, std::string_view v) {
             o.run.backend.tcrypt_sec = static_cast<unsigned>(parse_uint(v, 1, 60, "--tcrypt-sec"));
         }},
        {"", "--kmsg", "PATH",
         "testing: read tcrypt's records from PATH (a file in\n"
         "/dev/kmsg's format) instead of /dev/kmsg",
         "/tmp/kmsg",
         [](Options &o, std::string_view v) { o.run.backend.kmsg_path = std::string(v); }},
        {"", "--modprobe", "PROGRAM", "testing: run PROGRAM instead of modprobe to load tcrypt",
         "/tmp/fake-modprobe",
         [](Options &o, std::string_view v) { o.run.backend.modprobe = std::string(v); }},
    };
}

} // namespace crcbench
