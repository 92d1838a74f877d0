// SPDX-License-Identifier: GPL-2.0-only
//
// The --help texts: a hand-written description per command, then its
// options as CLI11's formatter prints them from the parser (cli.cpp).
#include "help.h"

#include "cli.h"
#include "exit_codes.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

namespace crcbench {
namespace {

constexpr std::string_view kGeneral =
    "Lists, verifies and benchmarks the kernel's crc32c drivers through AF_ALG\n"
    "(libkcapi); with --alg, those of crct10dif or crc64-rocksoft. Every result\n"
    "is compared with a software reference of that CRC.\n"
    "\n"
    "Commands:\n"
    "  list      the crc32c (--alg) drivers (driver, module, priority, self-test)\n"
    "            and which one the name \"crc32c\" (the --alg name) resolves to now\n"
    "  verify    check drivers against the reference over fixed and random cases\n"
    "  run       measure throughput of drivers side by side\n"
    "  file      crc32c of files (whole, or per page) through each driver,\n"
    "            timed; --innodb checks InnoDB full_crc32 page checksums\n"
    "  help CMD  the options of one command (same as CMD --help);\n"
    "            help all: every command's options in one text\n"
    "\n"
    "Needs: AF_ALG hash support (algif_hash) and crypto_user (libkcapi asks the\n"
    "kernel about each driver over NETLINK_CRYPTO): modprobe algif_hash crypto_user\n"
    "\n"
    "--alg: crc32c (default); crct10dif (CRC-T10DIF, polynomial 0x8BB7, MSB first,\n"
    "init 0, 2-byte digest in the CPU's byte order); crc64-rocksoft (CRC-64/NVME,\n"
    "reflected 0x9A6C9329AC4BC9B5, init and xorout ~0, 8-byte digest little-endian).\n"
    "crct10dif and crc64-rocksoft drivers have no key (no seeds in verify) and no\n"
    "userspace baselines; ratios are to their generic drivers. The kernel has\n"
    "their crypto API drivers up to 6.14 (Debian's 6.1 and 6.12), not from 6.15 on.\n";

constexpr std::string_view kList =
    "Prints every crc32c driver in /proc/crypto that user space can reach (not\n"
    "internal): driver, module, priority and self-test status, highest priority\n"
    "first, and marks with '*' the one \"crc32c\" resolves to: the highest-priority\n"
    "driver whose self-test passed. Reads /proc/crypto only (no AF_ALG needed).\n";

constexpr std::string_view kVerify =
    "Runs each driver over a fixed set of cases (lengths around 16, 256, 512,\n"
    "4K, 32K and 64K boundaries, up to several MiB; odd offsets, page-crossing\n"
    "buffers, seeds, streaming splits with empty updates) and a random set, and\n"
    "compares every digest with the tool's own software CRC (of --alg; keys only\n"
    "for crc32c, the others have none and their cases no seeds). A mismatch\n"
    "prints a reproducer line (driver, length, offset, seed, split, expected, got,\n"
    "and the --case that repeats it) and the exit code is 1.\n";

constexpr std::string_view kRun =
    "Measures each driver at each size, drivers interleaved trial by trial so\n"
    "they are compared under the same conditions. Each thread reuses one AF_ALG\n"
    "handle per driver and one buffer; every result is checked against the\n"
    "reference digest of that buffer (the buffer content changes each trial).\n"
    "Reports bytes/s and operations/s (min/median/max over the trials) and each\n"
    "driver's median relative to crc32c-generic (--alg: that algorithm's generic\n"
    "driver). A wrong result exits with 1.\n";

constexpr std::string_view kFile =
    "Computes the crc32c (--alg: that CRC) of each PATH through each driver and\n"
    "times it: bytes, seconds and GB/s (10^9 bytes/s) per driver and file; with\n"
    "--page-size, one CRC per page, and pages/s. Kernel drivers get the file by\n"
    "splice(2) from the file through a pipe into the AF_ALG socket, no copy\n"
    "through user space (\"transfer: splice\"); if the kernel refuses that, by read\n"
    "and send (\"transfer: read\", the reason printed). user: drivers and the\n"
    "reference read the file in 1 MiB windows into one buffer (\"transfer: read\"):\n"
    "memory stays bounded whatever the file's size. Every CRC is compared with\n"
    "the tool's own table code; a difference prints a reproducer and exits with 1.\n"
    "A file that changes size while it is hashed (truncated, written to) is an\n"
    "error: exit 8, the sizes named.\n"
    "\n"
    "PATH '-' is standard input: read once, each window handed to the reference\n"
    "and every driver in turn (one pass; no --repeat above 1, no --drop-cache,\n"
    "no --innodb). --format sum prints 'CRC  PATH' lines like sha256sum (a path\n"
    "with a newline or backslash escaped, the line starting with a backslash;\n"
    "--tag, -z as sha256sum's), each as its file is done; a file that cannot be\n"
    "read is reported, the rest are hashed, and the exit code is 1.\n"
    "--check LIST reads such lines and prints 'PATH: OK' or 'PATH: FAILED' (or\n"
    "'FAILED open or read', the cause on stderr), with WARNING summaries on\n"
    "stderr; exit 1 if a CRC did not match, a file could not be read or a driver\n"
    "disagreed. -q, --status, --strict, --ignore-missing and -w do what they do\n"
    "for sha256sum -c. --format sum and --check read each file once, as standard\n"
    "input is read (every driver still checked against the reference), unless\n"
    "--repeat or --drop-cache ask for timed passes of each driver's own.\n"
    "\n"
    "--innodb checks MariaDB InnoDB full_crc32 tablespaces: each page's last 4\n"
    "bytes (big-endian) must be the crc32c of the rest of the page. Pages of\n"
    "nothing but zero bytes are empty (never written) and not checked, as in\n"
    "innochecksum. Reports pages, valid, empty, invalid and every invalid page\n"
    "number; exit 1 if any page is invalid. Tablespaces in another checksum\n"
    "format, page_compressed or encrypted ones are refused (exit 2, the flag\n"
    "named), and so is --innodb with an --alg other than crc32c. A file whose\n"
    "size is not a multiple of the page size: exit 2.\n";

constexpr std::string_view kRunFooter =
    "Under an emulator (e.g. QEMU TCG) every table and file says the figures are\n"
    "emulated and not POWER performance.\n";

// CLI11's layout, with the usage first and the description under it, as
// man pages and GNU tools have them.
class HelpFormatter : public CLI::Formatter {
  public:
    HelpFormatter() { column_width(24); }
    std::string make_description(const CLI::App *) const override { return {}; }
    std::string make_usage(const CLI::App *app, std::string) const override {
        if (!app->get_parent())
            return fmt::format("Usage: crcbench-alg [OPTIONS] COMMAND [COMMAND OPTIONS]\n\n{}",
                               kGeneral);
        const std::string &name = app->get_name();
        return fmt::format("Usage: crcbench-alg {} [OPTIONS]{}\n\n{}", name,
                           name == "file" ? " PATH..." : "", app->get_description());
    }
};

} // namespace

std::string command_description(std::string_view command) {
    return std::string(command == "list"     ? kList
                       : command == "verify" ? kVerify
                       : command == "file"   ? kFile
                                             : kRun);
}

void configure_help(CLI::App &app) {
    app.formatter(std::make_shared<HelpFormatter>());
}

std::string help_text(std::string_view topic) {
    Options o;
    CommandLine cli(o);
    CLI::App &root = *cli.app;
    auto footer = [&](bool exit_codes) {
        for (std::string_view c : kCommandNames)
            root.get_subcommand(std::string(c))
                ->footer(fmt::format("{}{}", c == "run" ? kRunFooter : "",
                                     exit_codes ? kExitCodeHelp : ""));
        root.footer(exit_codes ? std::string(kExitCodeHelp) : "");
    };
    if (topic == "all") { // headings ending in ':' become man page sections
        footer(false);
        std::string out = root.help();
        for (std::string_view c : kCommandNames)
            out +=
                fmt::format("The {} command:\n{}", c, root.get_subcommand(std::string(c))->help());
        return out + std::string(kExitCodeHelp);
    }
    footer(true);
    return (topic.empty() ? &root : root.get_subcommand(std::string(topic)))->help();
}

} // namespace crcbench
