#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Harness self-test: a kernel crash must fail the run (guest dies, no end marker).
echo c >/proc/sysrq-trigger
