#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Harness self-test: a kernel WARNING while every test passes must fail the run.
modprobe harness_warn
echo "ok 1 this test passes, but the kernel warned"
