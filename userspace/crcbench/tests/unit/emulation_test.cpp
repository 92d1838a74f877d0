// SPDX-License-Identifier: GPL-2.0-only
#include "error.h"
#include "fixtures.h"
#include "system_info.h"
#include "text.h"

#include <gtest/gtest.h>

using namespace crcbench;

TEST(Emulation, QemuPseriesWithoutKvmIsTcg) {
    auto info =
        detect_emulation(tst::fixture("cpuinfo-qemu-pseries-power8.txt"), std::nullopt, true);
    EXPECT_EQ(info.kind, Emulation::qemu_tcg);
    EXPECT_TRUE(info.emulated());
}

TEST(Emulation, QemuPseriesUnderKvmIsNotEmulated) {
    std::string compat("linux,kvm\0", 10);
    auto info = detect_emulation(tst::fixture("cpuinfo-qemu-pseries-power8.txt"),
                                 std::string_view(compat), true);
    EXPECT_EQ(info.kind, Emulation::qemu_kvm);
    EXPECT_FALSE(info.emulated());
}

TEST(Emulation, OnlyTheModelLineIsEnough) {
    auto info = detect_emulation("cpu : POWER9\nmodel : IBM pSeries (emulated by qemu)\n",
                                 std::nullopt, true);
    EXPECT_EQ(info.kind, Emulation::qemu_tcg);
}

TEST(Emulation, RealPowerIsNotEmulated) {
    auto info = detect_emulation(tst::fixture("cpuinfo-powernv-power9.txt"), std::nullopt, true);
    EXPECT_EQ(info.kind, Emulation::none);
    EXPECT_FALSE(info.emulated());
}

TEST(Emulation, PowerBinaryOnX86CpuinfoIsQemuUser) {
    auto x86 = tst::fixture("cpuinfo-x86.txt");
    EXPECT_EQ(detect_emulation(x86, std::nullopt, true).kind, Emulation::qemu_user);
    EXPECT_EQ(detect_emulation(x86, std::nullopt, false).kind, Emulation::none);
    EXPECT_EQ(detect_emulation("", std::nullopt, true).kind, Emulation::qemu_user);
}

TEST(Emulation, Overrides) {
    EmulationInfo tcg{Emulation::qemu_tcg, "tcg"};
    EXPECT_EQ(apply_emulation_override(tcg, "").kind, Emulation::qemu_tcg);
    EXPECT_EQ(apply_emulation_override(tcg, "auto").kind, Emulation::qemu_tcg);
    EXPECT_FALSE(apply_emulation_override(tcg, "no").emulated());
    EXPECT_FALSE(apply_emulation_override(tcg, "0").emulated());
    EXPECT_TRUE(apply_emulation_override(EmulationInfo{}, "yes").emulated());
    EXPECT_TRUE(apply_emulation_override(EmulationInfo{}, "1").emulated());
    EXPECT_THROW(apply_emulation_override(tcg, "maybe"), UsageError);
}

TEST(Emulation, CpuModel) {
    EXPECT_EQ(cpu_model(tst::fixture("cpuinfo-qemu-pseries-power8.txt")),
              "POWER8 (architected), altivec supported");
    EXPECT_EQ(cpu_model(tst::fixture("cpuinfo-x86.txt")), "Intel(R) Xeon(R) CPU @ 2.20GHz");
    EXPECT_EQ(cpu_model(""), "unknown");
    EXPECT_EQ(keyed_value("a\t: b \nmachine\t\t: x y\n", "machine", ':'), "x y");
    EXPECT_FALSE(keyed_value("cpu MHz : 1\n", "cpu", ':'));
}
