// SPDX-License-Identifier: GPL-2.0-only
#include "cli.h"

#include <iostream>
#include <string>
#include <vector>

int main(int argc, char **argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    return constgen::run(args, std::cout, std::cerr);
}
