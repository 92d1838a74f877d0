#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Harness self-test: a set that fails before printing any test result (as a
# set does when crc32c_vmx cannot be loaded) must fail the run.
echo "cannot load crc32c_vmx: simulated failure before any test ran"
exit 1
