// SPDX-License-Identifier: GPL-2.0-only
#include "system_info.h"
#include "text.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace crcbench;

namespace {
// Points the reader at a fixture tree for one test.
class MachineRoot {
  public:
    explicit MachineRoot(const std::string &dir) {
        setenv("CRCBENCH_MACHINE_ROOT", dir.c_str(), 1);
    }
    ~MachineRoot() { unsetenv("CRCBENCH_MACHINE_ROOT"); }
};
} // namespace

TEST(MachineState, ParsesLparcfgAndCpuinfoClock) {
    std::string lpar = "lparcfg 1.9\npartition_entitled_capacity=250\nshared_processor_mode=1\n";
    EXPECT_EQ(keyed_value(lpar, "shared_processor_mode", '='), "1");
    EXPECT_EQ(keyed_value(lpar, "partition_entitled_capacity", '='), "250");
    EXPECT_FALSE(keyed_value(lpar, "capped", '='));
    EXPECT_EQ(keyed_value("cpu\t\t: POWER9\nclock\t\t: 2750.000000MHz\n", "clock", ':'),
              "2750.000000MHz");
    EXPECT_FALSE(keyed_value("model name\t: x86\ncpu MHz\t\t: 2000.0\n", "clock", ':'));
}

TEST(MachineState, ReadsAPowerLpar) {
    MachineRoot root(CRCBENCH_FIXTURES "/machine-power9-lpar");
    MachineState m = read_machine_state();
    EXPECT_EQ(m.cpus_online, "0-15");
    EXPECT_EQ(m.cpufreq_governor, "performance");
    EXPECT_FALSE(m.cpufreq_cur_khz); // absent in the fixture: recorded as absent
    EXPECT_EQ(m.cpuinfo_clock, "2750.000000MHz");
    EXPECT_EQ(m.smt_control, "on");
    EXPECT_EQ(m.smt_active, "1");
    EXPECT_EQ(m.thread_siblings, "0-7");
    EXPECT_EQ(m.lpar_shared_mode, "1");
    EXPECT_EQ(m.lpar_entitlement, "250");
    EXPECT_EQ(m.lpar_capped, "0");
    EXPECT_EQ(m.loadavg, "0.52 0.48 0.40");
    ASSERT_TRUE(m.vulnerabilities);
    EXPECT_EQ(m.vulnerabilities->size(), 3u);
    EXPECT_EQ(m.vulnerabilities->at("mds"), "Not affected");
    EXPECT_EQ(m.vulnerabilities->at("meltdown"), "Mitigation: RFI Flush, L1D private per thread");
}

TEST(MachineState, EverythingAbsentIsRecordedNotFatal) {
    MachineRoot root("/nonexistent-crcbench-root");
    MachineState m = read_machine_state();
    for (const auto &[name, value] : machine_state_items(m))
        EXPECT_FALSE(*value) << name;
    EXPECT_FALSE(m.vulnerabilities);
}
