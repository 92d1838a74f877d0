#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Harness self-test: skips count as failures unless allowlisted, both a
# top-level "# SKIP" and a test whose nested results skip.
echo "TAP version 13"
echo "1..3"
echo "ok 1 first"
echo "ok 2 second # SKIP premise missing"
echo "# TAP version 13"
echo "# 1..0 # SKIP crc32c_vmx is not loaded"
echo "ok 3 third"
