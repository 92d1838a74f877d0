#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Harness self-test (debug kernel): a module that leaks memory when it is
# unloaded while every test passes must fail the run (/init's kmemleak scan).
modprobe harness_leak && rmmod harness_leak
echo "1..1"
echo "ok 1 this test passes, but a module leaked"
